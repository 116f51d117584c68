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
