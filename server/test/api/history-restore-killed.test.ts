import { BACKUP_TABLES } from '@dp/contract';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChildServer, startChildServer, type ChildServer } from '../support/child-server.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

/** The test's own connections, kept apart from the server's in pg_stat_activity. */
const WATCHER = 'restore-killed-test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 41: a restore killed midway, server and database both (kill -9), leaves the old state whole.
// The server runs as a child process with its own embedded PostgreSQL under its own DATA_DIR.
describe('a restore killed midway', { timeout: 600_000 }, () => {
  let tokens: TestApp;
  let dataDir: string;
  let server: ChildServer | undefined;
  let db: pg.Pool | undefined;

  beforeAll(async () => {
    // Only for its token issuer: the child accepts the tokens this app's issuer signs.
    tokens = await buildTestApp();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dp-restore-killed-'));
  });

  afterAll(async () => {
    await db?.end();
    await killChildServer(server);
    await stopPostmaster(dataDir).catch(() => {});
    await tokens.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts the server on DATA_DIR and waits for its health; its embedded PostgreSQL starts with it. */
  async function startServer(): Promise<string> {
    server = await startChildServer(tokens.issuer.issuer, {
      DATA_DIR: dataDir,
      DEPLOYMENT: 'work',
      SEED_DEMO_DATA: 'S',
    });
    return server.url;
  }

  /** The child's own database, found as its postmaster.pid and password file name it. */
  async function connect(): Promise<pg.Pool> {
    const pid = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: Number(pid[3]),
      user: 'postgres',
      password,
      database: 'portfolio',
      application_name: WATCHER,
    });
    // The kill ends the pool's idle connections too; that is the point, not an error.
    pool.on('error', () => {});
    return pool;
  }

  /** Every product table, row by row, as text: equal states give equal snapshots. */
  async function snapshot(pool: pg.Pool): Promise<Record<string, string>> {
    const state: Record<string, string> = {};
    for (const table of BACKUP_TABLES) {
      const rows = await pool.query(
        `select coalesce(string_agg(t::text, E'\\n' order by t::text), '') as rows from "${table}" t`,
      );
      state[table] = rows.rows[0].rows as string;
    }
    return state;
  }

  it('leaves the old state whole: the database holds exactly the state before', async () => {
    const base = await startServer();
    const admin = await tokens.as('admin');
    const call = (method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: { ...admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // A small backup, then many more rows: restoring the backup has much to delete (and record).
    const backup = await call('POST', '/api/backups');
    expect(backup.status).toBe(201);
    const name = ((await backup.json()) as { name: string }).name;
    db = await connect();
    await db.query(
      `insert into "references" (reference, description) select 'bulk-' || n, repeat('x', 200) from generate_series(1, 150000) n`,
    );
    const before = await snapshot(db);

    const restore = call('POST', '/api/db/restore', { bkp: name }).catch(() => null);
    // Wait until the restore's transaction works in the database, then kill the server and PostgreSQL.
    for (let i = 0; ; i++) {
      const active = await db.query(
        `select count(*)::int as n from pg_stat_activity
          where state <> 'idle' and query ilike '%restore\\_%' and application_name <> $1`,
        [WATCHER],
      );
      if (active.rows[0].n > 0) break;
      if (i > 2400) throw new Error('the restore never started');
      await sleep(25);
    }
    // Both at once (the signal goes before the first await), so PostgreSQL dies inside the transaction.
    const serverGone = killChildServer(server);
    await stopPostmaster(dataDir);
    await serverGone;
    await restore;
    await db.end().catch(() => {});
    db = undefined;

    // Started again, PostgreSQL recovers from its log: the restore never committed.
    await startServer();
    db = await connect();
    expect(await snapshot(db)).toEqual(before);
    const leftovers = await db.query(`select nspname from pg_namespace where nspname like 'restore\\_%'`);
    expect(leftovers.rows).toEqual([]);
  });
});

/** The processes whose parent is `pid` (PostgreSQL's backends and helpers), from /proc. */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command may hold spaces and parentheses: the parent's pid is the second field after the last ')'.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}

/** kill -9 of the postmaster named in the cluster's postmaster.pid and of every process it started. */
async function stopPostmaster(dataDir: string) {
  const pid = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const all = [pid, ...(await childrenOf(pid))];
  for (const each of all) {
    try {
      process.kill(each, 'SIGKILL');
    } catch (error) {
      // A backend of the killed server ends by itself once its client is gone: already away is fine.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  for (let i = 0; i < 400; i++) {
    const alive = all.filter((each) => {
      try {
        process.kill(each, 0);
        return true;
      } catch {
        return false;
      }
    });
    if (alive.length === 0) return;
    await sleep(25);
  }
  throw new Error('PostgreSQL outlived SIGKILL');
}
