import type { ColumnDef, SelectOption } from './types';

// Spelled exactly as SPEC 5 gives them.
export const SELECT_OPTIONS_MISSING = 'You must spicify select options';
export const SELECT_OPTIONS_WRONG_TYPE = 'Select options must be ether function or array';
export const REFERENCES_MISSING = 'You must specify refenrences';

/** Whether cells of this type hold a list of chosen option values. */
export const isMultiValue = (type: ColumnDef<unknown>['type']) => type === 'multiselect' || type === 'references';

/** Throws the SPEC 5 errors for a select-like column whose options are missing or of a wrong type. */
export function validateSelectOptions<Row>(column: ColumnDef<Row>): void {
  if (column.type !== 'select' && !isMultiValue(column.type)) return;
  const options: unknown = column.options;
  if (options === undefined || options === null)
    throw new Error(column.type === 'references' ? REFERENCES_MISSING : SELECT_OPTIONS_MISSING);
  if (!Array.isArray(options) && typeof options !== 'function') throw new Error(SELECT_OPTIONS_WRONG_TYPE);
}

/**
 * The options of `column` for `row`; `edited` is the row with its unsaved edits applied (default the
 * row). For the Add dialog `row` is undefined: function options get an empty row.
 */
export function selectOptionsOf<Row>(column: ColumnDef<Row>, row: Row | undefined, edited?: Row): SelectOption[] {
  validateSelectOptions(column);
  const { options } = column;
  if (typeof options === 'function') {
    const base = row ?? ({} as Row);
    return options(base, edited ?? base);
  }
  return options ?? [];
}

/** Whether `column` is an input at all in edit mode (a function counts: it decides per row). */
export function isEditableColumn<Row>(column: ColumnDef<Row>): boolean {
  return Boolean(column.isEditable);
}

/** Whether the input of `column` is enabled for `row` with its unsaved edits applied (`edited`). */
export function isCellEditable<Row>(column: ColumnDef<Row>, row: Row, edited: Row = row): boolean {
  const { isEditable } = column;
  return typeof isEditable === 'function' ? isEditable(row, edited) : Boolean(isEditable);
}

/** Select columns with fixed options filter by choosing an option (exact match) rather than by text. */
export function hasOptionFilter<Row>(column: ColumnDef<Row>): boolean {
  return column.type === 'select' && Array.isArray(column.options) && !column.filterValue && !column.optionSearch;
}
