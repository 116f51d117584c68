import { fold } from '@dp/contract';
import { sql, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './connection.js';
import type { DbTime } from './time.js';

const dialect = new PgDialect();

/**
 * Runs a hot read as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * then reuses the plan. For one version's list, planning cost three times the execution. Only for
 * statements whose text is the same for every input (the values are parameters): each name is kept by
 * every connection, and one name must always stand for one text.
 */
export async function executePrepared<Row>(db: Executor, name: string, query: SQL): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/**
 * An int[] parameter. Drizzle spreads a JS array into a list of parameters, so the ids travel as one
 * array literal instead; they are integers by type, so the literal cannot carry anything else.
 */
export function intArray(ids: readonly number[]) {
  const literal = `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;
  return sql`${literal}::int[]`;
}

/**
 * A parameter the planner cannot see through, `(select $n::type)`, for the statements of executePrepared.
 * PostgreSQL plans a prepared statement for its first five values and then keeps one generic plan only
 * if that is no dearer than those: with values it can see, a system's list in a catalog of mostly
 * assembly compatibilities kept it planning every call (server/test/db/prepared-reads.test.ts). With
 * only opaque parameters every plan costs the same, so it settles on the generic one.
 */
export function opaque(value: number | string, type: 'int' | 'item_kind') {
  return sql`(select ${value}::${sql.raw(type)})`;
}

type ColumnsOf<T extends Table> = T['_']['columns'];

/**
 * A table's row as node-postgres returns it (`pool.query`): keyed by the columns' own (snake_case) names,
 * with the schema's types. Pick the selected columns from it rather than spelling a row type again.
 */
export type PgRow<T extends Table> = {
  [K in keyof ColumnsOf<T> & keyof T['$inferSelect'] as ColumnsOf<T>[K]['_']['name']]: T['$inferSelect'][K];
};

/** A timestamp as raw SQL through drizzle returns it: as text, not as Date. */
type ThroughDrizzle<V> = V extends Date ? DbTime : V;

/** A table's row as raw SQL through drizzle (`db.execute`) returns it; see PgRow. */
export type SqlRow<T extends Table> = { [K in keyof PgRow<T>]: ThroughDrizzle<PgRow<T>[K]> };

/**
 * A name in natural order ("APS-1003" before "APS-10018", "2.9" before "2.10"), as the web app's tables
 * sort names: the ICU collation dp_natural (migration 0006) compares runs of digits as numbers. Listings
 * read a kind's items in this order from items_kind_name_natural_idx and an item's versions from
 * versions_natural_order_idx, whose expressions are built with it.
 */
export const naturally = (name: SQL): SQL => sql`(${name} collate "dp_natural")`;

/** One column of a keyset order: its expression, the value the cursor holds for it (typed SQL), its direction. */
export interface KeysetColumn {
  expression: SQL;
  value: SQL;
  desc: boolean;
}

/** `order by` for a keyset order, the columns in turn. */
export function keysetOrder(columns: readonly KeysetColumn[]): SQL {
  return sql.join(
    columns.map(({ expression, desc }) => sql`${expression} ${desc ? sql`desc` : sql`asc`}`),
    sql`, `,
  );
}

/** A column a table's page may be sorted by: its expression, and the type its cursor value is read back as. */
export interface SortColumn {
  expression: SQL;
  type: SQL;
}

/** Where a page sorted by one column ends: its last row's value of that column (as PostgreSQL wrote it) and id. */
export interface ColumnKey {
  value: string;
  id: number;
}

/**
 * A table's page sorted by one column, then by `id`, both in the column's direction: the `order by`, the
 * condition for the rows after `after` (empty for the first page), and the sort value as text, which each
 * row carries for the next page's cursor.
 */
export function sortedByColumn(column: SortColumn, id: SQL, desc: boolean, after: ColumnKey | null) {
  const keyset: KeysetColumn[] = [
    { expression: column.expression, value: sql`cast(${after?.value ?? null} as ${column.type})`, desc },
    { expression: id, value: sql`${after?.id ?? 0}`, desc },
  ];
  return {
    order: keysetOrder(keyset),
    after: after === null ? sql`` : sql`and ${keysetAfter(keyset)}`,
    sortValue: sql`(${column.expression})::text`,
  };
}

/**
 * "Comes after the cursor" in a keyset order whose columns may run in different directions:
 * (a > x) or (a = x and b < y) or (a = x and b = y and c > z) … The last column must make the order total.
 */
export function keysetAfter(columns: readonly KeysetColumn[]): SQL {
  // All in one direction: a row comparison, which an index in that order answers as a range.
  const desc = columns[0]?.desc ?? false;
  if (columns.every((column) => column.desc === desc)) {
    const list = (part: 'expression' | 'value') =>
      sql.join(
        columns.map((column) => column[part]),
        sql`, `,
      );
    return desc
      ? sql`((${list('expression')}) < (${list('value')}))`
      : sql`((${list('expression')}) > (${list('value')}))`;
  }
  const branches = columns.map((column, index) => {
    const equalBefore = columns.slice(0, index).map(({ expression, value }) => sql`${expression} = ${value}`);
    const beyond = column.desc
      ? sql`${column.expression} < ${column.value}`
      : sql`${column.expression} > ${column.value}`;
    return sql`(${sql.join([...equalBefore, beyond], sql` and `)})`;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** The folded text as a LIKE literal: its own %, _ and \ match only themselves. */
const likeLiteral = (text: string): SQL =>
  sql`replace(replace(replace(dp_fold(${text}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * LIKE pattern "contains `text` folded by dp_fold()" (SPEC 5's folding: case, accents, repeated spaces), its
 * own %, _ and \ taken literally; compared with a stored `*_folded` column, the trigram indexes serve it.
 * dp_fold is immutable, so PostgreSQL folds the typed text once while planning.
 */
export const containingFolded = (text: string): SQL => sql`'%' || ${likeLiteral(text)} || '%'`;

/** What splits a text into words for pg_trgm: anything but letters and digits; punctuation is that but spaces. */
const WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;
const PUNCTUATION = /[^\p{L}\p{N}\s]/u;

/**
 * Whether a folded word is also looked for with its punctuation joined into its words (dp_joined, migration
 * 0015): when it has punctuation and no part of it gives pg_trgm a rare trigram, each part being shorter
 * than three characters and without two letters in a row ("1.3", "2.10"). Those parts are in most version
 * numbers: at M a hint for "2.0" rechecked 33,000 of them (41 → 7 ms joined). A part like "mat" or "im" is
 * rare enough as it is, and reading a second index cost more than it saved ("mcb-" 6 → 10 ms). Which words
 * take the second condition is only a question of speed: what dp_joined finds includes what the LIKE finds.
 */
const joinedHelps = (foldedText: string): boolean => {
  if (!PUNCTUATION.test(foldedText)) return false;
  return foldedText.split(WORD_SEPARATORS).every((part) => part.length < 3 && !/\p{L}{2}/u.test(part));
};

/**
 * A stored `*_folded` column contains `text` folded. A text of one or two characters has no trigram, so
 * the trigram index cannot serve the LIKE and PostgreSQL would read every row: for such a text, the rows
 * that hold each of its characters come from the column's characters index (migration 0012) first. A
 * longer text with punctuation may also be looked for with its punctuation joined into its words (joinedHelps).
 */
export const containsFolded = (column: SQL, text: string): SQL => {
  const contains = sql`${column} like ${containingFolded(text)}`;
  const foldedText = fold(text);
  if (foldedText.length <= 2)
    return sql`(${contains} and string_to_array(${column}, null) @> string_to_array(dp_fold(${text}), null))`;
  if (!joinedHelps(foldedText)) return contains;
  // The LIKE only rechecks what the joined index finds. Its own trigrams are in most version numbers, and
  // where the column's statistics expected few rows (name2 at M: 3, not 33,000) PostgreSQL read them all
  // through the plain trigram index (hint "2.0" at M 14 → 2 ms, full search at L 25 → 11 ms). `|| ''` keeps
  // the LIKE from that index.
  const rechecked = sql`(${column} || '') like ${containingFolded(text)}`;
  // dp_joined's output is a LIKE pattern as it stands: it turns %, _ and \ into letters (migration 0015).
  return sql`(${rechecked} and dp_joined(${column}) like '%' || dp_joined(dp_fold(${text})) || '%')`;
};

/** LIKE pattern "starts with `text` folded by dp_fold()"; a `text_pattern_ops` index serves it as a range. */
export const startingFolded = (text: string): SQL => sql`${likeLiteral(text)} || '%'`;
