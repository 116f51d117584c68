import { fold } from '@dp/contract';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../src/db/connection.js';
import { countDataRows } from '../../src/db/demo-data.js';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { adminQuery, databaseUrl } from '../support/postgres.js';

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

/** Texts that exercise every part of the fold: case, accents, ligatures, runs of whitespace, outer blanks. */
const FOLD_SAMPLES = ['  Türverriegelung   ÄM-2024 ', 'Œuvre\tÉLAN', 'Straße', 'Ñandú\n  Çà', 'plain'];
/** dp_fold of each sample, in order, to compare with the rule's one spelling, fold() in the contract. */
const foldedBy = async (pool: pg.Pool) =>
  (
    await pool.query<{ folded: string }>(
      'select dp_fold(s) as folded from unnest($1::text[]) with ordinality u(s, n) order by n',
      [FOLD_SAMPLES],
    )
  ).rows.map((row) => row.folded);

describe('dp_fold', () => {
  it('folds as fold() of the contract does, and under a superuser is inlined into the query, never called row by row', async () => {
    expect(await foldedBy(seeded.pool)).toEqual(FOLD_SAMPLES.map(fold));
    const superuser = (await seeded.pool.query('select rolsuper from pg_roles where rolname = current_user')).rows[0]
      .rolsuper as boolean;
    const plan = (await seeded.pool.query('explain (verbose, costs off) select dp_fold(name) from items')).rows
      .map((row) => row['QUERY PLAN'] as string)
      .join('\n');
    // Inlined, the plan names the C function; called, it names the SQL wrapper (3.7 of 4.7 s to insert L's versions).
    expect(plan).toContain(superuser ? 'dp_unaccent(' : 'dp_fold(');
    expect(plan).not.toContain(superuser ? 'dp_fold(' : 'dp_unaccent(');
  });

  it('is created by a role that is not a superuser too, as the slower wrapper that folds the same', async () => {
    const adminUrl = inject('databaseAdminUrl');
    const name = `${inject('testDatabasePrefix')}owner_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    await adminQuery(adminUrl, `create role ${pg.escapeIdentifier(name)} login password '${password}'`);
    await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(name)} owner ${pg.escapeIdentifier(name)}`);
    const url = new URL(databaseUrl(adminUrl, name));
    url.username = name;
    url.password = password;
    const owner = createDb(url.toString());
    try {
      expect(await runMigrations(owner.db)).toEqual({ applied: journal.entries.length });
      expect((await owner.pool.query(`select to_regproc('public.dp_unaccent') as alias`)).rows).toEqual([
        { alias: null },
      ]);
      expect(await foldedBy(owner.pool)).toEqual(FOLD_SAMPLES.map(fold));
    } finally {
      await owner.close();
      await adminQuery(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await adminQuery(adminUrl, `drop role if exists ${pg.escapeIdentifier(name)}`);
    }
  });
});
