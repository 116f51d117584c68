import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbConnection } from '../../src/db/connection.js';
import { runMigrations } from '../../src/db/migrate.js';
import { adminQuery, databaseUrl } from './postgres.js';

export interface TestDatabase extends DbConnection {
  name: string;
  connectionString: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

export type TestDatabaseContent = 'demo' | 'schema' | 'none';

/**
 * A database of its own for one test file. `demo` (default): a copy of the migrated template with
 * demo data of size S and TEST_SEED; `schema`: migrated, no data; `none`: not even migrated.
 */
export async function createTestDatabase({
  content = 'demo',
}: { content?: TestDatabaseContent } = {}): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `${inject('testDatabasePrefix')}${randomBytes(6).toString('hex')}`;
  const from = content === 'demo' ? ` template ${pg.escapeIdentifier(inject('templateDatabase'))}` : '';
  await createDatabase(adminUrl, `create database ${pg.escapeIdentifier(name)}${from}`);
  const connectionString = databaseUrl(adminUrl, name);
  const connection = createDb(connectionString);
  if (content === 'schema') await runMigrations(connection.db);
  return {
    ...connection,
    name,
    connectionString,
    async drop() {
      await connection.close();
      await adminQuery(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    },
  };
}

/** Copies of one template made at the same moment can collide ("being accessed by other users"): retry. */
async function createDatabase(adminUrl: string, statement: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, statement);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
