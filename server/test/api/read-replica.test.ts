import type { Item, ServerStatus } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDb, type DbConnection } from '../../src/db/connection.js';
import { seedDemoData } from '../../src/db/demo-data.js';
import { runMigrations } from '../../src/db/migrate.js';
import { READ_AFTER_HEADER, replicaRouting, WRITE_POSITION_HEADER } from '../../src/db/read-routing.js';
import type { ZodApp } from '../../src/http/types.js';
import { debianPostgresBin, startPrimaryWithReplica, type ReplicaCluster } from '../support/replica-cluster.js';
import { testConfig } from '../support/test-app.js';
import { startTestIssuer, TEST_AUDIENCE } from '../support/test-issuer.js';

// Issue 14 item 8: with DATABASE_READ_URL, evaluation reads go to a streaming replica, while a user who
// just saved reads their own write. Debian's PostgreSQL runs as primary plus a `pg_basebackup -R` replica;
// pausing the replica's replay makes "the replica is behind" something the test controls.

const bin = debianPostgresBin();
let cluster: ReplicaCluster;
let primary: DbConnection;
let replica: DbConnection;
let app: ZodApp;
let issuer: Awaited<ReturnType<typeof startTestIssuer>>;
const tokens = new Map<string, string>();

async function headersOf(role: 'admin' | 'intern') {
  if (!tokens.has(role)) tokens.set(role, await issuer.tokenFor(role, [role]));
  return { authorization: `Bearer ${tokens.get(role)}` };
}

async function nameSeenBy(role: 'admin' | 'intern', href: string, extra: Record<string, string> = {}) {
  const res = await app.inject({ url: href, headers: { ...(await headersOf(role)), ...extra } });
  expect(res.statusCode).toBe(200);
  return res.json<Item>().name;
}

const replayPaused = (paused: boolean) =>
  replica.pool.query(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');

async function replicaCaughtUp() {
  const lsn = (await primary.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
  for (let i = 0; i < 200; i++) {
    const { rows } = await replica.pool.query<{ done: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
      [lsn],
    );
    if (rows[0]?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the replica did not catch up within 10 s');
}

beforeAll(async () => {
  if (!bin) throw new Error("Debian's PostgreSQL is missing: apt-get install postgresql (.ci/run does)");
  cluster = await startPrimaryWithReplica(bin);
  primary = createDb(cluster.primaryUrl);
  replica = createDb(cluster.replicaUrl);
  await runMigrations(primary.db);
  await seedDemoData(primary.db, { size: 'S' });
  await replicaCaughtUp();
  issuer = await startTestIssuer();
  const config = testConfig({
    OIDC_ISSUER: issuer.issuer,
    OIDC_AUDIENCE: TEST_AUDIENCE,
    DATABASE_URL: cluster.primaryUrl,
    DATABASE_READ_URL: cluster.replicaUrl,
  });
  app = await buildApp({
    config,
    db: primary.db,
    pool: primary.pool,
    reads: replicaRouting(primary.db, replica, () => {}, { checkEveryMs: 200 }),
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await issuer?.close();
  await replica?.close();
  await primary?.close();
  cluster?.stop();
});

describe('reads from a streaming replica (DATABASE_READ_URL)', () => {
  it('serves evaluation reads from the replica, and a writer reads their own write at once', async () => {
    const { rows } = await primary.pool.query<{ id: number; name: string }>(
      "select id, name from items where kind = 'system' order by id limit 2",
    );
    const [first, second] = rows.map((row) => ({ ...row, href: `/api/systems/${row.id}` }));

    // The replica stops replaying; a change made on the primary behind the app's back is not seen.
    await replayPaused(true);
    await primary.pool.query('update items set name = $1 where id = $2', [`${first!.name} (renamed)`, first!.id]);
    expect(await nameSeenBy('intern', first!.href)).toBe(first!.name);

    // The admin saves through the API: the answer names the primary's position, and the admin's next
    // read goes to the primary, since the replica has not replayed it.
    const before = await app.inject({ url: second!.href, headers: await headersOf('admin') });
    const saved = await app.inject({
      method: 'PUT',
      url: second!.href,
      headers: { ...(await headersOf('admin')), 'if-match': before.json<Item>().etag },
      payload: { name: 'Saved By Admin', description: '' },
    });
    expect(saved.statusCode).toBe(200);
    const position = saved.headers[WRITE_POSITION_HEADER];
    expect(position).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(await nameSeenBy('admin', second!.href)).toBe('Saved By Admin');

    // Another user still reads the replica; with the position (as the web app sends it, so that any
    // instance behind a load balancer honours it) the read waits for nothing and goes to the primary.
    expect(await nameSeenBy('intern', second!.href)).toBe(second!.name);
    expect(await nameSeenBy('intern', second!.href, { [READ_AFTER_HEADER]: String(position) })).toBe('Saved By Admin');

    // Once the replica has replayed, everyone reads the replica and sees both changes.
    await replayPaused(false);
    await replicaCaughtUp();
    expect(await nameSeenBy('intern', second!.href)).toBe('Saved By Admin');
    expect(await nameSeenBy('intern', first!.href)).toBe(`${first!.name} (renamed)`);
    expect(await nameSeenBy('admin', second!.href)).toBe('Saved By Admin');
  });

  it("shows admins the replica's lag: bytes and seconds behind while it does not replay, none once it has", async () => {
    const status = async () => {
      const res = await app.inject({ url: '/api/server-status', headers: await headersOf('admin') });
      expect(res.statusCode).toBe(200);
      return res.json<ServerStatus>().reads.replica;
    };
    await replicaCaughtUp();
    expect(await status()).toEqual({ reachable: true, lag_bytes: 0, lag_seconds: 0 });
    await replayPaused(true);
    try {
      await primary.pool.query("update items set description = 'lagging' where kind = 'system'");
      // Written before this second ends, so the last replayed transaction is older than it.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const behind = await status();
      expect(behind?.reachable).toBe(true);
      expect(behind?.lag_bytes).toBeGreaterThan(0);
      expect(behind?.lag_seconds).toBeGreaterThan(1);
    } finally {
      await replayPaused(false);
    }
    await replicaCaughtUp();
    expect((await status())?.lag_bytes).toBe(0);
    const intern = await app.inject({ url: '/api/server-status', headers: await headersOf('intern') });
    expect(intern.statusCode).toBe(403);
  });

  it('answers a repeated search from the state of the database it reads: replica or primary', async () => {
    const hints = async (role: 'admin' | 'intern') => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/search/hint',
        headers: await headersOf(role),
        payload: { word: 'pottwal' },
      });
      expect(res.statusCode).toBe(200);
      return res.json<unknown[]>().length;
    };
    expect(await hints('intern')).toBe(0);
    await replayPaused(true);
    const created = await app.inject({
      method: 'POST',
      url: '/api/assemblies',
      headers: await headersOf('admin'),
      payload: { name: 'Pottwal Gelenk' },
    });
    expect(created.statusCode).toBe(201);
    // The admin reads the primary, the intern the replica that has not replayed the write: the same
    // question, two states, two answers, each kept for its own state.
    expect(await hints('admin')).toBe(1);
    expect(await hints('intern')).toBe(0);
    expect(await hints('admin')).toBe(1);
    await replayPaused(false);
    await replicaCaughtUp();
    expect(await hints('intern')).toBe(1);
  });

  it('ignores a read-after header that is not a WAL position', async () => {
    const { rows } = await primary.pool.query<{ id: number }>("select id from items where kind = 'assembly' limit 1");
    const res = await app.inject({
      url: `/api/assemblies/${rows[0]!.id}`,
      headers: { ...(await headersOf('intern')), [READ_AFTER_HEADER]: "'; drop table items; --" },
    });
    expect(res.statusCode).toBe(200);
  });

  // Last: it stops the replica.
  it('reads from the primary while the replica is down', async () => {
    const { rows } = await primary.pool.query<{ id: number; name: string }>(
      "select id, name from items where kind = 'subassembly' order by id limit 1",
    );
    const href = `/api/subassemblies/${rows[0]!.id}`;
    await primary.pool.query('update items set name = $1 where id = $2', ['Read While Replica Down', rows[0]!.id]);
    cluster.stopReplica();
    // Within a few position checks every read goes to the primary, and sees its state.
    let answer: { statusCode: number; name?: string } = { statusCode: 0 };
    for (let i = 0; i < 50 && answer.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await app.inject({ url: href, headers: await headersOf('intern') });
      answer = { statusCode: res.statusCode, name: res.statusCode === 200 ? res.json<Item>().name : undefined };
    }
    expect(answer).toEqual({ statusCode: 200, name: 'Read While Replica Down' });
    for (let i = 0; i < 5; i++) expect(await nameSeenBy('intern', href)).toBe('Read While Replica Down');
  });
});
