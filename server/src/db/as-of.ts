import { sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { badRequest, msg } from '../http/errors.js';

/** When the history began, and whether `at` lies between then and now. */
export interface HistoryBounds {
  began: string | Date;
  inside: boolean;
}

/** Refuses a time outside the history (before it began, or in the future), naming the earliest time. */
export function assertInHistory(at: string, bounds: HistoryBounds | undefined) {
  if (!bounds?.inside)
    throw badRequest(
      msg('history.atOutOfRange', { at, earliest: bounds ? new Date(bounds.began).toISOString() : '–' }),
    );
}

/**
 * Runs `read` against the catalog as it was at `at` (issue 41), or as it is when `at` is absent. In one
 * read-only transaction the asof views (same names and columns as the catalog's tables, rows valid at
 * dp.at) come first on the search path, so the usual queries answer for the past unchanged. A time
 * before the history began or in the future is refused with a message naming the earliest time.
 */
export async function readAsOf<T>(db: Db, at: string | undefined, read: (db: Db) => Promise<T>): Promise<T> {
  if (at === undefined) return read(db);
  return db.transaction(
    async (tx) => {
      // One round trip: the bounds, and the settings (discarded with the transaction when the time is refused).
      const result = await tx.execute<{ began: string; inside: boolean }>(sql`
        select b.at as began, ${at}::timestamptz between b.at and clock_timestamp() as inside,
               set_config('dp.at', ${at}, true), set_config('search_path', 'asof, public', true)
          from history.began b`);
      assertInHistory(at, result.rows[0]);
      // The catalog's reads take a Db and call only what a transaction has too (never the pool behind it).
      return read(tx as unknown as Db);
    },
    { accessMode: 'read only' },
  );
}
