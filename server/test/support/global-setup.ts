import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/db/connection.js';
import { seedDemoData } from '../../src/db/demo-data.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';
import { adminQuery, databaseUrl, TEST_SEED } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser (or CREATEDB) connection to the test server. */
    databaseAdminUrl: string;
    /** Migrated and seeded (size S, TEST_SEED); each test file gets a copy. */
    templateDatabase: string;
    /** Prefix of every database this run creates, so teardown can drop leftovers. */
    testDatabasePrefix: string;
  }
}

/**
 * One PostgreSQL for the whole API run: the embedded one in a temporary folder, or the server of
 * DATABASE_URL (CI runs the suite once more against Debian's PostgreSQL that way).
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const template = `dp_template_${runId}`;
  const prefix = `dp_test_${runId}_`;
  const external = process.env.DATABASE_URL || undefined;
  let server: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;

  const teardown = async () => {
    if (external) {
      const leftovers = await adminQuery<{ datname: string }>(
        external,
        'select datname from pg_database where datname = $1 or starts_with(datname, $2)',
        [template, prefix],
      );
      for (const { datname } of leftovers.rows)
        await adminQuery(external, `drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
    }
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    if (!external) {
      // As root, startEmbeddedPostgres lets the `postgres` user enter this 0700 folder.
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'dp-api-pg-'));
      server = await startEmbeddedPostgres({ dataDir, database: 'postgres' });
    }
    const adminUrl = external ?? (server as EmbeddedPostgres).connectionString;
    await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(template)}`);
    const seeding = createDb(databaseUrl(adminUrl, template));
    try {
      await runMigrations(seeding.db);
      await seedDemoData(seeding.db, { size: 'S', seed: TEST_SEED });
    } finally {
      // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
      await seeding.close();
    }
    project.provide('databaseAdminUrl', adminUrl);
    project.provide('templateDatabase', template);
    project.provide('testDatabasePrefix', prefix);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
