import type { DeltaReportType } from '@dp/contract';
import { Button, Checkbox, Grid, Group, Progress, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconFileTypeHtml, IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackups } from '../api/backups';
import { useTransferred } from '../api/transfers';
import { formatDateTime } from '../format';
import {
  choicesOfBackups,
  choicesOfTransferredToLive,
  deltaPair,
  pointInTimeOf,
  type BackupChoice,
  type DeltaSelection,
} from '../selection';
import { useDeltaDownload } from '../use-delta-download';
import { BackupList } from './backup-list';
import { ConfirmDialog } from './confirm-dialog';
import { DatabasePageHeader } from './database-page-header';

const EMPTY: DeltaSelection = { bkp1: null, actual: false, bkp2: null };

/** SPEC 2 'Delta report': two states, a Yes/No question, then the PDF or HTML file with its progress. */
export function DeltaReportScreen({ pollMs }: { pollMs?: number }) {
  const { t } = useTranslation();
  const [onlyTransferred, setOnlyTransferred] = useState(false);
  const [selection, setSelection] = useState<DeltaSelection>(EMPTY);
  const [asking, setAsking] = useState<DeltaReportType | null>(null);
  const backups = useBackups();
  const transferred = useTransferred(onlyTransferred);
  const { state, start } = useDeltaDownload(pollMs);

  const choices = useMemo<BackupChoice[]>(
    () => (onlyTransferred ? choicesOfTransferredToLive(transferred.data ?? []) : choicesOfBackups(backups.data ?? [])),
    [onlyTransferred, transferred.data, backups.data],
  );
  const loading = onlyTransferred ? transferred.isPending : backups.isPending;
  const pair = deltaPair(selection);
  const working = state.phase === 'working';
  const labelOf = (name: string) => {
    if (name === 'actual') return t('database.actualState');
    if (name.startsWith('@')) return formatDateTime(name.slice(1));
    const choice = choices.find((c) => c.name === name);
    return choice ? formatDateTime(choice.created) : name;
  };

  // 'A point in time' of one side; the history has no transfers, so it is offered only beside all backups.
  const pointInput = (side: 'at1' | 'at2', label: string) => (
    <TextInput
      type="datetime-local"
      step={1}
      label={label}
      description={t('database.deltaReport.pointInTimeHint')}
      value={selection[side] ?? ''}
      onChange={(event) => setSelection({ ...selection, [side]: event.currentTarget.value })}
      error={selection[side] && !pointInTimeOf(selection[side]) ? t('database.deltaReport.pointInTimeInvalid') : null}
      disabled={working || onlyTransferred || (side === 'at1' && selection.actual)}
      data-testid={`delta-${side}`}
    />
  );

  const confirm = () => {
    if (!asking || 'problem' in pair) return;
    const type = asking;
    setAsking(null);
    void start({ ...pair, type, compareTransferred: onlyTransferred });
  };

  return (
    <Stack gap="md">
      <DatabasePageHeader page="deltaReport" />
      <Switch
        label={t('database.deltaReport.onlyTransferred')}
        checked={onlyTransferred}
        onChange={(event) => {
          setOnlyTransferred(event.currentTarget.checked);
          // The other list holds other backups: start again.
          setSelection(EMPTY);
        }}
        disabled={working}
        data-testid="delta-only-transferred"
      />
      <Grid gap="lg" maw={960}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <BackupList
            label={t('database.deltaReport.backup1')}
            header={
              <Checkbox
                label={t('database.actualState')}
                checked={selection.actual}
                onChange={(event) => setSelection({ ...selection, actual: event.currentTarget.checked })}
                disabled={working}
                data-testid="delta-actual"
              />
            }
            choices={choices}
            value={selection.actual || selection.at1 ? null : selection.bkp1}
            onChange={(name) => setSelection({ ...selection, bkp1: name })}
            loading={loading}
            disabled={selection.actual || Boolean(selection.at1) || working}
            testId="delta-backup1"
          />
          {pointInput('at1', t('database.deltaReport.pointInTime1'))}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <BackupList
            label={t('database.deltaReport.backup2')}
            choices={choices}
            value={selection.at2 ? null : selection.bkp2}
            onChange={(name) => setSelection({ ...selection, bkp2: name })}
            loading={loading}
            disabled={Boolean(selection.at2) || working}
            testId="delta-backup2"
          />
          {pointInput('at2', t('database.deltaReport.pointInTime2'))}
        </Grid.Col>
      </Grid>
      {'problem' in pair && (
        <Text size="sm" c={pair.problem === 'same' ? 'red' : 'dimmed'} data-testid="delta-hint">
          {t(pair.problem === 'same' ? 'database.deltaReport.same' : 'database.deltaReport.incomplete')}
        </Text>
      )}
      <Group gap="sm">
        {(['pdf', 'html'] as const).map((type) => (
          <Button
            key={type}
            onClick={() => setAsking(type)}
            disabled={'problem' in pair || working}
            loading={working && state.type === type}
            leftSection={
              type === 'pdf' ? <IconFileTypePdf size={18} aria-hidden /> : <IconFileTypeHtml size={18} aria-hidden />
            }
            data-testid={`delta-download-${type}`}
          >
            {t(type === 'pdf' ? 'database.deltaReport.downloadPdf' : 'database.deltaReport.downloadHtml')}
          </Button>
        ))}
      </Group>
      {state.phase !== 'idle' && (
        <Stack gap={4} maw={560} data-testid="delta-progress">
          <Text size="sm" aria-live="polite">
            {state.phase === 'done'
              ? t('database.deltaReport.done')
              : t('database.deltaReport.progress', { progress: state.progress })}
          </Text>
          <Progress
            value={state.progress}
            animated={working}
            size="lg"
            aria-label={t('database.deltaReport.progressLabel')}
          />
        </Stack>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={t('database.deltaReport.confirmTitle')}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        testId="delta-confirm"
      >
        {!('problem' in pair) && asking && (
          <Text>
            {t('database.deltaReport.confirm', {
              from: labelOf(pair.bkp1),
              to: labelOf(pair.bkp2),
              type: asking.toUpperCase(),
            })}
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
