import type { BackupInfo } from '@dp/contract';
import { ActionIcon, Alert, Button, FileButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDatabasePlus, IconDownload, IconRestore, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteBackup, downloadBackup, takeBackup, uploadBackup, useBackups } from '../api/backups';
import { databaseKeys } from '../api/keys';
import { formatDateTime, formatSize } from '../format';
import { TransferBadges } from './backup-list';
import { ConfirmDialog } from './confirm-dialog';
import { useRestore, type RestoreChoice } from './restore';
import { DatabasePageHeader } from './database-page-header';
import { DatabaseTable } from './database-table';

/** Delete with a second click ('Really delete?', SPEC 2); Escape or leaving the button cancels. */
function DeleteBackupButton({ name, onDelete, busy }: { name: string; onDelete: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <Button
        size="compact-sm"
        color="red"
        autoFocus
        onClick={() => {
          setConfirming(false);
          onDelete();
        }}
        onBlur={() => setConfirming(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setConfirming(false);
        }}
        data-testid="backup-delete-confirm"
      >
        {t('database.backups.reallyDelete')}
      </Button>
    );
  }
  return (
    <Tooltip label={t('database.backups.delete', { name })}>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => setConfirming(true)}
        loading={busy}
        aria-label={t('database.backups.delete', { name })}
        data-testid="backup-delete"
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

interface BackupRowProps {
  backup: BackupInfo;
  onNotice: (text: string) => void;
  onRestore: (choice: RestoreChoice) => void;
}

function BackupRow({ backup, onNotice, onRestore }: BackupRowProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const download = useMutation({ mutationFn: () => downloadBackup(backup.name) });
  const remove = useMutation({
    mutationFn: () => deleteBackup(backup.name),
    onSuccess: async () => {
      onNotice(t('database.backups.deleted', { name: backup.name }));
      await queryClient.invalidateQueries({ queryKey: databaseKeys.backups });
    },
  });
  return (
    <Table.Tr data-testid="backup-row" data-name={backup.name}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(backup.created)}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {backup.name}
        </Text>
      </Table.Td>
      <Table.Td>{t(`database.origins.${backup.origin}`, { by: backup.created_by })}</Table.Td>
      <Table.Td>{formatSize(backup.size)}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          <TransferBadges transfers={backup.transfers} />
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('database.backups.download', { name: backup.name })}>
            <ActionIcon
              variant="subtle"
              onClick={() => download.mutate()}
              loading={download.isPending}
              aria-label={t('database.backups.download', { name: backup.name })}
              data-testid="backup-download"
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('database.restore.backupAction', { name: backup.name })}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() =>
                onRestore({
                  bkp: backup.name,
                  label: t('database.restore.backup', { name: backup.name, created: formatDateTime(backup.created) }),
                })
              }
              aria-label={t('database.restore.backupAction', { name: backup.name })}
              data-testid="backup-restore"
            >
              <IconRestore size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <DeleteBackupButton name={backup.name} onDelete={() => remove.mutate()} busy={remove.isPending} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Backups: take one now, download one as a file, upload such a file back, delete one. */
export function BackupsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const backups = useBackups();
  const [notice, setNotice] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // Cleared after each choice, so that the same file can be chosen again.
  const resetFile = useRef<() => void>(null);
  const closeUpload = () => {
    setFile(null);
    resetFile.current?.();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: databaseKeys.backups });
  const restore = useRestore();

  const take = useMutation({
    mutationFn: takeBackup,
    onMutate: () => setNotice(null),
    onSuccess: async (backup) => {
      setNotice(t('database.backups.taken', { name: backup.name }));
      await refresh();
    },
  });
  const upload = useMutation({
    mutationFn: uploadBackup,
    onMutate: () => setNotice(null),
    onSuccess: async (backup) => {
      setNotice(t('database.backups.uploaded', { name: backup.name }));
      await refresh();
    },
  });

  return (
    <Stack gap="md">
      <DatabasePageHeader page="backups" />
      <Group gap="sm">
        <Button
          onClick={() => take.mutate()}
          loading={take.isPending}
          leftSection={<IconDatabasePlus size={18} aria-hidden />}
          data-testid="backup-take"
        >
          {t('database.backups.takeNow')}
        </Button>
        <FileButton
          onChange={setFile}
          resetRef={resetFile}
          accept=".dpbackup,application/gzip,application/octet-stream"
          inputProps={{ 'data-testid': 'backup-upload-input' } as ComponentProps<'input'>}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={upload.isPending}
              leftSection={<IconUpload size={18} aria-hidden />}
              data-testid="backup-upload"
            >
              {t('database.backups.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {restore.view}
      {notice && (
        <Alert
          color="green"
          withCloseButton
          closeButtonLabel={t('error.dismiss')}
          onClose={() => setNotice(null)}
          data-testid="backup-notice"
        >
          {notice}
        </Alert>
      )}
      <DatabaseTable
        columns={[
          t('database.backups.columns.created'),
          t('database.backups.columns.name'),
          t('database.backups.columns.origin'),
          t('database.backups.columns.size'),
          t('database.backups.columns.transfers'),
          t('database.backups.columns.actions'),
        ]}
        loading={backups.isPending}
        empty={(backups.data ?? []).length === 0}
        emptyText={t('database.noBackups')}
        emptyTestId="backups-empty"
        minWidth={720}
        testId="backups-table"
        highlightOnHover
      >
        {(backups.data ?? []).map((backup) => (
          <BackupRow key={backup.name} backup={backup} onNotice={setNotice} onRestore={restore.ask} />
        ))}
      </DatabaseTable>
      <ConfirmDialog
        opened={file !== null}
        title={t('database.backups.uploadTitle')}
        onConfirm={() => {
          if (file) upload.mutate(file);
          closeUpload();
        }}
        onCancel={closeUpload}
        testId="backup-upload-confirm"
      >
        {file && <Text>{t('database.backups.uploadConfirm', { file: file.name, size: formatSize(file.size) })}</Text>}
      </ConfirmDialog>
    </Stack>
  );
}
