import {
  CONSISTENCY_SEVERITY,
  consistencyRules,
  type ConsistencyFinding,
  type ConsistencyRule,
  type ConsistencySeverity,
  foldedIncludes,
} from '@dp/contract';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toFailure } from '../../../lib/api-failure';
import { fetchConsistency } from '../api/consistency';
import { DatabasePageHeader } from './database-page-header';

const SEVERITY_COLOR: Record<ConsistencySeverity, string> = { error: 'red', warning: 'orange', info: 'blue' };

interface Checked {
  findings: ConsistencyFinding[];
  counts: Partial<Record<ConsistencyRule, number>>;
  done: number;
}

/**
 * /database/consistency (issue 43, admins): runs the consistency checker rule by rule (the bar shows how
 * far it is), then lists the findings grouped by rule, filterable, each linking to the screen that fixes it.
 */
export function ConsistencyScreen() {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [severity, setSeverity] = useState<'all' | ConsistencySeverity>('all');
  const [filter, setFilter] = useState('');

  const run = useMutation({
    mutationFn: async () => {
      let state: Checked = { findings: [], counts: {}, done: 0 };
      setChecked(state);
      for (const rule of consistencyRules) {
        const report = await fetchConsistency(rule);
        state = {
          findings: [...state.findings, ...report.findings],
          counts: { ...state.counts, ...report.counts },
          done: state.done + 1,
        };
        setChecked(state);
      }
    },
    meta: { banner: false },
  });

  const words = filter.trim();
  const shown = (finding: ConsistencyFinding) =>
    (severity === 'all' || finding.severity === severity) && (words === '' || foldedIncludes(finding.message, words));
  const rules = consistencyRules.filter((rule) => severity === 'all' || CONSISTENCY_SEVERITY[rule] === severity);

  return (
    <Stack gap="md">
      <DatabasePageHeader page="consistency" />
      <Group>
        <Button
          onClick={() => run.mutate()}
          loading={run.isPending}
          leftSection={<IconListCheck size={18} aria-hidden />}
          data-testid="consistency-run"
        >
          {t('database.consistency.run')}
        </Button>
      </Group>
      {checked && (
        <Progress
          value={(checked.done / consistencyRules.length) * 100}
          animated={run.isPending}
          aria-label={t('database.consistency.progress', { done: checked.done, total: consistencyRules.length })}
          data-testid="consistency-progress"
        />
      )}
      {run.isError && (
        <Alert color="red" role="alert" data-testid="consistency-failed">
          {toFailure(run.error).message}
        </Alert>
      )}
      {checked && (
        <>
          <Group align="flex-end">
            <SegmentedControl
              value={severity}
              onChange={(value) => setSeverity(value)}
              data={(['all', 'error', 'warning', 'info'] as const).map((value) => ({
                value,
                label: t(`database.consistency.severity.${value}`),
              }))}
              data-testid="consistency-severity"
            />
            <TextInput
              label={t('database.consistency.filter')}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
              data-testid="consistency-filter"
            />
          </Group>
          <Accordion multiple defaultValue={[...consistencyRules]} variant="separated" data-testid="consistency-rules">
            {rules.map((rule) => {
              const list = checked.findings.filter((finding) => finding.rule === rule && shown(finding));
              const total = checked.counts[rule];
              return (
                <Accordion.Item key={rule} value={rule} data-testid={`consistency-rule-${rule}`}>
                  <Accordion.Control>
                    <Group gap="xs">
                      <Badge color={SEVERITY_COLOR[CONSISTENCY_SEVERITY[rule]]} variant="light">
                        {t(`database.consistency.level.${CONSISTENCY_SEVERITY[rule]}`)}
                      </Badge>
                      <Text fw={600}>{t(`database.consistency.rules.${rule}`)}</Text>
                      <Text c="dimmed" size="sm">
                        {total === undefined ? '…' : t('database.consistency.count', { count: total })}
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {list.length === 0 ? (
                      <Text c="dimmed" size="sm">
                        {t('database.consistency.none')}
                      </Text>
                    ) : (
                      <List spacing={4} size="sm">
                        {list.map((finding) => (
                          <List.Item key={finding.hrefs.join(' ')}>
                            {finding.message}{' '}
                            <Anchor component={Link} to={finding.fix} size="sm">
                              {t('database.consistency.fix')}
                            </Anchor>
                          </List.Item>
                        ))}
                      </List>
                    )}
                    {total !== undefined &&
                      total > list.length &&
                      list.length > 0 &&
                      severity === 'all' &&
                      words === '' && (
                        <Text c="dimmed" size="xs" mt="xs">
                          {t('database.consistency.more', { shown: list.length, total })}
                        </Text>
                      )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </>
      )}
    </Stack>
  );
}
