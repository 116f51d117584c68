import { sql, type Table } from 'drizzle-orm';
import type { DbTime } from './time.js';

/**
 * An int[] parameter. Drizzle spreads a JS array into a list of parameters, so the ids travel as one
 * array literal instead; they are integers by type, so the literal cannot carry anything else.
 */
export function intArray(ids: readonly number[]) {
  const literal = `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;
  return sql`${literal}::int[]`;
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
