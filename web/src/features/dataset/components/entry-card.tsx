import type { DatasetEntry } from '@dp/contract';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, HistoryAction } from '../../../components/editable-table';
import { useAfterWrite } from '../../../lib/data-freshness';
import { historyOfHref } from '../../../lib/history-link';
import { deleteEntry } from '../api/delete-entry';
import { datasetKeys } from '../api/keys';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { RichTextView } from './rich-text-view';

interface EntryCardProps {
  entry: DatasetEntry;
  /** Admins on the work instance: edit and delete buttons. */
  writable: boolean;
  /** This entry is open in the editor. */
  editing: boolean;
  onEdit: () => void;
  /** Admins: a History action opens the entry's history. */
  withHistory: boolean;
}

/** One data-state entry: author, creation and modification time (SPEC 9 format), the text. */
export function EntryCard({ entry, writable, editing, onEdit, withHistory }: EntryCardProps) {
  const { t } = useTranslation();
  const afterWrite = useAfterWrite();
  const remove = useMutation({
    mutationFn: () => deleteEntry(entry),
    // A failure (412: changed meanwhile, 404: already gone) is said on the entry itself.
    meta: { banner: false },
    onSettled: () => afterWrite([datasetKeys.entries]),
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="dataset-entry"
      bd={editing ? '2px solid var(--mantine-primary-color-filled)' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0}>
            <Text fw={600} data-testid="dataset-entry-author">
              {entry.username}
            </Text>
            <Text size="sm" c="dimmed" data-testid="dataset-entry-times">
              {t('dataset.created', { time: formatDateTime(entry.creation_time) })} ·{' '}
              {t('dataset.modified', { time: formatDateTime(entry.modification_time) })}
            </Text>
          </Stack>
          <Group gap="xs">
            {withHistory && <HistoryAction target={historyOfHref(entry)} />}
            {writable && (
              <>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={onEdit}
                  disabled={editing}
                  data-testid="dataset-entry-edit"
                >
                  {t('dataset.edit')}
                </Button>
                <ConfirmDeleteButton
                  onConfirm={() => remove.mutate()}
                  loading={remove.isPending}
                  testId="dataset-entry-delete"
                />
              </>
            )}
          </Group>
        </Group>
        {remove.error && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            onClose={() => remove.reset()}
            closeButtonLabel={t('error.dismiss')}
          >
            {remove.error.message}
          </Alert>
        )}
        <RichTextView html={entry.description} />
      </Stack>
    </Paper>
  );
}
