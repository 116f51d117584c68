import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/connection.js';
import { countDataRows } from '../../src/db/demo-data.js';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/** Tables, columns and constraints: what a migration would change. */
async function schemaShape(db: TestDatabase) {
  const result = await db.pool.query(`
    select c.relname, a.attname, format_type(a.atttypid, a.atttypmod) as type,
           (select string_agg(conname, ',' order by conname) from pg_constraint where conrelid = c.oid) as constraints
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind = 'r' order by 1, 2`);
  return result.rows;
}
const appliedMigrations = async (db: TestDatabase) =>
  (await db.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;

let seeded: TestDatabase;
let blank: TestDatabase;
beforeAll(async () => {
  [seeded, blank] = await Promise.all([createTestDatabase(), createTestDatabase({ content: 'none' })]);
});
afterAll(() => Promise.all([seeded, blank].map((d) => d?.drop())));

describe('migrations', () => {
  it('run again are a no-op', async () => {
    const shape = await schemaShape(seeded);
    const counts = await countDataRows(seeded.db);
    expect(await appliedMigrations(seeded)).toBe(journal.entries.length);

    expect(await runMigrations(seeded.db)).toEqual({ applied: 0 });
    expect(await runMigrations(seeded.db)).toEqual({ applied: 0 });

    expect(await appliedMigrations(seeded)).toBe(journal.entries.length);
    expect(await schemaShape(seeded)).toEqual(shape);
    expect(await countDataRows(seeded.db)).toEqual(counts);
  });

  it('started by several instances at once are applied exactly once', async () => {
    const instances = Array.from({ length: 3 }, () => createDb(blank.connectionString));
    try {
      const results = await Promise.all(instances.map((instance) => runMigrations(instance.db)));
      expect(results.map((r) => r.applied).sort()).toEqual([0, 0, journal.entries.length]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
    expect(await appliedMigrations(blank)).toBe(journal.entries.length);
    expect((await blank.pool.query('select id from data_info')).rows).toEqual([{ id: 1 }]);
  });

  it('fail loudly', async () => {
    const broken = createDb(blank.connectionString.replace(/\/[^/?]+(\?|$)/, '/no_such_database$1'));
    try {
      await expect(runMigrations(broken.db)).rejects.toThrow(/no_such_database/);
    } finally {
      await broken.close();
    }
  });
});
