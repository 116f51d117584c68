import { fold, versionLabelText, type CompatibilityCell, type DeltaRow, type KindPath } from '@dp/contract';
import { Anchor, Group, Paper, ScrollArea, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowsExchange, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/compatibility-status';
import { useAsOf, withAt } from '../as-of';
import { browserLink } from '../browsers/browser-paths';
import { compareLabels, shortLabel, useNameLimit } from '../browsers/display';
import classes from './delta-table.module.css';

function Cell({ cell }: { cell: CompatibilityCell | null }) {
  const { t } = useTranslation();
  if (!cell) {
    return (
      <Text size="sm" c="dimmed">
        {t('status.none')}
      </Text>
    );
  }
  // SPEC 2: the delta shows each version's status; the obligation text (intern, admin) follows it.
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={cell.compatibility_status} />
      {cell.obligation && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {cell.obligation}
        </Text>
      )}
    </Stack>
  );
}

interface DeltaTableProps {
  heading: string;
  /** The kind of the related versions; a row's name opens it in that kind's browser. */
  kind: KindPath;
  rows: DeltaRow[];
  version1: string;
  version2: string;
}

/** One side of the delta: each related version with its status for version 1 and version 2, linked to its browser. */
export function DeltaTable({ heading, kind, rows, version1, version2 }: DeltaTableProps) {
  const { t } = useTranslation();
  const { at } = useAsOf();
  const limit = useNameLimit();
  const [filter, setFilter] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const labelled = useMemo(
    () =>
      rows
        .map((row) => {
          const label = versionLabelText(row);
          return { row, label, folded: fold(label) };
        })
        .sort((a, b) => compareLabels(a.label, b.label)),
    [rows],
  );
  const wanted = fold(filter);
  const shown = labelled.filter(({ row, folded }) => folded.includes(wanted) && (!onlyChanged || row.changed));

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={heading}>
      <Title order={2} size="h4" mb="xs">
        {heading}
      </Title>
      <Group gap="sm" mb="xs" align="center">
        <TextInput
          flex={1}
          miw={160}
          aria-label={t('browsers.delta.filter', { heading })}
          placeholder={t('browsers.filterPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        <Switch
          label={t('browsers.delta.onlyChanged')}
          checked={onlyChanged}
          onChange={(event) => setOnlyChanged(event.currentTarget.checked)}
        />
      </Group>
      <ScrollArea.Autosize mah={450} type="auto">
        <Table stickyHeader verticalSpacing={6} className={classes.table} data-testid="delta-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('browsers.delta.related')}</Table.Th>
              <Table.Th>{t('browsers.delta.versionColumn', { number: 1, name: version1 })}</Table.Th>
              <Table.Th>{t('browsers.delta.versionColumn', { number: 2, name: version2 })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center">
                    {t('browsers.noData')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {shown.map(({ row, label }) => (
              <Table.Tr
                key={row.href}
                data-changed={row.changed || undefined}
                bg={row.changed ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <Table.Td title={label}>
                  <Group gap={4} wrap="nowrap">
                    {row.changed && (
                      <IconArrowsExchange
                        size={16}
                        role="img"
                        aria-label={t('browsers.delta.changed')}
                        color="var(--mantine-color-orange-8)"
                        style={{ flexShrink: 0 }}
                      />
                    )}
                    <Anchor component={Link} to={withAt(browserLink(kind, label), at)} size="sm" fw={500}>
                      {shortLabel(row, limit)}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Cell cell={row.version1} />
                </Table.Td>
                <Table.Td>
                  <Cell cell={row.version2} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}
