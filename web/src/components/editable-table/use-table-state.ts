import { useReducer } from 'react';
import { sameValue, valueOf } from './format';
import { isCellEditable } from './select-options';
import { EMPTY_SELECTION, nextSelection, type Selection, type SelectMode } from './selection';
import type { ColumnDef, RowError } from './types';

/** Unsaved values per row id: only the fields the user changed. */
export type Drafts = Record<string, Record<string, unknown>>;

/** What the toolbar reports about the last save, addition or deletion. */
export type TableStatus = { kind: 'saved' | 'added' | 'deleted' | 'unchanged'; count: number } | null;

/** Everything the table's user interaction changes (sorting and filters live with the rows, see use-table-rows). */
export interface TableState {
  editMode: boolean;
  /** The row edited on its own (single-row editing); multiple edit edits every row. */
  editingId: string | null;
  drafts: Drafts;
  /** The row whose delete asks 'Really delete?'. */
  confirmId: string | null;
  selection: Selection;
  errors: Record<string, RowError>;
  status: TableStatus;
  addOpen: boolean;
  commentsFor: { id: string; key: string } | null;
}

export const INITIAL_TABLE_STATE: TableState = {
  editMode: false,
  editingId: null,
  drafts: {},
  confirmId: null,
  selection: EMPTY_SELECTION,
  errors: {},
  status: null,
  addOpen: false,
  commentsFor: null,
};

export type TableAction =
  | { type: 'toggleEditMode' }
  | { type: 'startEdit'; id: string }
  /** `row` is the stored row (undefined if it vanished); `columns` decide which other edits the change disables. */
  | { type: 'changeCell'; id: string; key: string; value: unknown; row: unknown; columns: ColumnDef<unknown>[] }
  | { type: 'updateDraft'; id: string; key: string; update: (value: unknown) => unknown }
  | { type: 'cancelRow'; id: string; multiEdit: boolean }
  | { type: 'askDelete'; id: string }
  | { type: 'cancelDelete' }
  | { type: 'deleteStarted' }
  | { type: 'deleted'; id: string }
  | { type: 'deleteFailed'; id: string; error: RowError }
  | { type: 'select'; id: string; mode: SelectMode; order: readonly string[] }
  | { type: 'openComments'; id: string; key: string }
  | { type: 'closeComments' }
  | { type: 'openAdd' }
  | { type: 'closeAdd' }
  | { type: 'addStarted' }
  | { type: 'added' }
  | { type: 'dismissError'; id: string }
  /** The user asked to reload after a conflict: unsaved edits and messages go with the stale rows. */
  | { type: 'reloadRequested' }
  /** A save of `ids` that found nothing changed. */
  | { type: 'nothingToSave'; ids: readonly string[] }
  | { type: 'saveStarted' }
  /** `done`: rows saved or unchanged; `failed`: rows the save refused, with their message. */
  | {
      type: 'saveFinished';
      ids: readonly string[];
      saved: number;
      done: readonly string[];
      failed: Record<string, RowError>;
    };

/** A copy of `record` without the entries of `ids`. */
function without<T>(record: Record<string, T>, ids: readonly string[]): Record<string, T> {
  const next = { ...record };
  for (const id of ids) delete next[id];
  return next;
}

/** The drafts after the user set `key` of row `id` to `value`. */
function changeCell(drafts: Drafts, action: Extract<TableAction, { type: 'changeCell' }>): Drafts {
  const { id, key, value, row, columns } = action;
  const draft = { ...drafts[id] };
  if (row !== undefined && sameValue(value, valueOf(row, key)) && key in draft) delete draft[key];
  else draft[key] = value;
  // A cell the change disables (e.g. references once the obligation is cleared) gives up its own edit.
  if (row !== undefined) {
    const edited = { ...(row as object), ...draft };
    for (const column of columns) {
      if (
        column.key !== key &&
        column.key in draft &&
        typeof column.isEditable === 'function' &&
        !isCellEditable(column, row, edited)
      )
        delete draft[column.key];
    }
  }
  return { ...drafts, [id]: draft };
}

/** The table's state after `action`; pure, so every transition can be tested on its own. */
export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'toggleEditMode':
      return {
        ...INITIAL_TABLE_STATE,
        editMode: !state.editMode,
        addOpen: state.addOpen,
        commentsFor: state.commentsFor,
      };
    case 'startEdit': {
      // Only one row is edited at a time; what another row held is given up.
      const kept = state.drafts[action.id];
      return { ...state, editingId: action.id, confirmId: null, drafts: kept ? { [action.id]: kept } : {} };
    }
    case 'changeCell':
      return { ...state, drafts: changeCell(state.drafts, action) };
    case 'updateDraft': {
      const draft = state.drafts[action.id];
      if (!draft || !(action.key in draft)) return state;
      return {
        ...state,
        drafts: { ...state.drafts, [action.id]: { ...draft, [action.key]: action.update(draft[action.key]) } },
      };
    }
    case 'cancelRow':
      return {
        ...state,
        drafts: without(state.drafts, [action.id]),
        errors: without(state.errors, [action.id]),
        editingId: !action.multiEdit && state.editingId === action.id ? null : state.editingId,
      };
    case 'askDelete':
      return { ...state, confirmId: action.id };
    case 'cancelDelete':
      return { ...state, confirmId: null };
    case 'deleteStarted':
      return { ...state, confirmId: null, status: null };
    case 'deleted':
      return {
        ...state,
        status: { kind: 'deleted', count: 1 },
        errors: without(state.errors, [action.id]),
        editingId: state.editingId === action.id ? null : state.editingId,
      };
    case 'deleteFailed':
      return { ...state, errors: { ...state.errors, [action.id]: action.error } };
    case 'select':
      return { ...state, selection: nextSelection(state.selection, action.id, action.mode, action.order) };
    case 'openComments':
      return { ...state, commentsFor: { id: action.id, key: action.key } };
    case 'closeComments':
      return { ...state, commentsFor: null };
    case 'openAdd':
      return { ...state, addOpen: true };
    case 'closeAdd':
      return { ...state, addOpen: false };
    case 'addStarted':
      return { ...state, status: null };
    case 'added':
      return { ...state, status: { kind: 'added', count: 1 } };
    case 'dismissError':
      return { ...state, errors: without(state.errors, [action.id]) };
    case 'reloadRequested':
      return { ...state, errors: {}, drafts: {}, editingId: null };
    case 'nothingToSave':
      return {
        ...state,
        drafts: without(state.drafts, action.ids),
        editingId: state.editingId !== null && action.ids.includes(state.editingId) ? null : state.editingId,
        status: { kind: 'unchanged', count: 0 },
      };
    case 'saveStarted':
      return { ...state, status: null };
    case 'saveFinished': {
      const errors = { ...without(state.errors, action.done), ...action.failed };
      const { editingId } = state;
      return {
        ...state,
        drafts: without(state.drafts, action.done),
        errors,
        // A row whose save failed stays in edit with its message.
        editingId:
          editingId !== null && !(editingId in action.failed) && action.ids.includes(editingId) ? null : editingId,
        status: action.saved > 0 ? { kind: 'saved', count: action.saved } : state.status,
      };
    }
  }
}

/** The table's interaction state and the dispatch of its named actions. */
export function useTableState() {
  return useReducer(tableReducer, INITIAL_TABLE_STATE);
}
