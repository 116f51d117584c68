import { Center, Loader, Stack, Text } from '@mantine/core';

/** A spinner with a sentence saying what is awaited; announced politely to screen readers. */
export function CenteredLoader({ label, fullScreen = false }: { label: string; fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100vh' : '40vh'} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
