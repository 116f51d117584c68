import type { ReleaseHistory } from '@dp/contract';
import { Badge, Group, List, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A version history from the server's release-notes files, newest version first, as text. */
export function HistoryView({
  history,
  below,
}: {
  history: ReleaseHistory;
  /** What a version gets beneath its changes. */ below?: (version: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // The history is written in one language whatever the UI's (German external, English internal).
    <Stack gap="sm" lang={history.language} data-testid="release-history">
      <Title order={2} size="h3">
        {history.title}
      </Title>
      {history.versions.map((version) => (
        <Stack key={version.version} gap={4} data-testid="release-version">
          <Group gap="xs">
            <Title order={3} size="h5">
              {version.version}
            </Title>
            {version.date && (
              <Badge variant="light" color="gray" size="sm">
                {version.date}
              </Badge>
            )}
            {version.version === history.versions[0]?.version && (
              <Badge variant="light" size="sm" lang={undefined}>
                {t('infos.current')}
              </Badge>
            )}
          </Group>
          <List size="sm" spacing={2}>
            {version.changes.map((change, index) => (
              <List.Item key={index}>{change}</List.Item>
            ))}
          </List>
          {below?.(version.version)}
        </Stack>
      ))}
    </Stack>
  );
}
