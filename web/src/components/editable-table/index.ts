/**
 * The one generic table of the app (SPEC 2, 'Generic editable table behaviour').
 *
 * API (stable; changes are listed here):
 * - `EditableTable<Row>(props: EditableTableProps<Row>)` with columns as `ColumnDef<Row>` (see types.ts).
 * - Additions to the first agreed API:
 *   ColumnDef: `filterValue(row)` (text for filter/sort), `placeholder`, `required`, `imageFolder`.
 *   EditableTableProps: `currentUser` (author of new comments), `onReload` (offered after a 412),
 *   `hiddenColumns` (keys), `initialSort`, `persistState` (sort + filters in sessionStorage per tableKey,
 *   default true), `aria-label`.
 *   SaveFailure: optional `status` (412 → the row offers 'Reload').
 * - Per-row cells: ColumnDef `isEditable` may be `(row, edited) => boolean` and `options` `(row, edited)`,
 *   where `edited` is the row with its unsaved edits applied; the input is disabled while it answers
 *   false, and a cell that becomes disabled drops its own unsaved value. `hidePickedOptions` (multiselect).
 * - `headerActions(selected, { editing, updateDraft, edited, change })`: edit mode, a way to fold changes
 *   saved outside the table into a row's pending edit, a row with its pending edit applied, and a way to
 *   set a pending value. `rowActions(row)` (+ `rowActionsWidth`): the row's own
 *   buttons in the actions column, display and edit mode. `historyOf(row)`: a History action per row that
 *   opens /database/history filtered to the row's entity (admins only: see lib/history-link's useHistoryOf).
 * - Edit mode's fixed select (40 px) and actions columns come off the width first; `widthShares(columns,
 *   fixedPixels)` gives the other columns calc() shares of the rest. ColumnDef `minWidth` (px) keeps a
 *   column at least that wide once the table is measured, while every column's minimum fits.
 * - 'comments' columns hold `TableComment[]`; the dialog returns the list with isNew / isChanged /
 *   isDeleted marks into the row's changes, and onSave writes them.
 * - `loadError` + `onRetry`: a failed load shows its reason and 'Try again' instead of 'No data'.
 * - ColumnDef `optionSearch` ({ queryKey, search(text, signal) }): a select-like cell offers what the server
 *   finds for the typed text (once typing pauses, once the field has had the focus) instead of every option;
 *   `options` then only name the chosen values. `useSearchedOptions` is the same search for other fields.
 * - Inside: state in a reducer with named actions (use-table-state.ts), the rows behind one seam
 *   (use-table-rows.ts: shown rows, total, lookup, sort and filter per column), and toolbar, head and
 *   body as their own parts.
 * - Helpers: `saveEach` (per-row onSave collecting failures), `failureOf`, `cut`, `formatDateTime`. Further
 *   helpers (`widthShares`, `validateSelectOptions` / `selectOptionsOf` and the SPEC 5 error
 *   texts) are exported by their own modules; this index re-exports only what the features use.
 */
export { EditableTable } from './editable-table';
export { HistoryAction } from './history-action';
export { useTableQuery } from './use-table-rows';
export { saveEach, failureOf } from './save-each';
export { cut, formatDateTime } from './format';
export { searchedData, useSearchedOptions } from './option-search';
export type {
  ColumnDef,
  HeaderActionsContext,
  OptionSearch,
  RowChange,
  SaveFailure,
  SelectOption,
  TableComment,
  TableQuery,
} from './types';
