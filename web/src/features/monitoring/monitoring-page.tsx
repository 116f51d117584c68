import type { LiveStatus, ServerStatus, TargetStatus } from '@dp/contract';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { formatDateTime } from '../../components/editable-table';
import { toFailure } from '../../lib/api-failure';
import { useLiveStatus, useServerStatus } from './use-live-status';

/** SPEC 2: green when OK or Active (or, for the server response, a response time), otherwise red. */
export function isGood(value: string): boolean {
  return value === 'OK' || value === 'Active' || /^\d+(\.\d+)? ms$/.test(value);
}

const VALUE_KEYS = {
  OK: 'monitoring.values.ok',
  Active: 'monitoring.values.active',
  'Not available': 'monitoring.values.notAvailable',
} as const;

function StatusValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  const good = isGood(value);
  const label = value in VALUE_KEYS ? t(VALUE_KEYS[value as keyof typeof VALUE_KEYS]) : value;
  return (
    <Badge
      color={good ? 'green' : 'red'}
      variant="filled"
      size="lg"
      leftSection={good ? <IconCircleCheck size={14} aria-hidden /> : <IconCircleX size={14} aria-hidden />}
      data-testid={testId}
      data-status={good ? 'ok' : 'failed'}
    >
      {label}
    </Badge>
  );
}

/** Which backup the target last received, who asked for it and who approved it (issue 44). */
function publicationText({ last_publication: p }: TargetStatus, t: TFunction): string {
  if (!p) return '–';
  const values = { backup: p.backup, requestedBy: p.requested_by, date: formatDateTime(p.published_at) };
  return p.approved_by === null
    ? t('monitoring.publicationUnapproved', values)
    : t('monitoring.publication', { ...values, approvedBy: p.approved_by });
}

function TargetCard({ status }: { status: TargetStatus }) {
  const { t } = useTranslation();
  const name = t(`monitoring.targets.${status.target}`);
  const id = `monitoring-${status.target}`;
  const rows: [string, React.ReactNode][] = [
    [t('monitoring.application'), <StatusValue value={status.app_status} testId={`${id}-app`} />],
    [t('monitoring.database'), <StatusValue value={status.db_status} testId={`${id}-db`} />],
    [
      t('monitoring.lastUpdate'),
      <span data-testid={`${id}-updated`}>{formatDateTime(status.time_updated) || '–'}</span>,
    ],
    [t('monitoring.lastActive'), <span data-testid={`${id}-active`}>{formatDateTime(status.time_active) || '–'}</span>],
    [
      t('monitoring.responseTime'),
      status.response_ms === null ? '–' : t('monitoring.responseMs', { ms: Math.round(status.response_ms) }),
    ],
    [t('monitoring.lastPublication'), <span data-testid={`${id}-publication`}>{publicationText(status, t)}</span>],
  ];
  const good = isGood(status.app_status) && isGood(status.db_status);
  return (
    <Card
      withBorder
      padding="md"
      data-testid={id}
      data-status={good ? 'ok' : 'failed'}
      style={{ borderLeft: `6px solid var(--mantine-color-${good ? 'green' : 'red'}-7)` }}
    >
      <Stack gap="xs">
        <div>
          <Title order={2} size="h3">
            {name}
          </Title>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {status.url ?? t('monitoring.notConfigured')}
          </Text>
        </div>
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="45%">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {status.reason && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} p="xs" data-testid={`${id}-reason`}>
            {status.reason}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function StatusView({ data }: { data: LiveStatus }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={600}>{t('monitoring.response')}</Text>
        <StatusValue value={data.response} testId="monitoring-response" />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {data.targets.map((target) => (
          <TargetCard key={target.target} status={target} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** This instance: what serves its evaluation reads (the replica and the read cache), for an operator. */
function ThisInstanceCard({ status }: { status: ServerStatus }) {
  const { t } = useTranslation();
  const { replica, cache } = status.reads;
  const replicaText =
    replica === null
      ? t('monitoring.instance.noReplica')
      : !replica.reachable
        ? t('monitoring.instance.replicaDown')
        : t('monitoring.instance.replicaLag', {
            kb: replica.lag_bytes === null ? '–' : Math.round(replica.lag_bytes / 1024),
            seconds: replica.lag_seconds === null ? '–' : replica.lag_seconds.toFixed(1),
          });
  const cacheText =
    cache.budget_bytes === 0
      ? t('monitoring.instance.cacheOff')
      : t('monitoring.instance.cacheUse', {
          rate: cache.hit_rate === null ? '–' : Math.round(cache.hit_rate * 100),
          hits: cache.hits,
          misses: cache.misses,
          used: megabytes(cache.used_bytes),
          budget: megabytes(cache.budget_bytes),
          entries: cache.entries,
        });
  const rows: [string, string, string][] = [
    [t('monitoring.instance.replica'), replicaText, 'monitoring-replica'],
    [t('monitoring.instance.cache'), cacheText, 'monitoring-cache'],
    [
      t('monitoring.instance.runtime'),
      t('monitoring.instance.runtimeValue', {
        node: status.node,
        deployment: status.deployment,
        hours: (status.uptime_seconds / 3600).toFixed(1),
        memory: megabytes(status.memory_rss_bytes),
      }),
      'monitoring-runtime',
    ],
  ];
  return (
    <Card withBorder padding="md" data-testid="monitoring-instance">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('monitoring.instance.title')}
        </Title>
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value, testId]) => (
              <Table.Tr key={label}>
                <Table.Th w="30%">{label}</Table.Th>
                <Table.Td data-testid={testId}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/** SPEC 2 'Monitoring page': live and demo, green when OK or Active, red with the reason otherwise. */
export function MonitoringPage() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const instance = useServerStatus();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('monitoring.title')}
          </Title>
          <Text c="dimmed">{t('monitoring.description')}</Text>
        </div>
        <Button
          variant="default"
          onClick={() => void status.refetch()}
          loading={status.isFetching}
          leftSection={<IconRefresh size={18} aria-hidden />}
          data-testid="monitoring-refresh"
        >
          {t('monitoring.refresh')}
        </Button>
      </Group>
      {status.data && (
        <Text size="sm" c="dimmed" data-testid="monitoring-checked">
          {t('monitoring.checkedAt', { date: formatDateTime(status.data.checked_at) })}
        </Text>
      )}
      {status.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('monitoring.failedTitle')}
          role="alert"
          data-testid="monitoring-failed"
        >
          {toFailure(status.error).message}
        </Alert>
      )}
      {status.isPending && !status.isError ? (
        <CenteredLoader label={t('monitoring.loading')} />
      ) : (
        status.data && <StatusView data={status.data} />
      )}
      {instance.data && <ThisInstanceCard status={instance.data} />}
    </Stack>
  );
}
