import { sql } from 'drizzle-orm';

/**
 * An int[] parameter. Drizzle spreads a JS array into a list of parameters, so the ids travel as one
 * array literal instead; they are integers by type, so the literal cannot carry anything else.
 */
export function intArray(ids: readonly number[]) {
  const literal = `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;
  return sql`${literal}::int[]`;
}
