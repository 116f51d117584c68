import type { ColumnDef } from './types';
import { selectOptionsOf } from './select-options';

const pad = (n: number) => String(n).padStart(2, '0');

/** A field value as text: '' for nothing, JSON for a structure (never '[object Object]'). */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? '';
}

/** SPEC 9 date format dd.MM.yyyy HH:mm:ss in local time; '' for nothing, the input itself when it is no date. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(plainText(value));
  if (Number.isNaN(date.getTime())) return plainText(value);
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Cuts `text` to `max` characters with an ellipsis (SPEC 9: 30 for references, 60 for obligation texts). */
export function cut(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

/** A row's field, read by key. */
export function valueOf<Row>(row: Row, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** The text a cell shows, also what filters and sorting work on. */
export function textOf<Row>(column: ColumnDef<Row>, row: Row, value: unknown = valueOf(row, column.key)): string {
  if (column.filterValue) return column.filterValue(row);
  switch (column.type ?? 'text') {
    case 'select': {
      const option = selectOptionsOf(column, row).find((o) => o.value === value);
      return option?.label ?? plainText(value);
    }
    case 'multiselect':
    case 'references': {
      const options = selectOptionsOf(column, row);
      const values = Array.isArray(value) ? value : [];
      return values.map((v) => options.find((o) => o.value === v)?.label ?? plainText(v)).join(', ');
    }
    case 'date':
      return formatDateTime(value);
    case 'password':
    case 'image':
    case 'comments':
      return '';
    case 'checkbox':
      return value ? '1' : '0';
    default:
      return plainText(value);
  }
}

/** Whether two field values are the same, comparing arrays and plain objects by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null)
    return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** Nothing entered: null, undefined, blank text or an empty list. */
export function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}
