import { Image, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import systemOverview from '../../assets/system-overview.svg';

function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('help.title')}
      </Title>
      <Paper withBorder radius="md" p="xs" maw={1200}>
        <Image src={systemOverview} alt={t('help.imageAlt')} data-testid="system-overview" />
      </Paper>
    </Stack>
  );
}

/** /help: the graphical system description. */
export const helpRoute: RouteObject = { path: 'help', element: <HelpPage /> };
