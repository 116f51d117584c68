import {
  ACTUAL_STATE,
  type ConsistencyFinding,
  type TransferRecord,
  type TransferRequest,
  type TransferTarget,
} from '@dp/contract';
import { Alert, Anchor, Button, Checkbox, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconDatabaseExport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lostFocusTarget } from '../../../components/take-lost-focus';
import { isApiFailure, toFailure } from '../../../lib/api-failure';
import { useBackups } from '../api/backups';
import { databaseKeys } from '../api/keys';
import { transferOrRequest, useTransferred, useTransferTargets } from '../api/transfers';
import { formatDateTime } from '../format';
import { choicesOfBackups, transferState } from '../selection';
import { BackupList } from './backup-list';
import { PublishRequests } from './publish-requests';
import { TransferConfirmDialog } from './transfer-confirm-dialog';
import { DatabasePageHeader } from './database-page-header';
import { DatabaseTable } from './database-table';

/** SPEC 2 'Transfer': LIVE as the main action, DEMO in red. */
const BUTTONS: {
  to: TransferTarget;
  label: 'database.transfer.toLive' | 'database.transfer.toDemo';
  color?: string;
}[] = [
  { to: 'www', label: 'database.transfer.toLive' },
  { to: 'demo', label: 'database.transfer.toDemo', color: 'red' },
];

/** The error findings a transfer to live was refused for (409 `transfer.findings`, issue 43), or null. */
function findingsOf(error: unknown): ConsistencyFinding[] | null {
  if (!isApiFailure(error) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; findings?: unknown } | undefined;
  return body?.code === 'transfer.findings' && Array.isArray(body.findings)
    ? (body.findings as ConsistencyFinding[])
    : null;
}

/** How many findings the refusal lists on screen; the consistency screen has them all. */
const FINDINGS_SHOWN = 20;

function TransferHistory({ records, loading }: { records: TransferRecord[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('database.transfer.history')}
      </Title>
      <DatabaseTable
        columns={[
          t('database.transfer.columns.at'),
          t('database.transfer.columns.by'),
          t('database.transfer.columns.state'),
          t('database.transfer.columns.target'),
        ]}
        loading={loading}
        empty={records.length === 0}
        emptyText={t('database.transfer.noHistory')}
        emptyTestId="transfer-history-empty"
        minWidth={640}
        testId="transfer-history"
        // On a phone the table scrolls sideways; it holds nothing focusable, so the keyboard scrolls its region.
        scrollRegionLabel={t('database.transfer.history')}
      >
        {records.map((record) => (
          <Table.Tr key={`${record.at}-${record.to}-${record.name}`} data-testid="transfer-history-row">
            <Table.Td>{formatDateTime(record.at)}</Table.Td>
            <Table.Td>{record.by}</Table.Td>
            <Table.Td>
              {t('database.transfer.backupState', { date: formatDateTime(record.created), name: record.name })}
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} span>
                {t(`database.targets.${record.to}`)}
              </Text>{' '}
              <Text size="xs" c="dimmed" span style={{ wordBreak: 'break-all' }}>
                {record.url}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </DatabaseTable>
    </Stack>
  );
}

/** SPEC 2 'Transfer': publish a backup or the actual state to LIVE or DEMO, with a record of past transfers. */
export function TransferScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const backups = useBackups();
  const transferred = useTransferred();
  const targets = useTransferTargets();
  const [actual, setActual] = useState(false);
  const [backup, setBackup] = useState<string | null>(null);
  const [asking, setAsking] = useState<TransferTarget | null>(null);

  const choices = useMemo(() => choicesOfBackups(backups.data ?? []), [backups.data]);
  const state = transferState({ actual, backup });
  const urlOf = (to: TransferTarget) => targets.data?.targets.find((target) => target.to === to)?.url ?? null;
  const stateLabel = (() => {
    if (state === ACTUAL_STATE) return t('database.transfer.actualState');
    const choice = choices.find((c) => c.name === state);
    return choice
      ? t('database.transfer.backupState', { date: formatDateTime(choice.created), name: choice.name })
      : (state ?? '');
  })();

  const transfer = useMutation({
    mutationFn: (request: TransferRequest) => transferOrRequest(request),
    // The screen says what went wrong next to the buttons (target unreachable, token refused, …).
    meta: { banner: false },
    onSettled: () =>
      Promise.all(
        [databaseKeys.backups, databaseKeys.transferred, databaseKeys.publishRequests].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  const running = transfer.isPending;
  const runningTo = transfer.variables?.to;
  const askingUrl = asking ? urlOf(asking) : null;
  const findings = findingsOf(transfer.error);

  return (
    <Stack gap="md">
      <DatabasePageHeader page="transfer" />
      <BackupList
        label={t('database.transfer.backups')}
        header={
          <Checkbox
            label={t('database.actualState')}
            checked={actual}
            onChange={(event) => setActual(event.currentTarget.checked)}
            disabled={running}
            data-testid="transfer-actual"
          />
        }
        choices={choices}
        value={actual ? null : backup}
        onChange={setBackup}
        loading={backups.isPending}
        disabled={actual || running}
        testId="transfer-backup"
      />
      {state === null && (
        <Text size="sm" c="dimmed" data-testid="transfer-hint">
          {t('database.transfer.incomplete')}
        </Text>
      )}
      <Group gap="lg" align="flex-start">
        {BUTTONS.map(({ to, label, color }) => {
          const url = urlOf(to);
          return (
            <Stack key={to} gap={4}>
              <Button
                color={color}
                onClick={() => {
                  transfer.reset();
                  setAsking(to);
                }}
                disabled={state === null || url === null || running}
                loading={running && runningTo === to}
                leftSection={<IconDatabaseExport size={18} aria-hidden />}
                data-testid={`transfer-${to}`}
              >
                {t(label)}
              </Button>
              <Text size="xs" c="dimmed" data-testid={`transfer-${to}-url`} style={{ wordBreak: 'break-all' }}>
                {targets.isPending
                  ? t('app.loading')
                  : (url ?? t('database.transfer.notConfigured', { target: t(`database.targets.${to}`) }))}
              </Text>
            </Stack>
          );
        })}
      </Group>
      {running && runningTo && (
        <Alert color="blue" icon={<Loader size="xs" />} role="status" data-testid="transfer-running">
          {t('database.transfer.running', { target: t(`database.targets.${runningTo}`) })}
        </Alert>
      )}
      {transfer.isSuccess && 'status' in transfer.data && (
        <Alert color="blue" title={t('database.publish.requested')} role="alert" data-testid="publish-requested">
          {t('database.publish.requestedDetails', { name: transfer.data.backup })}
        </Alert>
      )}
      {transfer.isSuccess && !('status' in transfer.data) && (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          title={transfer.data.message}
          role="alert"
          data-testid="transfer-complete"
          {...lostFocusTarget}
        >
          {t('database.transfer.completeDetails', {
            name: transfer.data.name,
            target: t(`database.targets.${transfer.data.to}`),
            url: transfer.data.url,
            date: formatDateTime(transfer.data.at),
          })}
        </Alert>
      )}
      {findings && transfer.variables && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('database.transfer.findingsTitle')}
          role="alert"
          data-testid="transfer-findings"
          {...lostFocusTarget}
        >
          <Stack gap="xs">
            <Text size="sm">{toFailure(transfer.error).message}</Text>
            <List size="sm" spacing={2}>
              {findings.slice(0, FINDINGS_SHOWN).map((finding) => (
                <List.Item key={finding.hrefs.join(' ')}>
                  {finding.message}{' '}
                  <Anchor component={Link} to={finding.fix} size="sm">
                    {t('database.consistency.fix')}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Group>
              <Button
                color="orange"
                onClick={() => {
                  const request = transfer.variables;
                  if (request) transfer.mutate({ ...request, accept_findings: true });
                }}
                data-testid="transfer-accept-findings"
              >
                {t('database.transfer.acceptFindings')}
              </Button>
              <Anchor component={Link} to="/database/consistency" size="sm">
                {t('database.transfer.openConsistency')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}
      {transfer.isError && !findings && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('database.transfer.failedTitle')}
          role="alert"
          data-testid="transfer-failed"
          {...lostFocusTarget}
        >
          {toFailure(transfer.error).message}
        </Alert>
      )}
      {targets.data?.approval && <PublishRequests />}
      <TransferHistory records={transferred.data ?? []} loading={transferred.isPending} />
      <TransferConfirmDialog
        target={asking && askingUrl ? { to: asking, url: askingUrl } : null}
        stateLabel={stateLabel}
        needsReason={asking === 'www' && targets.data?.approval === true}
        onCancel={() => setAsking(null)}
        onConfirm={(to, reason) => {
          setAsking(null);
          if (state) transfer.mutate({ to, bkp: state, ...(reason ? { reason } : {}) });
        }}
      />
    </Stack>
  );
}
