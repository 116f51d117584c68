import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';

/** Resolves when PostgreSQL answers a trivial statement. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
