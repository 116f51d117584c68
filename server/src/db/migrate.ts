import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import type pg from 'pg';
import { SERVER_ROOT } from '../paths.js';
import type { Db } from './connection.js';

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/** Advisory-lock key that serialises migrations of instances starting at the same time. */
const MIGRATION_LOCK = 7_336_001;

/**
 * Applies the pending migrations of server/drizzle in one transaction and returns how many ran;
 * throws if any fails.
 */
export async function runMigrations(db: Db): Promise<{ applied: number }> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const before = await appliedCount(client);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const after = await appliedCount(client);
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    client.release();
    return { applied: after - before };
  } catch (err) {
    // Discarding the connection also drops the session's advisory lock.
    client.release(true);
    throw new Error(`database migration failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

async function appliedCount(client: pg.PoolClient) {
  const table = await client.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return 0;
  const result = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return result.rows[0]?.n ?? 0;
}
