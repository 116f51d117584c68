import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenGuide } from './screen-guide';
import { SystemOverview } from './system-overview';

function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {t('help.title')}
      </Title>
      <Paper withBorder radius="md" p="xs">
        <SystemOverview />
      </Paper>
      <ScreenGuide />
    </Stack>
  );
}

/** /help: the graphical system description and a guide to the screens. */
export const helpRoute: RouteObject = { path: 'help', element: <HelpPage /> };
