import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenGuide } from './screen-guide';
import { SystemOverview } from './system-overview';

/** /help: the graphical system description and a guide to the screens. */
export function HelpPage() {
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
