import {
  relationRowSortColumns,
  versionFlagOf,
  type BatchResult,
  type CompatibilityStatus,
  type RelationRowRecord,
} from '@dp/contract';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlaylistAdd, IconRefresh } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompatibilityText, STATUS_STYLE, useStatusLabel } from '../../../components/compatibility-status';
import {
  EditableTable,
  type ColumnDef,
  type HeaderActionsContext,
  type RowChange,
  type SelectOption,
  useTableQuery,
} from '../../../components/editable-table';
import { useMe } from '../../../lib/auth/use-me';
import { useAfterWrite } from '../../../lib/data-freshness';
import { historyTargetOf, useHistoryOf } from '../../../lib/history-link';
import { useServerPages } from '../../../lib/server-pages';
import { useObligations } from '../../../lib/shared-lists';
import { useCommentaries } from '../api/commentaries';
import { compatibilityKeys, relationKeys } from '../api/query-keys';
import { referenceSearch } from '../api/reference-search';
import { saveCompatibilityBatch } from '../api/save-compatibilities';
import { RELATIONS, type RelationKey } from '../kinds';
import {
  addReferencesToRows,
  buildRelationRows,
  obligationLabel,
  referenceValues,
  type RelationRow,
} from '../relation-rows';
import { saveRelationChanges } from '../save-relation-changes';
import { AddReferencesDialog } from './add-references-dialog';

/** The version whose relations the table edits. */
export interface RelationVersion {
  href: string;
  itemName: string;
  label: string;
}

/** What the last save or bulk addition did, shown above the table. */
type Notice =
  | { kind: 'saved'; result: BatchResult }
  | { kind: 'referencesAdded'; rows: number; pending: number; withoutObligation: number; duplicates: number }
  | { kind: 'conflict'; count: number }
  | { kind: 'refused'; message: string };

/** A relation table's rows are tall lists; it takes most of the window (SPEC 9 gives no height for it). */
const TABLE_HEIGHT = 'max(420px, calc(100vh - 330px))';

/** A row's obligation, with its unsaved edit applied, is set (a cleared select may give null or ''). */
const hasObligation = (row: RelationRow) => typeof row.obligation === 'string' && row.obligation !== '';
const hasObligationDraft = (_row: RelationRow, edited: RelationRow) => hasObligation(edited);

/** Rows take the light shade of their status colour (SPEC 4). */
const rowColor = (row: RelationRow) => (row.status ? STATUS_STYLE[row.status].color : undefined);

/**
 * The relation table of one version (SPEC 2, 4): every version of the target kind with the obligation
 * text, references, comments and, for assembly relations, the version flag. Save-all sends one batch.
 */
export function RelationTable({ relationKey, version }: { relationKey: RelationKey; version: RelationVersion }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const afterWrite = useAfterWrite();
  const me = useMe();
  const relation = RELATIONS[relationKey];
  // The assembly relations edit a version flag besides the compatibility (SPEC 3).
  const flag = versionFlagOf(relation.from, relation.to) ?? undefined;
  const target = relation.to;
  // A row's history is that of the compatibility of the chosen version to the row's version.
  const compatibilityOf = useCallback(
    (row: RelationRow) => historyTargetOf(`${version.href}/compatibilities/${target}/${row.toId}`),
    [version.href, target],
  );
  const historyOf = useHistoryOf(compatibilityOf);

  const infos = useObligations();
  const comments = useCommentaries(version.href, target);

  const [notice, setNotice] = useState<Notice | null>(null);
  const [bulkRows, setBulkRows] = useState<RelationRow[] | null>(null);
  const [bulkSaving, setBulkSaving] = useState(false);
  // Bumped by 'Reload' after a conflict: a fresh table drops the unsaved changes with the stale rows.
  const [generation, setGeneration] = useState(0);
  // The table's way into pending edits, taken when the head button is pressed (see applyReferences).
  const openEdit = useRef<HeaderActionsContext<RelationRow> | null>(null);

  // Names of references added through the head button to rows whose obligation is not saved yet: their
  // cells show them before any loaded row does.
  const [addedNames, setAddedNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  const currentUser = me.data?.username;
  const commentsById = useMemo(
    () => new Map((comments.data ?? []).map((comment) => [comment.id, comment])),
    [comments.data],
  );

  const reload = () => afterWrite(relationKeys());

  const columns = useMemo<ColumnDef<RelationRow>[]>(() => {
    const infoList = infos.data ?? [];
    const infoByHref = new Map(infoList.map((info) => [info.href, info]));
    const obligationOptions = infoList.map((info) => ({ value: info.href, label: obligationLabel(info, statusLabel) }));
    // The names a row knows without asking: those of its references as loaded (current after every write,
    // a rename included) and those added by the head button; the cell keeps those chosen from its search.
    const referenceName = (row: RelationRow, href: string): string | undefined =>
      row.referenceNames[href] ?? addedNames.get(href);
    const chosenReferences = (row: RelationRow, edited: RelationRow): SelectOption[] =>
      referenceValues(edited.references).flatMap((href) => {
        const label = referenceName(row, href);
        return label === undefined ? [] : [{ value: href, label }];
      });
    const obligationText = (row: RelationRow) => {
      const info = row.obligation ? infoByHref.get(row.obligation) : undefined;
      return info ? obligationLabel(info, statusLabel) : '';
    };
    // Minimum widths: a part number on one line and whole column names (in en and de, in Debian's
    // default sans-serif, one of the wider ones) on a 1440 px window with the navigation and the lists
    // open; room beyond them goes mostly to the obligation, the item's name and the references.
    const list: ColumnDef<RelationRow>[] = [
      {
        key: 'item',
        name: t(`compatibilityScreens.kinds.${target}`),
        isSortable: true,
        filterable: true,
        width: 4,
        minWidth: 118,
      },
      {
        key: 'version',
        name: t(
          target === 'systems' ? 'compatibilityScreens.columns.version' : 'compatibilityScreens.columns.partNumber',
        ),
        isSortable: true,
        filterable: true,
        width: 2,
        minWidth: target === 'systems' ? 100 : 147,
      },
    ];
    if (target !== 'systems')
      list.push({
        key: 'name2',
        name: t('compatibilityScreens.columns.materialNumber'),
        isSortable: true,
        filterable: true,
        width: 1,
        minWidth: 113,
      });
    list.push(
      {
        key: 'obligation',
        name: t('compatibilityScreens.columns.obligation'),
        type: 'select',
        isEditable: true,
        isSortable: true,
        filterable: true,
        width: 6,
        minWidth: 130,
        options: obligationOptions,
        filterValue: obligationText,
        render: (row) => {
          const info = row.obligation ? infoByHref.get(row.obligation) : undefined;
          const status: CompatibilityStatus | null = info?.compatibility_status ?? row.status;
          return status ? (
            <CompatibilityText status={status} obligation={info?.obligation} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('status.none')}
            </Text>
          );
        },
      },
      {
        key: 'references',
        name: t('compatibilityScreens.columns.references'),
        // SPEC 5's reference cell: offered only once the row has an obligation (also an unsaved one),
        // and only the references not chosen yet.
        type: 'references',
        isEditable: hasObligationDraft,
        filterable: true,
        width: 4,
        minWidth: 113,
        // Only the chosen references are known here; the cell asks the server for the others as the user
        // types (issue 14: every reference's name was 740 kB at L).
        options: chosenReferences,
        optionSearch: referenceSearch,
        filterValue: (row) => row.references.map((href) => referenceName(row, href) ?? '').join(', '),
        render: (row) => (
          <Group gap={4}>
            {row.references.map((href) => (
              <Badge key={href} size="sm" variant="outline" tt="none">
                {referenceName(row, href) ?? href}
              </Badge>
            ))}
          </Group>
        ),
      },
      // Comments need the compatibility they belong to; one chosen but not saved yet is saved with them.
      {
        key: 'comments',
        name: t('compatibilityScreens.columns.comments'),
        type: 'comments',
        isEditable: hasObligationDraft,
        width: 1,
        minWidth: 123,
      },
    );
    if (flag)
      list.push({
        key: 'flag',
        name: t(`compatibilityScreens.columns.${flag}`),
        type: 'checkbox',
        isEditable: true,
        isSortable: true,
        width: 1,
        minWidth: 123,
      });
    return list;
  }, [flag, infos.data, addedNames, statusLabel, t, target]);

  const tableKey = `compatibility-${relationKey}`;
  const query = useTableQuery<RelationRow>({
    tableKey,
    columns,
    initialSort: { key: 'item' },
    persistState: true,
  });
  // The server sorts, filters and pages the rows (issue 14): every version of the target kind is one.
  const candidates = useServerPages<RelationRowRecord>({
    queryKey: [...compatibilityKeys.compatibilities(version.href, target), 'candidates'],
    url: `${version.href}/compatibilities/${target}/candidates`,
    query,
    sorts: relationRowSortColumns,
    filterKeys: ['item', 'version', 'name2', 'obligation', 'references'],
  });
  const rows = useMemo(
    () => buildRelationRows({ candidates: candidates.rows, comments: comments.data ?? [], currentUser }),
    [candidates.rows, comments.data, currentUser],
  );
  const onSave = async (changes: Array<RowChange<RelationRow>>) => {
    setNotice(null);
    const outcome = await saveRelationChanges(
      {
        versionHref: version.href,
        target,
        withFlag: flag !== undefined,
        commentsById,
        messages: {
          notSaved: t('compatibilityScreens.notSavedWithOthers'),
          commentNeedsCompatibility: t('compatibilityScreens.commentNeedsObligation'),
          referencesNeedObligation: t('compatibilityScreens.referencesNeedObligation'),
        },
      },
      changes,
    );
    if (outcome.refused) {
      const conflicts = outcome.refused.rows.filter((row) => row.statusCode === 412).length;
      setNotice(
        conflicts > 0 ? { kind: 'conflict', count: conflicts } : { kind: 'refused', message: outcome.refused.message },
      );
    } else if (outcome.result) {
      setNotice({ kind: 'saved', result: outcome.result });
    }
    if (!outcome.refused) await reload();
    return { failed: outcome.failed };
  };

  const applyReferences = async (rowsToChange: RelationRow[], chosen: SelectOption[]) => {
    const referenceHrefs = chosen.map((option) => option.value);
    setAddedNames((known) => new Map([...known, ...chosen.map((option) => [option.value, option.label] as const)]));
    const edit = openEdit.current;
    const addition = addReferencesToRows(rowsToChange, referenceHrefs, edit?.edited);
    // Rows whose obligation is chosen but not saved take the references into their open edit.
    for (const { id, references: pending } of addition.pending) edit?.change(id, 'references', pending);
    const done = () =>
      setNotice({
        kind: 'referencesAdded',
        rows: addition.batch.length + addition.pending.length,
        pending: addition.pending.length,
        withoutObligation: addition.skippedWithoutObligation,
        duplicates: addition.skippedDuplicates,
      });
    if (addition.batch.length === 0) {
      done();
      setBulkRows(null);
      return;
    }
    setBulkSaving(true);
    try {
      await saveCompatibilityBatch(version.href, target, addition.batch);
      // Rows with unsaved reference edits take the added references in, so that a later 'Save all'
      // (which sends the edited list) keeps them.
      const added = new Map(addition.batch.map((row) => [row.to_id, row.references]));
      for (const row of rowsToChange) {
        const now = added.get(row.toId);
        if (!now) continue;
        const gained = now.filter((href) => !row.references.includes(href));
        edit?.updateDraft(row.id, 'references', (value) => {
          const pending = Array.isArray(value) ? value.filter((href): href is string => typeof href === 'string') : [];
          return [...pending, ...gained.filter((href) => !pending.includes(href))];
        });
      }
      done();
      await reload();
    } catch (error) {
      setNotice({ kind: 'refused', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBulkSaving(false);
      setBulkRows(null);
    }
  };

  const lists = [candidates, infos, comments];
  const loadError = lists.find((list) => list.error)?.error;
  const retry = () => {
    for (const list of lists) if (list.error) void list.refetch();
  };
  const loading = candidates.loading || infos.isPending || comments.isPending;
  const title = t('compatibilityScreens.relationTitle', {
    relation: t(`compatibilityScreens.relations.${relationKey}`),
    item: version.itemName,
    version: version.label,
  });

  return (
    <Stack gap="sm">
      {notice && (
        <NoticeAlert
          notice={notice}
          onClose={() => setNotice(null)}
          onReload={() => {
            setNotice(null);
            setGeneration((value) => value + 1);
            void reload();
          }}
        />
      )}
      <EditableTable<RelationRow>
        key={generation}
        tableKey={tableKey}
        title={title}
        rows={rows}
        server={{
          query,
          ...candidates.paging,
        }}
        columns={columns}
        getRowId={(row) => row.id}
        historyOf={historyOf}
        loading={loading && !loadError}
        loadError={loadError}
        onRetry={retry}
        height={TABLE_HEIGHT}
        multiEdit
        selectable
        rowColor={rowColor}
        onSave={onSave}
        onReload={() => void reload()}
        currentUser={currentUser}
        headerActions={(selected, context) =>
          // Rows are selected only in edit mode; the head button is shown only there.
          context.editing ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlaylistAdd size={16} aria-hidden />}
              disabled={selected.length === 0}
              onClick={() => {
                openEdit.current = context;
                setBulkRows(selected);
              }}
              data-testid="add-references"
            >
              {t('compatibilityScreens.addReferences.button', { count: selected.length })}
            </Button>
          ) : null
        }
      />
      <AddReferencesDialog
        opened={bulkRows !== null}
        rowCount={bulkRows?.length ?? 0}
        saving={bulkSaving}
        onClose={() => setBulkRows(null)}
        onApply={(chosen) => void applyReferences(bulkRows ?? [], chosen)}
      />
    </Stack>
  );
}

function NoticeAlert({ notice, onClose, onReload }: { notice: Notice; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const common = {
    withCloseButton: true,
    onClose,
    closeButtonLabel: t('compatibilityScreens.dismiss'),
    'data-testid': 'relation-notice',
  };
  switch (notice.kind) {
    case 'saved':
      return (
        <Alert color="green" role="status" {...common}>
          {t('compatibilityScreens.saved', notice.result)}
        </Alert>
      );
    case 'referencesAdded':
      return (
        <Alert color="blue" role="status" {...common}>
          {t('compatibilityScreens.addReferences.result', {
            rows: notice.rows,
            withoutObligation: notice.withoutObligation,
            duplicates: notice.duplicates,
          })}
          {notice.pending > 0 && ` ${t('compatibilityScreens.addReferences.pending', { count: notice.pending })}`}
        </Alert>
      );
    case 'conflict':
      return (
        <Alert color="orange" role="alert" {...common}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('compatibilityScreens.conflict', { count: notice.count })}</Text>
            <Button
              size="xs"
              variant="white"
              color="orange"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onReload}
              data-testid="relation-reload"
            >
              {t('compatibilityScreens.reload')}
            </Button>
          </Group>
        </Alert>
      );
    case 'refused':
      return (
        <Alert color="red" role="alert" {...common}>
          {notice.message}
        </Alert>
      );
  }
}
