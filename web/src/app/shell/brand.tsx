import { Anchor, Badge, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import logo from '../../assets/logo.svg';

/** Company logo, product name, version and, on the demo deployment, the Demo label. */
export function Brand({ version, demo }: { version: string; demo: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} to="/" underline="never" c="inherit">
        <Group gap="xs" wrap="nowrap">
          <Image src={logo} alt="" w={36} h={36} />
          <Stack gap={0}>
            <Text fw={700} c="blue.9" lh={1.2} visibleFrom="xs">
              {t('app.name')}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2} data-testid="app-version">
              {t('app.version', { version })}
            </Text>
          </Stack>
        </Group>
      </Anchor>
      {demo && (
        <Badge color="orange" variant="filled" size="lg" data-testid="demo-label">
          {t('app.demo')}
        </Badge>
      )}
    </Group>
  );
}
