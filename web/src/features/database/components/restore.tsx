import type { RestoreResult } from '@dp/contract';
import { Alert, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { ConfirmDialog } from './confirm-dialog';

/** What the admin typed to confirm; the same word in every language, as the issue asks. */
const CONFIRM_WORD = 'RESTORE';

/** A restore takes a backup first and replaces every table: far longer than an ordinary call. */
const RESTORE_TIMEOUT_MS = 600_000;

/** What a restore brings back: a backup's name or `@<ISO time>`, and how the dialog names it. */
export interface RestoreChoice {
  bkp: string;
  label: string;
}

/** The point in time just before a change recorded at `at` (its state before), as POST /api/db/restore wants it. */
export function justBefore(at: string): string {
  return `@${new Date(Date.parse(at) - 1).toISOString()}`;
}

/**
 * Restoring work (issue 41): `ask` opens a dialog that names what comes back and needs RESTORE typed,
 * then POST /api/db/restore; `view` (the dialog, the progress and the outcome) goes where the screen
 * shows its messages. Every cached answer is reloaded afterwards: all data may have changed.
 */
export function useRestore() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<RestoreChoice | null>(null);
  const [typed, setTyped] = useState('');
  const restore = useMutation({
    mutationFn: (choice: RestoreChoice) =>
      api.post<RestoreResult>('/api/db/restore', { bkp: choice.bkp }, { timeoutMs: RESTORE_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries(),
    // The outcome is shown here, beside the action, not in the error banner.
    meta: { banner: false },
  });
  const matches = typed.trim() === CONFIRM_WORD;
  const close = () => {
    setTyped('');
    setAsked(null);
  };
  const confirm = () => {
    if (!asked || !matches) return;
    restore.mutate(asked);
    close();
  };
  const ask = (choice: RestoreChoice) => {
    restore.reset();
    setAsked(choice);
  };

  const view = (
    <>
      {restore.isPending && (
        <Alert color="blue" data-testid="restore-progress">
          <Group gap="sm">
            <Loader size="sm" role="status" aria-label={t('database.restore.running')} />
            <Text size="sm">{t('database.restore.runningWhat', { what: restore.variables.label })}</Text>
          </Group>
        </Alert>
      )}
      {restore.isSuccess && (
        <Alert
          color="green"
          withCloseButton
          closeButtonLabel={t('error.dismiss')}
          onClose={() => restore.reset()}
          data-testid="restore-done"
        >
          {t('database.restore.done', { what: restore.variables.label, backup: restore.data.backup })}
        </Alert>
      )}
      {restore.isError && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('error.dismiss')}
          onClose={() => restore.reset()}
          data-testid="restore-failed"
        >
          {t('database.restore.failed', { message: restore.error.message })}
        </Alert>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={t('database.restore.title')}
        confirmLabel={t('database.restore.submit')}
        cancelLabel={t('database.restore.cancel')}
        confirmColor="red"
        confirmDisabled={!matches}
        onConfirm={confirm}
        onCancel={close}
        testId="restore-confirm"
      >
        <Text>{t('database.restore.what', { what: asked?.label ?? '' })}</Text>
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
          <Text size="sm">{t('database.restore.warning')}</Text>
        </Alert>
        <TextInput
          label={t('database.restore.typeToConfirm', { word: CONFIRM_WORD })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
          autoComplete="off"
          data-testid="restore-confirm-input"
        />
      </ConfirmDialog>
    </>
  );
  return { ask, view, busy: restore.isPending };
}
