import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import type { Db } from './connection.js';

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '..', '..', 'drizzle');

/** Advisory-lock key that serialises migrations of instances starting at the same time. */
const MIGRATION_LOCK = 7_336_001;

/** Applies the pending migrations of server/drizzle in one transaction; throws if any fails. */
export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    client.release();
  } catch (err) {
    // Discarding the connection also drops the session's advisory lock.
    client.release(true);
    throw new Error(`database migration failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
