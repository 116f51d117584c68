import { Box, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error';
import { useLoadAhead } from '../use-load-ahead';
import { AddDialog } from './add-dialog';
import { commentsOf } from './cells';
import {
  ACTIONS_WIDTH,
  DEFAULT_HEIGHT,
  MIN_ACTIONS_WIDTH,
  pixelsOf,
  ROW_ACTIONS_WIDTH,
  SELECT_WIDTH,
  useInnerWidth,
  widthShares,
} from './column-widths';
import { CommentsDialog } from './comments-dialog';
import { sameValue, valueOf } from './format';
import { OptionLabelsContext, type OptionLabels } from './option-search';
import { HistoryAction } from './history-action';
import { failureOf } from './save-each';
import { isCellEditable, isEditableColumn, validateSelectOptions } from './select-options';
import { TableBody, useRowVirtualizer } from './table-body';
import { TableHead } from './table-head';
import type { RowCommands } from './table-row';
import { TableToolbar } from './table-toolbar';
import type {
  ColumnDef,
  EditableTableProps,
  HeaderActionsContext,
  RowChange,
  RowError,
  SaveFailure,
  TableComment,
} from './types';
import { useTableRows } from './use-table-rows';
import { useTableState } from './use-table-state';
import { useWorking } from './use-working';

/** Rows still below the view when the next page of a server-paged table is asked for. */
const LOAD_AHEAD_ROWS = 30;
/** What a table without server pages asks for when its end is near: nothing. */
const noMore = () => {};

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
  // Names of values chosen from searched options (ColumnDef.optionSearch), kept while rows scroll out of
  // view and back and for the Add dialog.
  const [optionLabels] = useState<OptionLabels>(() => new Map());
  return (
    <OptionLabelsContext value={optionLabels}>
      <TableWithLabels {...props} />
    </OptionLabelsContext>
  );
}

function TableWithLabels<Row>(props: EditableTableProps<Row>): ReactNode {
  const {
    tableKey,
    columns,
    getRowId,
    loading = false,
    loadError,
    onRetry,
    height = DEFAULT_HEIGHT,
    title,
    headingOrder = 2,
    multiEdit = false,
    selectable = false,
    rowColor,
    onAdd,
    onSave,
    onDelete,
    headerActions,
    rowActions: ownRowActions,
    rowActionsWidth = ROW_ACTIONS_WIDTH,
    historyOf,
    toolbarExtra,
    canEditComments,
    currentUser = '',
    onReload,
    hiddenColumns,
    persistState = true,
  } = props;
  const allowAdd = (props.allowAdd ?? true) && onAdd !== undefined;
  const allowDelete = (props.allowDelete ?? true) && onDelete !== undefined;
  const { t } = useTranslation();
  // SPEC 5: a select column without usable options is a programming error; fail loudly at once.
  for (const column of columns) validateSelectOptions(column);

  const [state, dispatch] = useTableState();
  const { editMode, editingId, drafts, confirmId, selection, errors, status, addOpen, commentsFor } = state;
  // The History action is one more row action, after the screen's own; outside edit mode, where it reads
  // rather than edits, and where its width does not come off columns the edit controls need.
  const showHistory = historyOf !== undefined && !editMode;
  const rowActions = useMemo(
    () =>
      showHistory
        ? (row: Row) => (
            <>
              {ownRowActions?.(row)}
              <HistoryAction target={historyOf(row)} />
            </>
          )
        : ownRowActions,
    [ownRowActions, historyOf, showHistory],
  );
  const [working, setWorking] = useWorking();
  const server = props.server;
  const data = useTableRows({ ...props, persistState, serverQuery: server?.query });

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

  const scrollRef = useRef<HTMLDivElement>(null);
  const tableWidth = useInnerWidth(scrollRef);
  const virtualizer = useRowVirtualizer(scrollRef, data.shown, pixelsOf(height));
  // Paged rows: the next page is asked for while the last rows are still some way below the view.
  useLoadAhead(virtualizer, {
    count: data.shown.length,
    ahead: LOAD_AHEAD_ROWS,
    hasMore: server?.hasMore ?? false,
    loadingMore: server?.loadingMore ?? false,
    loadMore: server?.loadMore ?? noMore,
  });
  // Another sort or filter starts the paged rows anew: from the top, not where the old rows were scrolled.
  const serverQueryKey = server ? JSON.stringify([server.query.sorting, server.query.filters]) : '';
  useEffect(() => {
    if (serverQueryKey !== '' && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [serverQueryKey]);

  // Everything the row commands need, read at call time so the commands themselves never change.
  const latest = useRef({ data, drafts, multiEdit, onSave, onDelete, onReload, getRowId, t, working, columns });
  latest.current = { data, drafts, multiEdit, onSave, onDelete, onReload, getRowId, t, working, columns };

  const rowById = useCallback((id: string) => latest.current.data.rowById(id), []);

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
      if (changes.length === 0) {
        dispatch({ type: 'nothingToSave', ids });
        return;
      }
      setWorking(true);
      dispatch({ type: 'saveStarted' });
      let failures: SaveFailure[];
      for (const id of ids) inFlight.current.add(id);
      try {
        const result = await save(changes);
        failures = result?.failed ?? [];
      } catch (error) {
        failures = changes.map((change) => failureOf(latest.current.getRowId(change.row), error));
      } finally {
        for (const id of ids) inFlight.current.delete(id);
        setWorking(false);
      }
      const failed: Record<string, RowError> = {};
      for (const failure of failures)
        failed[failure.id] = rowErrorOf(translate('table.saveFailed'), translate('table.staleRow'), failure);
      const changedIds = changes.map((c) => latest.current.getRowId(c.row));
      const saved = changedIds.filter((id) => !(id in failed));
      const unchanged = ids.filter((id) => !changedIds.includes(id));
      dispatch({ type: 'saveFinished', ids, saved: saved.length, done: [...saved, ...unchanged], failed });
    },
    [changesOf, dispatch, setWorking],
  );

  const commands = useMemo<RowCommands>(
    () => ({
      change: (id, key, value) =>
        dispatch({
          type: 'changeCell',
          id,
          key,
          value,
          row: rowById(id),
          columns: latest.current.columns as ColumnDef<unknown>[],
        }),
      startEdit: (id) => dispatch({ type: 'startEdit', id }),
      save: (id) => void saveRows([id]),
      cancel: (id) => dispatch({ type: 'cancelRow', id, multiEdit: latest.current.multiEdit }),
      askDelete: (id) => dispatch({ type: 'askDelete', id }),
      cancelDelete: () => dispatch({ type: 'cancelDelete' }),
      confirmDelete: (id) => {
        const row = rowById(id);
        const remove = latest.current.onDelete;
        dispatch({ type: 'cancelDelete' });
        if (!row || !remove || latest.current.working) return;
        setWorking(true);
        dispatch({ type: 'deleteStarted' });
        remove(row)
          .then(() => dispatch({ type: 'deleted', id }))
          .catch((error: unknown) => {
            const { t: translate } = latest.current;
            const message = rowErrorOf(
              translate('table.deleteFailed'),
              translate('table.staleRow'),
              failureOf(id, error),
            );
            dispatch({ type: 'deleteFailed', id, error: message });
          })
          .finally(() => setWorking(false));
      },
      select: (id, mode) => dispatch({ type: 'select', id, mode, order: latest.current.data.shown.map((r) => r.id) }),
      openComments: (id, key) => dispatch({ type: 'openComments', id, key }),
      dismissError: (id) => dispatch({ type: 'dismissError', id }),
      reload: () => {
        dispatch({ type: 'reloadRequested' });
        latest.current.onReload?.();
      },
    }),
    [dispatch, rowById, saveRows, setWorking],
  );

  const dialogOpen = addOpen || commentsFor !== null;
  // Escape anywhere: first the delete confirm, then the row being edited (SPEC 2).
  useEffect(() => {
    if (!editMode || dialogOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if ((event.target as Element | null)?.closest?.('[role="dialog"]')) return;
      if (confirmId !== null) commands.cancelDelete();
      else if (editingId !== null && !multiEdit) commands.cancel(editingId);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [editMode, dialogOpen, confirmId, editingId, multiEdit, commands]);

  const headerContext = useMemo<HeaderActionsContext<Row>>(
    () => ({
      editing: editMode,
      updateDraft: (id, key, update) => dispatch({ type: 'updateDraft', id, key, update }),
      edited: (row) => {
        const draft = drafts[getRowId(row)];
        return draft ? { ...row, ...draft } : row;
      },
      change: commands.change,
    }),
    [editMode, dispatch, drafts, getRowId, commands],
  );

  const changedIds = Object.keys(drafts).filter((id) => changesOf([id]).length > 0);
  const selectedRows = useMemo(
    () => props.rows.filter((row) => selection.ids.has(getRowId(row))),
    [props.rows, selection, getRowId],
  );

  const add = async (values: Record<string, unknown>) => {
    if (!onAdd) return;
    setWorking(true);
    dispatch({ type: 'addStarted' });
    try {
      await onAdd(values);
      dispatch({ type: 'added' });
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
    isCellEditable(commentsColumn, commentsRow, { ...commentsRow, ...commentsDraft }) &&
    (canEditComments?.(commentsRow) ?? true);

  // Multiple edit saves through 'Save all'; rows then only need actions for delete.
  const ownActions = editMode && ((canEdit && !multiEdit) || allowDelete);
  const showActions = ownActions || rowActions !== undefined;
  const extraWidth = (ownRowActions ? rowActionsWidth : 0) + (showHistory ? ROW_ACTIONS_WIDTH : 0);
  const actionsWidth = ownActions ? ACTIONS_WIDTH + extraWidth : Math.max(MIN_ACTIONS_WIDTH, extraWidth + 24);
  const showSelect = editMode && selectable;
  // Fixed-width columns come off the table's width first; the others share the rest (never cut off).
  const fixedPixels = (showSelect ? SELECT_WIDTH : 0) + (showActions ? actionsWidth : 0);
  const shares = useMemo(
    () => widthShares(shownColumns, fixedPixels, tableWidth),
    [shownColumns, fixedPixels, tableWidth],
  );
  const columnCount = shownColumns.length + (showActions ? 1 : 0) + (showSelect ? 1 : 0);
  const label = props['aria-label'] ?? (typeof title === 'string' ? title : tableKey);
  const failed = loadError !== undefined && loadError !== null;

  return (
    <Stack gap="xs" data-table-key={tableKey}>
      <TableToolbar
        title={title}
        headingOrder={headingOrder}
        working={working}
        status={status}
        extra={
          <>
            {toolbarExtra}
            {headerActions?.(selectedRows, headerContext)}
          </>
        }
        selectedCount={showSelect ? selection.ids.size : null}
        onAdd={allowAdd ? () => dispatch({ type: 'openAdd' }) : undefined}
        saveAll={
          editMode && multiEdit && canEdit
            ? { changed: changedIds.length, onSave: () => void saveRows(changedIds) }
            : undefined
        }
        editSwitch={
          canEdit || allowDelete || selectable
            ? { editMode, onToggle: () => dispatch({ type: 'toggleEditMode' }) }
            : undefined
        }
      />
      {failed && <LoadError error={loadError} onRetry={onRetry} />}

      <Box pos="relative">
        <LoadingOverlay
          visible={loading}
          zIndex={3}
          overlayProps={{ blur: 1 }}
          loaderProps={{ role: 'status', 'aria-label': t('table.loading') }}
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
            aria-rowcount={data.shown.length}
            style={{ width: '100%' }}
          >
            <colgroup>
              {showSelect && <col style={{ width: SELECT_WIDTH }} />}
              {shownColumns.map((column, index) => (
                <col key={column.key} data-column={column.key} style={{ width: shares[index] }} />
              ))}
              {showActions && <col style={{ width: actionsWidth }} />}
            </colgroup>
            <TableHead columns={shownColumns} rows={data} showSelect={showSelect} showActions={showActions} />
            <TableBody<Row>
              virtualizer={virtualizer}
              shown={data.shown}
              columns={shownColumns}
              columnCount={columnCount}
              showEmpty={!loading && !failed}
              drafts={drafts}
              errors={errors}
              editMode={editMode}
              multiEdit={multiEdit}
              editingId={editingId}
              confirmId={confirmId}
              selectedIds={selection.ids}
              canEdit={canEdit}
              canDelete={allowDelete}
              canReload={onReload !== undefined}
              selectable={selectable}
              working={working}
              rowActions={rowActions}
              rowColor={rowColor}
              commands={commands}
            />
          </Table>
        </Box>
      </Box>
      {server?.hasMore && (
        <Text size="xs" c="dimmed" role="status" data-testid="table-more">
          {t(server.loadingMore ? 'table.loadingMore' : 'table.moreOnScroll', { shown: data.shown.length })}
        </Text>
      )}
      {data.total > 0 && data.shown.length !== data.total && (
        <Text size="xs" c="dimmed">
          {t('table.rowsShown', { shown: data.shown.length, total: data.total })}
        </Text>
      )}

      {allowAdd && (
        <AddDialog opened={addOpen} columns={columns} onClose={() => dispatch({ type: 'closeAdd' })} onSubmit={add} />
      )}
      <CommentsDialog
        opened={commentsFor !== null && commentsRow !== undefined}
        comments={commentsValue}
        editable={commentsEditable}
        currentUser={currentUser}
        onClose={(list, changed) => {
          if (commentsFor && changed && commentsEditable) commands.change(commentsFor.id, commentsFor.key, list);
          dispatch({ type: 'closeComments' });
        }}
      />
    </Stack>
  );
}
