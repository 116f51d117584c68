import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { historyPath, type HistoryTarget } from '../../lib/history-link';

/** A row's History action: the history screen filtered to the row's entity. */
export function HistoryAction({ target }: { target: HistoryTarget | null }) {
  const { t } = useTranslation();
  if (!target) return null;
  return (
    <Tooltip label={t('table.history')}>
      <ActionIcon component={Link} to={historyPath(target)} variant="subtle" aria-label={t('table.history')}>
        <IconHistory size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
