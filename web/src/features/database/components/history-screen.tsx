import type { AuditEntry, FieldChange } from '@dp/contract';
import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHistory } from '../api/history';
import { formatDateTime } from '../format';
import { editScreenOf } from '../history-links';
import { justBefore, useRestore, type RestoreChoice } from './restore';
import { DatabasePageHeader } from './database-page-header';
import { DatabaseTable } from './database-table';

/** A value of a field as a person reads it: text as it is, anything else as JSON, nothing as a dash. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '–';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Changes({ changes }: { changes: FieldChange[] }) {
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change.field} size="sm" data-testid="history-change">
          <Text span fw={600}>
            {change.field}
          </Text>
          : {'before' in change ? shown(change.before) : ''}
          {'before' in change && 'after' in change ? ' → ' : ''}
          {'after' in change ? shown(change.after) : ''}
        </Text>
      ))}
    </Stack>
  );
}

/** Restores the state before a change set (the time just before its oldest entry). */
function RestoreBefore({ entry, onRestore }: { entry: AuditEntry; onRestore: (choice: RestoreChoice) => void }) {
  const { t } = useTranslation();
  const label = t('database.restore.before', { at: formatDateTime(entry.at), actor: entry.actor });
  return (
    <Tooltip label={t('database.restore.beforeAction')}>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => onRestore({ bkp: justBefore(entry.at), label })}
        aria-label={t('database.restore.beforeAction')}
        data-testid="history-restore"
      >
        <IconRestore size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

interface RowProps {
  /** Absent for the entries inside an opened change set: the set's own line restores them all. */
  onRestore?: (choice: RestoreChoice) => void;
}

function EntryRow({ entry, onRestore }: RowProps & { entry: AuditEntry }) {
  const { t } = useTranslation();
  const screen = entry.href ? editScreenOf(entry) : null;
  return (
    <Table.Tr data-testid="history-row">
      <Table.Td>{formatDateTime(entry.at)}</Table.Td>
      <Table.Td>{entry.actor}</Table.Td>
      <Table.Td>{t(`database.history.actions.${entry.action}`)}</Table.Td>
      <Table.Td>
        {t(`database.history.entities.${entry.entity}`, { defaultValue: entry.entity })} {entry.entity_id}
        {screen && (
          <>
            {' '}
            <Anchor component={Link} to={screen} size="sm" data-testid="history-edit-link">
              {t('database.history.open')}
            </Anchor>
          </>
        )}
      </Table.Td>
      <Table.Td>
        <Changes changes={entry.changes} />
      </Table.Td>
      <Table.Td>{onRestore && <RestoreBefore entry={entry} onRestore={onRestore} />}</Table.Td>
    </Table.Tr>
  );
}

/** The entries of one transaction, newest first; never empty. */
type ChangeSetEntries = [AuditEntry, ...AuditEntry[]];

/** The entries of one change set: alone as a row, many as one line that opens (a 500-row save). */
function ChangeSet({ entries, onRestore }: Required<RowProps> & { entries: ChangeSetEntries }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [first] = entries;
  if (entries.length === 1) return <EntryRow entry={first} onRestore={onRestore} />;
  return (
    <>
      <Table.Tr data-testid="history-change-set">
        <Table.Td>{formatDateTime(first.at)}</Table.Td>
        <Table.Td>{first.actor}</Table.Td>
        <Table.Td colSpan={3}>
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {t('database.history.changeSet', { count: entries.length })}
          </Button>
        </Table.Td>
        <Table.Td>
          <RestoreBefore entry={entries.at(-1) ?? first} onRestore={onRestore} />
        </Table.Td>
      </Table.Tr>
      {open && entries.map((entry) => <EntryRow key={entry.id} entry={entry} />)}
    </>
  );
}

/** Consecutive entries of one change set, together. */
function bySet(entries: AuditEntry[]): ChangeSetEntries[] {
  const sets: ChangeSetEntries[] = [];
  for (const entry of entries) {
    const last = sets.at(-1);
    if (last && last[0].change_set === entry.change_set) last.push(entry);
    else sets.push([entry]);
  }
  return sets;
}

/** /database/history: who changed what, when, field by field; `?entity=&entity_id=` for one entity. */
export function HistoryScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filter = { entity: params.get('entity') ?? undefined, entity_id: params.get('entity_id') ?? undefined };
  const history = useHistory(filter);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  const restore = useRestore();
  return (
    <Stack>
      <DatabasePageHeader page="history" />
      {restore.view}
      {filter.entity && (
        <Group>
          <Text size="sm" data-testid="history-filter">
            {t('database.history.filtered', {
              entity: t(`database.history.entities.${filter.entity}`, { defaultValue: filter.entity }),
              id: filter.entity_id ?? '',
            })}
          </Text>
          <Anchor component={Link} to="/database/history" size="sm">
            {t('database.history.all')}
          </Anchor>
        </Group>
      )}
      <DatabaseTable
        columns={[
          t('database.history.columns.at'),
          t('database.history.columns.actor'),
          t('database.history.columns.action'),
          t('database.history.columns.entity'),
          t('database.history.columns.changes'),
          t('database.history.columns.restore'),
        ]}
        loading={history.isPending}
        error={history.isError ? t('database.history.loadError') : null}
        empty={entries.length === 0}
        emptyText={t('database.history.empty')}
        minWidth={800}
        testId="history-table"
      >
        {bySet(entries).map((set) => (
          <ChangeSet key={set[0].id} entries={set} onRestore={restore.ask} />
        ))}
      </DatabaseTable>
      {history.hasNextPage && (
        <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          {t('database.history.more')}
        </Button>
      )}
    </Stack>
  );
}
