import {
  Box,
  Button,
  Group,
  Loader,
  LoadingOverlay,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDeviceFloppy,
  IconEdit,
  IconEditOff,
  IconPlus,
} from '@tabler/icons-react';
import { foldedIncludes } from '@dp/contract';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef as TanstackColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type SortingFn,
  type SortingState,
} from '@tanstack/react-table';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AddDialog } from './add-dialog';
import { commentsOf } from './cells';
import { CommentsDialog } from './comments-dialog';
import { sameValue, textOf, valueOf } from './format';
import { failureOf } from './save-each';
import { isCellEditable, isEditableColumn, validateSelectOptions } from './select-options';
import { EMPTY_SELECTION, nextSelection, type Selection, type SelectMode } from './selection';
import { TableRow, type RowCommands, type RowError } from './table-row';
import type {
  ColumnDef,
  EditableTableProps,
  HeaderActionsContext,
  RowChange,
  SaveFailure,
  TableComment,
} from './types';
import { useWorking } from './use-working';

const DEFAULT_HEIGHT = 450;
const ESTIMATED_ROW_HEIGHT = 41;
/** The table's own row buttons (edit / save + cancel, delete). */
const ACTIONS_WIDTH = 120;
/** Default room for EditableTableProps.rowActions (one action icon and its gap). */
const ROW_ACTIONS_WIDTH = 32;
/** An actions column holding only rowActions still fits its header text. */
const MIN_ACTIONS_WIDTH = 88;
const SELECT_WIDTH = 40;

/** Sorting ignores case and accents like the filters do, and orders numbers by value (V2 before V10). */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

type Drafts = Record<string, Record<string, unknown>>;
type Status = { kind: 'saved' | 'added' | 'deleted' | 'unchanged'; count: number } | null;

interface StoredState {
  sorting: SortingState;
  filters: ColumnFiltersState;
}

function storageKey(tableKey: string) {
  return `table:${tableKey}`;
}

function readStoredState(tableKey: string, persist: boolean): StoredState | null {
  if (!persist) return null;
  try {
    const raw = window.sessionStorage.getItem(storageKey(tableKey));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredState>;
    return {
      sorting: Array.isArray(parsed.sorting) ? parsed.sorting : [],
      filters: Array.isArray(parsed.filters) ? parsed.filters : [],
    };
  } catch {
    // Unreadable or disabled storage: start fresh.
    return null;
  }
}

/**
 * The column's width as a share of the summed widths (SPEC 2: default 3). With `fixedPixels` (the
 * select and actions columns of edit mode) the shares split only what those leave of the table, so
 * that the columns together never exceed the table's width: given the table's width in pixels, as
 * percentages of it (browsers ignore calc() with percentages on table columns); before the table is
 * measured, as calc() of the rest.
 */
export function widthShares<Row>(columns: ColumnDef<Row>[], fixedPixels = 0, tableWidth = 0): string[] {
  const total = columns.reduce((sum, c) => sum + (c.width ?? 3), 0);
  const trim = (n: number, digits: number) => n.toFixed(digits).replace(/\.?0+$/, '');
  const rest = fixedPixels > 0 && tableWidth > fixedPixels ? (tableWidth - fixedPixels) / tableWidth : 1;
  return columns.map((c) => {
    const share = (c.width ?? 3) / total;
    if (fixedPixels > 0 && rest === 1) return `calc((100% - ${fixedPixels}px) * ${trim(share, 6)})`;
    return `${trim(share * rest * 100, 4)}%`;
  });
}

/** The inner width of `element` in pixels (0 until measured, and where layout is not available). */
function useInnerWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The height given as a number of pixels, for the virtualiser's first guess before layout. */
function pixelsOf(height: number | string | undefined): number {
  if (typeof height === 'number') return height;
  const parsed = height ? Number.parseFloat(height) : Number.NaN;
  return Number.isFinite(parsed) && (!height || height.endsWith('px') || /^\d+$/.test(height))
    ? parsed
    : DEFAULT_HEIGHT;
}

/** A copy of `record` without the entries of `ids`. */
function without<T>(record: Record<string, T>, ids: readonly string[]): Record<string, T> {
  const next = { ...record };
  for (const id of ids) delete next[id];
  return next;
}

/** A thrown error as the message of a row, with the translated lead-in (server texts are English). */
function rowErrorOf(lead: string, staleLead: string, failure: { message: string; status?: number }): RowError {
  const stale = failure.status === 412;
  return { message: `${stale ? staleLead : lead} ${failure.message}`, stale };
}

/**
 * The generic table of every list screen (SPEC 2). Display mode shows values; edit mode adds row
 * actions: one row at a time (save / cancel) or, with `multiEdit`, every row at once with 'Save all'
 * sending only changed rows. Rows are virtualised, so thousands stay fast.
 */
export function EditableTable<Row>(props: EditableTableProps<Row>): ReactNode {
  const {
    tableKey,
    rows,
    columns,
    getRowId,
    loading = false,
    height = DEFAULT_HEIGHT,
    title,
    multiEdit = false,
    selectable = false,
    rowColor,
    onAdd,
    onSave,
    onDelete,
    headerActions,
    rowActions,
    rowActionsWidth = ROW_ACTIONS_WIDTH,
    toolbarExtra,
    canEditComments,
    currentUser = '',
    onReload,
    hiddenColumns,
    initialSort,
    persistState = true,
  } = props;
  const allowAdd = (props.allowAdd ?? true) && onAdd !== undefined;
  const allowDelete = (props.allowDelete ?? true) && onDelete !== undefined;
  const { t } = useTranslation();

  // SPEC 5: a select column without usable options is a programming error; fail loudly at once.
  for (const column of columns) validateSelectOptions(column);

  const [editMode, setEditMode] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [errors, setErrors] = useState<Record<string, RowError>>({});
  const [status, setStatus] = useState<Status>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [commentsFor, setCommentsFor] = useState<{ id: string; key: string } | null>(null);
  const [working, setWorking] = useWorking();

  const stored = useMemo(() => readStoredState(tableKey, persistState), [tableKey, persistState]);
  // Kept state may name columns a newer version of the screen no longer has.
  const known = (id: string) => columns.some((c) => c.key === id);
  const [sorting, setSorting] = useState<SortingState>(
    () =>
      stored?.sorting.filter((s) => known(s.id)) ??
      (initialSort ? [{ id: initialSort.key, desc: initialSort.desc ?? false }] : []),
  );
  const [filters, setFilters] = useState<ColumnFiltersState>(() => stored?.filters.filter((f) => known(f.id)) ?? []);
  useEffect(() => {
    if (!persistState) return;
    try {
      window.sessionStorage.setItem(storageKey(tableKey), JSON.stringify({ sorting, filters }));
    } catch {
      // Not kept; the table still works.
    }
  }, [tableKey, persistState, sorting, filters]);

  const canEdit = onSave !== undefined && columns.some(isEditableColumn);
  const shownColumns = useMemo(
    () =>
      columns.filter(
        (c) =>
          !hiddenColumns?.includes(c.key) &&
          (editMode ? c.visibility?.edit !== false : c.visibility?.display !== false),
      ),
    [columns, hiddenColumns, editMode],
  );

  const tanstackColumns = useMemo<TanstackColumnDef<Row, string>[]>(() => {
    const filterFn: FilterFn<Row> = (row, columnId, filter: unknown) => {
      const column = columns.find((c) => c.key === columnId);
      if (typeof filter !== 'string' || filter === '') return true;
      if (column && hasOptionFilter(column)) return valueOf(row.original, column.key) === filter;
      return foldedIncludes(row.getValue<string>(columnId), filter);
    };
    const sortingFn: SortingFn<Row> = (a, b, columnId) => {
      const column = columns.find((c) => c.key === columnId);
      if (column?.type === 'date')
        return String(valueOf(a.original, columnId) ?? '').localeCompare(String(valueOf(b.original, columnId) ?? ''));
      return collator.compare(a.getValue<string>(columnId), b.getValue<string>(columnId));
    };
    return columns.map((column) => ({
      id: column.key,
      accessorFn: (row: Row) => textOf(column, row),
      enableSorting: Boolean(column.isSortable),
      enableColumnFilter: Boolean(column.filterable),
      filterFn,
      sortingFn,
    }));
  }, [columns]);

  const table = useReactTable<Row>({
    data: rows,
    columns: tanstackColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, columnFilters: filters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setFilters,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    autoResetAll: false,
  });
  const visibleRows = table.getRowModel().rows;

  const scrollRef = useRef<HTMLDivElement>(null);
  const tableWidth = useInnerWidth(scrollRef);
  const fallbackHeight = pixelsOf(height);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableSectionElement>({
    count: visibleRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => visibleRows[index]?.id ?? index,
    overscan: 8,
    // Before layout (and in jsdom) the box measures 0; assume the configured height so rows appear.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: fallbackHeight }),
      ),
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : ESTIMATED_ROW_HEIGHT;
    },
  });

  const rowsById = useMemo(() => new Map(rows.map((row) => [getRowId(row), row])), [rows, getRowId]);

  // Everything the row commands need, read at call time so the commands themselves never change.
  const latest = useRef({
    rowsById,
    drafts,
    multiEdit,
    visibleRows,
    onSave,
    onDelete,
    onReload,
    getRowId,
    t,
    working,
    columns,
  });
  latest.current = {
    rowsById,
    drafts,
    multiEdit,
    visibleRows,
    onSave,
    onDelete,
    onReload,
    getRowId,
    t,
    working,
    columns,
  };

  const rowById = useCallback((id: string) => latest.current.rowsById.get(id), []);

  const changesOf = useCallback(
    (ids: string[]): Array<RowChange<Row>> => {
      const result: Array<RowChange<Row>> = [];
      for (const id of ids) {
        const row = rowById(id);
        const draft = latest.current.drafts[id];
        if (!row || !draft) continue;
        const values: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(draft)) if (!sameValue(value, valueOf(row, key))) values[key] = value;
        if (Object.keys(values).length) result.push({ row, values });
      }
      return result;
    },
    [rowById],
  );

  // Rows whose save has not answered yet: the working indicator clears itself after 5 s (SPEC 9), but
  // such a row is not sent again (its second save would only meet its own first one as a conflict).
  const inFlight = useRef(new Set<string>());

  const saveRows = useCallback(
    async (requested: string[]) => {
      const { onSave: save, t: translate, working: busy } = latest.current;
      if (!save || busy) return;
      const ids = requested.filter((id) => !inFlight.current.has(id));
      if (ids.length === 0) return;
      const changes = changesOf(ids);
      const dropDrafts = (done: string[]) => setDrafts((current) => without(current, done));
      if (changes.length === 0) {
        dropDrafts(ids);
        setEditingId((current) => (current !== null && ids.includes(current) ? null : current));
        setStatus({ kind: 'unchanged', count: 0 });
        return;
      }
      setWorking(true);
      setStatus(null);
      let failed: SaveFailure[] = [];
      for (const id of ids) inFlight.current.add(id);
      try {
        const result = await save(changes);
        failed = result?.failed ?? [];
      } catch (error) {
        failed = changes.map((change) => failureOf(latest.current.getRowId(change.row), error));
      } finally {
        for (const id of ids) inFlight.current.delete(id);
        setWorking(false);
      }
      const failedIds = new Set(failed.map((f) => f.id));
      const succeeded = changes.map((c) => latest.current.getRowId(c.row)).filter((id) => !failedIds.has(id));
      const unchanged = ids.filter((id) => !changes.some((c) => latest.current.getRowId(c.row) === id));
      dropDrafts([...succeeded, ...unchanged]);
      setErrors((current) => {
        const next = without(current, [...succeeded, ...unchanged]);
        for (const failure of failed)
          next[failure.id] = rowErrorOf(translate('table.saveFailed'), translate('table.staleRow'), failure);
        return next;
      });
      setEditingId((current) =>
        current !== null && !failedIds.has(current) && ids.includes(current) ? null : current,
      );
      if (succeeded.length) setStatus({ kind: 'saved', count: succeeded.length });
    },
    [changesOf, setWorking],
  );

  const commands = useMemo<RowCommands>(
    () => ({
      change: (id, key, value) =>
        setDrafts((current) => {
          const row = rowById(id);
          const draft = { ...current[id] };
          if (row && sameValue(value, valueOf(row, key)) && key in draft) delete draft[key];
          else draft[key] = value;
          // A cell the change disables (e.g. references once the obligation is cleared) gives up its own edit.
          if (row) {
            const edited = { ...row, ...draft } as Row;
            for (const column of latest.current.columns) {
              if (
                column.key !== key &&
                column.key in draft &&
                typeof column.isEditable === 'function' &&
                !isCellEditable(column, row, edited)
              )
                delete draft[column.key];
            }
          }
          return { ...current, [id]: draft };
        }),
      startEdit: (id) => {
        setEditingId(id);
        setConfirmId(null);
        // Only one row is edited at a time; what another row held is given up.
        setDrafts((current) => (current[id] ? { [id]: current[id] } : {}));
      },
      save: (id) => void saveRows([id]),
      cancel: (id) => {
        setDrafts((current) => without(current, [id]));
        setErrors((current) => without(current, [id]));
        if (!latest.current.multiEdit) setEditingId((current) => (current === id ? null : current));
      },
      askDelete: (id) => setConfirmId(id),
      cancelDelete: () => setConfirmId(null),
      confirmDelete: (id) => {
        const row = rowById(id);
        const remove = latest.current.onDelete;
        setConfirmId(null);
        if (!row || !remove || latest.current.working) return;
        setWorking(true);
        setStatus(null);
        remove(row)
          .then(() => {
            setStatus({ kind: 'deleted', count: 1 });
            setErrors((current) => without(current, [id]));
            setEditingId((current) => (current === id ? null : current));
          })
          .catch((error: unknown) => {
            const { t: translate } = latest.current;
            setErrors((current) => ({
              ...current,
              [id]: rowErrorOf(translate('table.deleteFailed'), translate('table.staleRow'), failureOf(id, error)),
            }));
          })
          .finally(() => setWorking(false));
      },
      select: (id: string, mode: SelectMode) =>
        setSelection((current) =>
          nextSelection(
            current,
            id,
            mode,
            latest.current.visibleRows.map((r) => r.id),
          ),
        ),
      openComments: (id, key) => setCommentsFor({ id, key }),
      dismissError: (id) => setErrors((current) => without(current, [id])),
      reload: () => {
        setErrors({});
        setDrafts({});
        setEditingId(null);
        latest.current.onReload?.();
      },
    }),
    [rowById, saveRows, setWorking],
  );

  const dialogOpen = addOpen || commentsFor !== null;
  // Escape anywhere: first the delete confirm, then the row being edited (SPEC 2).
  useEffect(() => {
    if (!editMode || dialogOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if ((event.target as Element | null)?.closest?.('[role="dialog"]')) return;
      if (confirmId !== null) setConfirmId(null);
      else if (editingId !== null && !multiEdit) commands.cancel(editingId);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [editMode, dialogOpen, confirmId, editingId, multiEdit, commands]);

  const toggleEditMode = () => {
    setEditMode((on) => !on);
    setEditingId(null);
    setDrafts({});
    setConfirmId(null);
    setSelection(EMPTY_SELECTION);
    setErrors({});
    setStatus(null);
  };

  const updateDraft = useCallback<HeaderActionsContext['updateDraft']>(
    (id, key, update) =>
      setDrafts((current) => {
        const draft = current[id];
        if (!draft || !(key in draft)) return current;
        return { ...current, [id]: { ...draft, [key]: update(draft[key]) } };
      }),
    [],
  );

  const changedIds = Object.keys(drafts).filter((id) => changesOf([id]).length > 0);
  const selectedRows = useMemo(
    () => rows.filter((row) => selection.ids.has(getRowId(row))),
    [rows, selection, getRowId],
  );

  const add = async (values: Record<string, unknown>) => {
    if (!onAdd) return;
    setWorking(true);
    setStatus(null);
    try {
      await onAdd(values);
      setStatus({ kind: 'added', count: 1 });
    } finally {
      setWorking(false);
    }
  };

  const commentsRow = commentsFor ? rowById(commentsFor.id) : undefined;
  const commentsDraft = commentsFor ? drafts[commentsFor.id] : undefined;
  const commentsValue: TableComment[] =
    commentsFor && commentsRow
      ? commentsOf(
          commentsDraft && commentsFor.key in commentsDraft
            ? commentsDraft[commentsFor.key]
            : valueOf(commentsRow, commentsFor.key),
        )
      : commentsOf(undefined);
  const commentsColumn = commentsFor ? columns.find((c) => c.key === commentsFor.key) : undefined;
  const commentsEditable =
    commentsFor !== null &&
    commentsRow !== undefined &&
    editMode &&
    (multiEdit || editingId === commentsFor.id) &&
    commentsColumn !== undefined &&
    isCellEditable(commentsColumn, commentsRow, { ...commentsRow, ...commentsDraft } as Row) &&
    (canEditComments?.(commentsRow) ?? true);

  const statusText = statusTextOf(status, t);

  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length ? (items[0]?.start ?? 0) : 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  // Multiple edit saves through 'Save all'; rows then only need actions for delete.
  const ownActions = editMode && ((canEdit && !multiEdit) || allowDelete);
  const showActions = ownActions || rowActions !== undefined;
  const actionsWidth = ownActions
    ? ACTIONS_WIDTH + (rowActions ? rowActionsWidth : 0)
    : Math.max(MIN_ACTIONS_WIDTH, rowActionsWidth + 24);
  const showSelect = editMode && selectable;
  // Fixed-width columns come off the table's width first; the others share the rest (never cut off).
  const fixedPixels = (showSelect ? SELECT_WIDTH : 0) + (showActions ? actionsWidth : 0);
  const shares = useMemo(
    () => widthShares(shownColumns, fixedPixels, tableWidth),
    [shownColumns, fixedPixels, tableWidth],
  );
  const columnCount = shownColumns.length + (showActions ? 1 : 0) + (showSelect ? 1 : 0);
  const hasFilters = shownColumns.some((c) => c.filterable);
  const label = props['aria-label'] ?? (typeof title === 'string' ? title : tableKey);

  return (
    <Stack gap="xs" data-table-key={tableKey}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          {typeof title === 'string' ? (
            <Title order={2} size="h4">
              {title}
            </Title>
          ) : (
            title
          )}
          {working && <Loader size="xs" aria-label={t('table.working')} role="status" data-testid="table-working" />}
          {statusText && (
            <Text
              size="sm"
              c={status?.kind === 'unchanged' ? 'dimmed' : 'green'}
              role="status"
              data-testid="table-status"
            >
              {statusText}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {toolbarExtra}
          {headerActions?.(selectedRows, { editing: editMode, updateDraft })}
          {showSelect && selection.ids.size > 0 && (
            <Text size="sm" c="dimmed">
              {t('table.selectedCount', { count: selection.ids.size })}
            </Text>
          )}
          {allowAdd && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAddOpen(true)}
              disabled={working}
            >
              {t('table.add')}
            </Button>
          )}
          {editMode && multiEdit && canEdit && (
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={() => void saveRows(changedIds)}
              disabled={changedIds.length === 0 || working}
            >
              {t('table.saveAll')}
            </Button>
          )}
          {(canEdit || allowDelete || selectable) && (
            <Button
              size="xs"
              variant={editMode ? 'filled' : 'default'}
              aria-pressed={editMode}
              leftSection={editMode ? <IconEditOff size={16} aria-hidden /> : <IconEdit size={16} aria-hidden />}
              onClick={toggleEditMode}
            >
              {editMode ? t('table.displayMode') : t('table.editMode')}
            </Button>
          )}
        </Group>
      </Group>

      <Box pos="relative">
        <LoadingOverlay
          visible={loading}
          zIndex={3}
          overlayProps={{ blur: 1 }}
          loaderProps={{ 'aria-label': t('table.loading') }}
        />
        <Box
          ref={scrollRef}
          h={height}
          style={{
            overflow: 'auto',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
          data-testid="table-scroll"
        >
          <Table
            stickyHeader
            layout="fixed"
            highlightOnHover={!editMode}
            verticalSpacing={6}
            aria-label={label}
            aria-rowcount={visibleRows.length}
            style={{ width: '100%' }}
          >
            <colgroup>
              {showSelect && <col style={{ width: SELECT_WIDTH }} />}
              {shownColumns.map((column, index) => (
                <col key={column.key} data-column={column.key} style={{ width: shares[index] }} />
              ))}
              {showActions && <col style={{ width: actionsWidth }} />}
            </colgroup>
            <Table.Thead style={{ zIndex: 2 }}>
              <Table.Tr>
                {showSelect && <Table.Th aria-label={t('table.selectRow')} />}
                {shownColumns.map((column) => {
                  const sorted = table.getColumn(column.key)?.getIsSorted() ?? false;
                  return (
                    <Table.Th
                      key={column.key}
                      aria-sort={
                        column.isSortable
                          ? sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                      // A narrow column breaks its name rather than spilling into its neighbour.
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {column.isSortable ? (
                        <UnstyledButton
                          onClick={table.getColumn(column.key)?.getToggleSortingHandler()}
                          fw={700}
                          fz="sm"
                          title={column.name}
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }}
                        >
                          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                            {column.name}
                          </span>
                          {sorted === 'asc' ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : sorted === 'desc' ? (
                            <IconArrowDown size={14} aria-hidden />
                          ) : (
                            <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                          )}
                        </UnstyledButton>
                      ) : (
                        column.name
                      )}
                    </Table.Th>
                  );
                })}
                {showActions && <Table.Th>{t('table.actions')}</Table.Th>}
              </Table.Tr>
              {hasFilters && (
                <Table.Tr>
                  {showSelect && <Table.Th />}
                  {shownColumns.map((column) => (
                    <Table.Th key={column.key} fw="normal">
                      {column.filterable && (
                        <ColumnFilter
                          column={column}
                          value={(table.getColumn(column.key)?.getFilterValue() as string | undefined) ?? ''}
                          onChange={(value) => table.getColumn(column.key)?.setFilterValue(value || undefined)}
                        />
                      )}
                    </Table.Th>
                  ))}
                  {showActions && <Table.Th />}
                </Table.Tr>
              )}
            </Table.Thead>
            {paddingTop > 0 && (
              <Table.Tbody aria-hidden>
                <Table.Tr style={{ height: paddingTop }} />
              </Table.Tbody>
            )}
            {items.map((item) => {
              const tableRow = visibleRows[item.index];
              if (!tableRow) return null;
              const id = tableRow.id;
              return (
                <TableRow<Row>
                  key={id}
                  id={id}
                  index={item.index}
                  row={tableRow.original}
                  draft={drafts[id]}
                  columns={shownColumns}
                  editing={editMode && (multiEdit || editingId === id)}
                  rowActions={rowActions}
                  editMode={editMode}
                  multiEdit={multiEdit}
                  canEdit={canEdit}
                  canDelete={allowDelete}
                  canReload={onReload !== undefined}
                  selectable={selectable}
                  selected={selection.ids.has(id)}
                  confirmingDelete={confirmId === id}
                  error={errors[id]}
                  color={rowColor?.(tableRow.original)}
                  working={working}
                  commands={commands}
                  measure={virtualizer.measureElement}
                />
              );
            })}
            {paddingBottom > 0 && (
              <Table.Tbody aria-hidden>
                <Table.Tr style={{ height: paddingBottom }} />
              </Table.Tbody>
            )}
            {visibleRows.length === 0 && !loading && (
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Text c="dimmed" ta="center" py="md" data-testid="table-no-data">
                      {t('table.noData')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            )}
          </Table>
        </Box>
      </Box>
      {rows.length > 0 && visibleRows.length !== rows.length && (
        <Text size="xs" c="dimmed">
          {t('table.rowsShown', { shown: visibleRows.length, total: rows.length })}
        </Text>
      )}

      {allowAdd && <AddDialog opened={addOpen} columns={columns} onClose={() => setAddOpen(false)} onSubmit={add} />}
      <CommentsDialog
        opened={commentsFor !== null && commentsRow !== undefined}
        comments={commentsValue}
        editable={commentsEditable}
        currentUser={currentUser}
        onClose={(list, changed) => {
          if (commentsFor && changed && commentsEditable) commands.change(commentsFor.id, commentsFor.key, list);
          setCommentsFor(null);
        }}
      />
    </Stack>
  );
}

/** Select columns with fixed options filter by choosing an option (exact match) rather than by text. */
function hasOptionFilter<Row>(column: ColumnDef<Row>): boolean {
  return column.type === 'select' && Array.isArray(column.options) && !column.filterValue;
}

function statusTextOf(status: Status, t: TFunction): string | null {
  switch (status?.kind) {
    case undefined:
      return null;
    case 'saved':
      return t('table.rowsSaved', { count: status.count });
    case 'added':
      return t('table.rowAdded');
    case 'deleted':
      return t('table.rowDeleted');
    case 'unchanged':
      return t('table.nothingChanged');
  }
}

function ColumnFilter<Row>({
  column,
  value,
  onChange,
}: {
  column: ColumnDef<Row>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const label = t('table.filter', { column: column.name });
  if (hasOptionFilter(column) && Array.isArray(column.options)) {
    return (
      <Select
        size="xs"
        aria-label={label}
        placeholder={t('table.filterAll')}
        data={column.options}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
