import { versionLabelText, type PairStatus, type PlannerResponse, type VersionLabel } from '@dp/contract';
import { Badge, Button, Checkbox, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/compatibility-status';

const label = (version: VersionLabel) => versionLabelText(version);

/** A pair's status; "not recorded" is named apart from forbidden, in grey. */
export function PairBadge({ status }: { status: PairStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return <Text c="dimmed">–</Text>;
  if (status === 'not_recorded')
    return (
      <Badge color="gray" variant="light" data-status="not_recorded">
        {t('planner.notRecorded')}
      </Badge>
    );
  return <StatusBadge status={status} />;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The checks as a small matrix: one row per version on the left of a pair, one column per version on its right. */
function ChecksMatrix({ checks }: { checks: PlannerResponse['checks'] }) {
  const { t } = useTranslation();
  const rows = [...new Map(checks.map((c) => [c.a.href, c.a])).values()];
  const columns = [...new Map(checks.map((c) => [c.b.href, c.b])).values()];
  const status = new Map(checks.map((c) => [`${c.a.href} ${c.b.href}`, c.status]));
  return (
    <Table.ScrollContainer minWidth={columns.length * 140}>
      <Table withTableBorder withColumnBorders striped fz="sm" aria-label={t('planner.checks')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {columns.map((column) => (
              <Table.Th key={column.href}>{label(column)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.href}>
              <Table.Th scope="row">{label(row)}</Table.Th>
              {columns.map((column) => {
                const cell = status.get(`${row.href} ${column.href}`);
                return <Table.Td key={column.href}>{cell && <PairBadge status={cell} />}</Table.Td>;
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface PlanAnswerProps {
  plan: PlannerResponse;
  onDownload: (type: 'pdf' | 'xlsx') => void;
  downloading: boolean;
}

/** The planner's answer: what changes and why, what stays, what blocks, the checks, alternatives and the checklist. */
export function PlanAnswer({ plan, onDownload, downloading }: PlanAnswerProps) {
  const { t } = useTranslation();
  const pair = (p: { a: VersionLabel; b: VersionLabel }) => `${label(p.a)} – ${label(p.b)}`;
  return (
    <Stack gap="md">
      <Group gap="xs" data-testid="planner-summary">
        <Badge color="blue" variant="light">
          {t('planner.changeCount', { count: plan.change.length })}
        </Badge>
        <Badge color="green" variant="light">
          {t('planner.keepCount', { count: plan.keep.length })}
        </Badge>
        <Badge color={plan.blockers.length > 0 ? 'red' : 'gray'} variant="light">
          {t('planner.blockerCount', { count: plan.blockers.length })}
        </Badge>
      </Group>

      <Section title={t('planner.change')} testId="planner-change">
        {plan.change.length === 0 ? (
          <Text c="dimmed">{t('planner.nothingToChange')}</Text>
        ) : (
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('planner.installed')}</Table.Th>
                <Table.Th>{t('planner.proposed')}</Table.Th>
                <Table.Th>{t('planner.because')}</Table.Th>
                <Table.Th>{t('planner.options')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plan.change.map((change) => (
                <Table.Tr key={change.from.href}>
                  <Table.Td>{label(change.from)}</Table.Td>
                  <Table.Td fw={600}>{label(change.to)}</Table.Td>
                  <Table.Td>
                    {change.because && (
                      <Group gap={6}>
                        <Text size="sm">{pair(change.because)}</Text>
                        <PairBadge status={change.because.status} />
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>{change.options.map((option) => option.name ?? option.name2).join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      {plan.blockers.length > 0 && (
        <Section title={t('planner.blockers')} testId="planner-blockers">
          <List spacing="xs">
            {plan.blockers.map((blocker) => (
              <List.Item key={blocker.part.href}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {label(blocker.part)}
                  </Text>
                  <Text size="sm">{t(`planner.reason.${blocker.reason}`, { pair: pair(blocker.pair) })}</Text>
                  <PairBadge status={blocker.pair.status} />
                </Group>
              </List.Item>
            ))}
          </List>
        </Section>
      )}

      <Section title={t('planner.keep')} testId="planner-keep">
        {plan.keep.length === 0 ? (
          <Text c="dimmed">{t('planner.nothingKept')}</Text>
        ) : (
          <List spacing={4}>
            {plan.keep.map((keep) => (
              <List.Item key={keep.part.href}>
                <Group gap={6}>
                  <Text size="sm">{label(keep.part)}</Text>
                  <PairBadge status={keep.status} />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title={t('planner.checks')} testId="planner-checks">
        <ChecksMatrix checks={plan.checks} />
      </Section>

      <Section title={t('planner.alternatives')} testId="planner-alternatives">
        {plan.alternatives.length === 0 ? (
          <Text c="dimmed">{t('planner.noAlternatives')}</Text>
        ) : (
          <List spacing="xs">
            {plan.alternatives.map((alternative, index) => (
              <List.Item key={index}>
                <Text size="sm">
                  <Text span fw={600}>
                    {t('planner.changeCount', { count: alternative.changes })}:
                  </Text>{' '}
                  {alternative.parts.map((part) => `${label(part.from)} → ${part.to.name ?? part.to.name2}`).join('; ')}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title={t('planner.checklist')} testId="planner-obligations">
        <Stack gap="sm">
          {plan.obligations === undefined ? (
            <Text c="dimmed">{t('planner.obligationsHidden')}</Text>
          ) : plan.obligations.length === 0 ? (
            <Text c="dimmed">{t('planner.noObligations')}</Text>
          ) : (
            plan.obligations.map((obligation) => (
              <Checkbox
                key={`${obligation.a.href} ${obligation.b.href}`}
                label={`${pair(obligation)}: ${obligation.obligation}`}
              />
            ))
          )}
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              onClick={() => onDownload('pdf')}
              loading={downloading}
              data-testid="planner-download-pdf"
            >
              {t('planner.downloadPdf')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => onDownload('xlsx')}
              loading={downloading}
              data-testid="planner-download-xlsx"
            >
              {t('planner.downloadXlsx')}
            </Button>
          </Group>
        </Stack>
      </Section>
    </Stack>
  );
}
