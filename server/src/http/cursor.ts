import { dbId, isSearchable, NAME_MAX } from '@dp/contract';
import { z } from 'zod';
import { badRequest, msg } from './errors.js';

// A keyset cursor: the sort key of a page's last entry as base64url JSON, which clients pass back unread as
// `after`. It comes back from the client, so it is checked like any input: a forged one is a 400 and never
// reaches a query.

/** A text a cursor may hold: what a name can be (no NUL, no longer than a name). */
export const cursorText = z
  .string()
  .max(NAME_MAX)
  .refine((text) => !text.includes('\u0000'));

function encodeCursor(fields: ReadonlyArray<string | number | boolean | null>): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/**
 * The fields of an `after` cursor (a query parameter, or a field of the body), checked by `schema`; anything
 * encodeCursor did not make is refused with 400.
 */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>, part: 'querystring' | 'body' = 'querystring'): T {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    fields = undefined;
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const where = msg('validation.field', { part: msg(`validation.part.${part}`), field: 'after' });
  throw badRequest(
    msg('errors.validation', { issues: [msg('validation.issue', { where, problem: msg('zodIssue.format') })] }),
  );
}

/**
 * A page from the rows of a query that asked for `limit + 1`: the first `limit`, and the cursor after the last
 * of them when the extra row shows that another page follows (null on the last page).
 */
export function pageOf<Row, Entry>(
  rows: readonly Row[],
  limit: number,
  toEntry: (row: Row) => Entry,
  cursorFields: (row: Row) => ReadonlyArray<string | number | boolean | null>,
): { items: Entry[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toEntry), next: rows.length > limit && last ? encodeCursor(cursorFields(last)) : null };
}

const textCursor = z.tuple([cursorText, dbId]);
/** A timestamp as PostgreSQL writes one ('2025-03-04 05:06:07.123456+00'): what a time-sorted cursor holds. */
const timestampText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/)
  .refine((text) => !Number.isNaN(Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))));
const timeCursor = z.tuple([timestampText, dbId]);
const TIME_COLUMNS: readonly string[] = ['creation_time', 'modification_time'];

/**
 * A page sorted by one column, then by id (`sort` as 'name' or '-name' for descending): the column, its
 * direction and the key the page starts after, read from the `after` cursor (a forged one is a 400).
 */
export function columnPage<Column extends string>(sort: Column | `-${Column}`, after: string | undefined) {
  const desc = sort.startsWith('-');
  const column = (desc ? sort.slice(1) : sort) as Column;
  const key = after === undefined ? null : decodeCursor(after, TIME_COLUMNS.includes(column) ? timeCursor : textCursor);
  return { column, desc, after: key && { value: key[0], id: key[1] } };
}

/** A listing's text filter, or null when it is absent or folds to nothing (filters nothing). */
export const textFilter = (text: string | undefined): string | null =>
  text !== undefined && isSearchable(text) ? text : null;
