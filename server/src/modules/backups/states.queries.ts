import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';

/** When the listed backup of that name was taken, or null when there is none. */
export async function backupCreatedAt(db: Executor, name: string): Promise<Date | null> {
  const result = await db.execute<{ created_at: string | Date }>(
    sql`select created_at from backups where name = ${name}`,
  );
  const row = result.rows[0];
  return row ? new Date(row.created_at) : null;
}

/** When the history began, and whether `at` lies between then and now (issue 41). */
export async function historyBounds(db: Executor, at: string) {
  const result = await db.execute<{ began: string | Date; inside: boolean }>(
    sql`select b.at as began, ${at}::timestamptz between b.at and clock_timestamp() as inside from history.began b`,
  );
  return result.rows[0];
}
