import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { IMAGE_FOLDERS } from '@dp/contract';
import type { HistoryTarget } from '../../lib/history-link';

export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** How a cell is shown and edited. */
/** 'references' is the reference cell of SPEC 5: a multiselect that offers only references not chosen yet. */
export type ColumnType =
  'text' | 'checkbox' | 'select' | 'multiselect' | 'references' | 'password' | 'date' | 'image' | 'comments';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Options a select-like column asks the server for as the user types, for lists too long to load whole
 * (ColumnDef.optionSearch). The answers live in the query cache under `queryKey` and the text, so a write
 * that invalidates `queryKey` refreshes them.
 */
export interface OptionSearch {
  queryKey: readonly unknown[];
  /** The options matching `text` ('' for the first ones), matched by the server. */
  search: (text: string, signal: AbortSignal) => Promise<SelectOption[]>;
}

/** Where a column appears; every flag defaults to true. */
export interface ColumnVisibility {
  /** Shown while the table is in edit mode. */
  edit?: boolean;
  /** Shown in display mode. */
  display?: boolean;
  /** A field of the Add dialog. */
  add?: boolean;
}

/** One comment of a 'comments' cell (SPEC 3: relation comment). */
export interface TableComment {
  /** Server id; absent for a comment added in the dialog and not yet saved. */
  id?: string | number;
  comment: string;
  author: string;
  canEdit?: boolean;
  isNew?: boolean;
  /** Set by the dialog on a comment the user changed. */
  isChanged?: boolean;
  /** Set by the dialog on a comment the user deleted (kept so the save can send the DELETE). */
  isDeleted?: boolean;
  creation_time?: string;
  modification_time?: string;
}

/** A column of an EditableTable (SPEC 2, 'Column definition'). */
export interface ColumnDef<Row> {
  /** The row field the column shows and edits. */
  key: string;
  /** Header text (already translated). */
  name: string;
  /** Default 'text'. */
  type?: ColumnType;
  /**
   * Whether the cell becomes an input in edit mode (and a field of the Add dialog). Default false.
   * A function decides per row, given the row and the row with its unsaved edits applied (`edited`):
   * the column counts as editable, and its input is disabled while the function answers false (e.g. a
   * references cell until an obligation is chosen). A cell that becomes disabled gives up its own
   * unsaved value. In the Add dialog both arguments are the values entered so far.
   */
  isEditable?: boolean | ((row: Row, edited: Row) => boolean);
  isSortable?: boolean;
  /** Shows a filter input under the header; matching is accent- and case-insensitive. */
  filterable?: boolean;
  visibility?: ColumnVisibility;
  /** Relative width, default 3; shown as a share of the summed widths of the visible columns. */
  width?: number;
  /** Pixels the column keeps while the table is wide enough for every column's minimum (see widthShares). */
  minWidth?: number;
  /** Initial value in the Add dialog. */
  default?: unknown;
  /**
   * Options of 'select', 'multiselect' and 'references' columns. Missing → Error('You must spicify
   * select options') (for 'references': Error('You must specify refenrences')); anything but an array or
   * a function → Error('Select options must be ether function or array').
   */
  options?: SelectOption[] | ((row: Row, edited: Row) => SelectOption[]);
  /**
   * 'select', 'multiselect', 'references': the input offers what `search` finds for the typed text (asked
   * once typing pauses, and only once the input has had the focus) instead of `options`, which then only
   * name the values already chosen (a value chosen from the search keeps the name it was offered with).
   */
  optionSearch?: OptionSearch;
  /** 'multiselect': choices beyond this count are ignored. */
  maxSelected?: number;
  /** 'multiselect': the dropdown offers only options not chosen yet. */
  hidePickedOptions?: boolean;
  /** Display-mode content; default shows the value by type. */
  render?: (row: Row) => ReactNode;
  /** Text used by the filter and the sort; default the displayed value (option label, or the raw value). */
  filterValue?: (row: Row) => string;
  /** Placeholder of a text input. */
  placeholder?: string;
  /** The Add dialog and row saves refuse an empty value; a 'select' column loses its clear button. */
  required?: boolean;
  /** 'image': the upload folder (systems, assemblies, subassemblies, versions). */
  imageFolder?: ImageFolder;
  /** Not used: colour rows through EditableTableProps.rowColor. */
  rowColor?: never;
}

/** What the table shows under a row whose save or delete failed. */
export interface RowError {
  message: string;
  /** 412: somebody else changed the row meanwhile; the row offers 'Reload'. */
  stale: boolean;
}

/** What onSave may answer for rows the server refused (others count as saved). */
export interface SaveFailure {
  id: string;
  message: string;
  /** HTTP status; 412 (changed by someone else meanwhile) offers 'Reload' on the row. */
  status?: number;
}

export interface RowChange<Row> {
  row: Row;
  /** Only the fields whose value differs from the row. */
  values: Record<string, unknown>;
}

/** What `headerActions` learn about the table besides the selected rows. */
export interface HeaderActionsContext<Row = unknown> {
  /** The table is in edit mode. */
  editing: boolean;
  /** `row` with its unsaved edits applied (the row itself when it has none). */
  edited: (row: Row) => Row;
  /** Sets the unsaved value of `key` on row `id`, as if the user had changed the cell. */
  change: (id: string, key: string, value: unknown) => void;
  /**
   * Replaces the unsaved value of `key` on row `id` with `update(value)`; does nothing when the row
   * holds no unsaved value for `key`. For changes saved outside the table (e.g. a bulk action) that
   * pending edits must take in, so that a later save does not undo them.
   */
  updateDraft: (id: string, key: string, update: (value: unknown) => unknown) => void;
}

/** The sort and the column filters of a table, for a screen whose server sorts and filters (see useTableQuery). */
export interface TableQuery {
  /** At most one column: the server sorts by one. */
  sorting: SortingState;
  setSorting: Dispatch<SetStateAction<SortingState>>;
  filters: ColumnFiltersState;
  setFilters: Dispatch<SetStateAction<ColumnFiltersState>>;
}

/** Rows the server sorts, filters and pages (EditableTableProps.server). */
export interface ServerRows {
  /** The sort and filters the rows were asked with; the table's header changes them. */
  query: TableQuery;
  /** More rows follow: the table asks for them (`loadMore`) as its last rows scroll into view. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export interface EditableTableProps<Row> {
  /** Names the table; keeps its state (sort, filters, shown columns) apart from other tables. */
  tableKey: string;
  rows: Row[];
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  loading?: boolean;
  /** Why the rows could not be loaded: shown instead of 'No data', with `onRetry` as 'Try again'. */
  loadError?: unknown;
  onRetry?: () => void;
  /** Height of the scroll area (virtualised); default 450. */
  height?: number | string;
  title?: ReactNode;
  /** 1 when a string title is the screen's own heading (the screen is just this table); default 2. */
  headingOrder?: 1 | 2;
  /** Show the Add button (needs onAdd). Default true when onAdd is given. */
  allowAdd?: boolean;
  /** Show row Delete buttons (needs onDelete). Default true when onDelete is given. */
  allowDelete?: boolean;
  /** In edit mode every row is an input at once; 'Save all' sends only changed rows. */
  multiEdit?: boolean;
  /** Rows can be selected in edit mode: click, shift-click (range), ctrl/cmd-click (toggle). */
  selectable?: boolean;
  /** Background colour of a row (a Mantine colour name such as 'green' or any CSS colour). */
  rowColor?: (row: Row) => string | undefined;
  onAdd?: (values: Record<string, unknown>) => Promise<void>;
  /** Receives the changed rows only; may report rows that failed (shown on those rows). Throwing marks all failed. */
  onSave?: (changes: Array<RowChange<Row>>) => Promise<void | { failed: SaveFailure[] }>;
  onDelete?: (row: Row) => Promise<void>;
  /** Extra buttons in the header; they get the selected rows (edit mode) and the table's state. */
  headerActions?: (selected: Row[], context: HeaderActionsContext<Row>) => ReactNode;
  /**
   * Buttons of a row (e.g. 'Copy'), shown in the actions column in display and edit mode, before the
   * table's own edit and delete buttons.
   */
  rowActions?: (row: Row) => ReactNode;
  /** Room in pixels `rowActions` need (default 32, one action icon); the actions column grows by it. */
  rowActionsWidth?: number;
  /**
   * The entity a row's history is about: a History action opens the history screen filtered to it (none for
   * null). Give it to admins only (useHistoryOf), since only they may read the history.
   */
  historyOf?: (row: Row) => HistoryTarget | null;
  /** Anything else for the toolbar (e.g. a column toggle). */
  toolbarExtra?: ReactNode;
  /** May the user edit or delete comments of this row (SPEC 6)? Only honoured in edit mode. */
  canEditComments?: (row: Row) => boolean;
  /** Author name given to comments added in the comments dialog. */
  currentUser?: string;
  /** Called when the user asks to reload after a 412 (somebody else changed the row). */
  onReload?: () => void;
  /** Keys of columns to hide (e.g. the created/modified columns toggled by a button). */
  hiddenColumns?: string[];
  /** Initial sort, e.g. { key: 'name' }. */
  initialSort?: { key: string; desc?: boolean };
  /**
   * The rows are one or more pages the server sorted and filtered by `server.query`: the table neither sorts
   * nor filters them, and asks for the next page as its end scrolls into view. Selection, multi-edit and
   * 'Save all' work on the rows loaded so far.
   */
  server?: ServerRows;
  /** Keep sort and filters in sessionStorage under `tableKey` (default true; with `server`, the screen keeps them). */
  persistState?: boolean;
  /** Accessible name of the table; default the title when it is a string. */
  'aria-label'?: string;
}
