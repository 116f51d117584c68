import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and one line for a screen whose content a later issue builds. */
export function ScreenPlaceholder({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
      {children}
    </Stack>
  );
}
