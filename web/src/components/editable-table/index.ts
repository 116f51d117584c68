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
 * - 'comments' columns hold `TableComment[]`; the dialog returns the list with isNew / isChanged /
 *   isDeleted marks into the row's changes, and onSave writes them.
 * - Helpers: `saveEach` (per-row onSave collecting failures), `failureOf`, `cut`, `formatDateTime`,
 *   `validateSelectOptions` / `selectOptionsOf` and the SPEC 5 error texts.
 */
export { EditableTable, widthShares } from './editable-table';
export { selectOptionsOf, validateSelectOptions, SELECT_OPTIONS_MISSING, SELECT_OPTIONS_WRONG_TYPE } from './select-options';
export { saveEach, failureOf } from './save-each';
export { cut, formatDateTime } from './format';
export { WORKING_TIMEOUT_MS } from './use-working';
export { DISMISS_GRACE_MS } from './add-dialog';
export type {
  ColumnDef,
  ColumnType,
  ColumnVisibility,
  EditableTableProps,
  ImageFolder,
  RowChange,
  SaveFailure,
  SelectOption,
  TableComment,
} from './types';
