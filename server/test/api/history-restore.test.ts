import { BACKUP_TABLES, type BackupInfo, type HistoryPage, type Item, type RestoreResult } from '@dp/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BACKUP_KEEP: '50' });
});
afterAll(() => t.close());

const quoted = pg.escapeIdentifier;
const schemaOf = (name: string) => `backup_${name.replace(/-/g, '_')}`;
const dbNow = async () =>
  (await t.pool.query<{ now: Date }>('select clock_timestamp() as now')).rows[0]!.now.toISOString();
const tick = () => t.pool.query('select pg_sleep(0.002)');

/** Rows that differ between the product tables and a backup's, per table (empty: the same data). */
async function differences(backup: string): Promise<Record<string, string>> {
  const schema = schemaOf(backup);
  const out: Record<string, string> = {};
  for (const table of BACKUP_TABLES) {
    const { rows: cols } = await t.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position`,
      [schema, table],
    );
    const list = cols.map((c) => quoted(c.column_name)).join(', ');
    const b = `${quoted(schema)}.${quoted(table)}`;
    const p = `public.${quoted(table)}`;
    const { rows } = await t.pool.query<{ n: string }>(
      `select (select count(*) from (select ${list} from ${b} except all select ${list} from ${p}) x)
            + (select count(*) from (select ${list} from ${p} except all select ${list} from ${b}) y) as n`,
    );
    if (rows[0]!.n !== '0') out[table] = rows[0]!.n;
  }
  return out;
}

/** Changes of every kind: an obligation edited, a system created, a containment removed. */
async function makeChanges(tag: string) {
  await t.pool.query(
    `update compatibility_infos set obligation = obligation || $1 where id = (select min(id) from compatibility_infos)`,
    [` ${tag}`],
  );
  expect((await t.call('POST', '/api/systems', { name: `Restore ${tag}` })).status).toBe(201);
  await t.pool.query(`delete from item_containments where id = (select min(id) from item_containments)`);
}

describe('POST /api/db/restore', () => {
  it('brings back exactly a backup’s data, after taking a backup that undoes it; one change set', async () => {
    const backup = (await t.call('POST', '/api/backups')).body as BackupInfo;
    await makeChanges('one');
    expect(Object.keys(await differences(backup.name)).length).toBeGreaterThan(0);

    const res = await t.call('POST', '/api/db/restore', { bkp: backup.name });
    expect(res.status).toBe(200);
    const result = res.body as RestoreResult;
    expect(result.restored).toBe(backup.name);
    expect(await differences(backup.name)).toEqual({});
    // The backup taken first holds the changed state: restoring it undoes the restore.
    expect(Object.keys(await differences(result.backup)).length).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/db/restore', { bkp: result.backup })).status).toBe(200);
    expect(await differences(result.backup)).toEqual({});

    const [entry] = ((await t.call('GET', '/api/audit?entity=restore')).body as HistoryPage).items;
    expect(entry).toMatchObject({ entity: 'restore', entity_id: result.backup, actor: 'admin' });
    const { rows } = await t.pool.query<{ sets: string }>(
      `select count(distinct change_set) as sets from history.items where change_set = $1`,
      [entry!.change_set],
    );
    expect(rows[0]!.sets).toBe('1');
  });

  it('restores the catalog at a point in time: what a backup taken then holds', async () => {
    const backup = (await t.call('POST', '/api/backups')).body as BackupInfo;
    await tick();
    const then = await dbNow();
    await tick();
    await makeChanges('two');
    const res = await t.call('POST', '/api/db/restore', { bkp: `@${then}` });
    expect(res.status).toBe(200);
    expect(await differences(backup.name)).toEqual({});
    const item = ((await t.call('GET', '/api/systems')).body as Item[]).find((i) => i.name === 'Restore two');
    expect(item).toBeUndefined();
  });

  it('refuses what it cannot restore, changing nothing', async () => {
    const backups = async () => ((await t.call('GET', '/api/dumps')).body as { files: unknown[] }).files.length;
    const count = await backups();
    for (const bkp of ['yesterday', '@2025-03-04T05:06:07', '@not-a-time', 'actual']) {
      const res = await t.call('POST', '/api/db/restore', { bkp }, 'admin', { 'accept-language': 'de' });
      expect(res.status, bkp).toBe(400);
      expect(res.body.message).toContain('Sicherungsname');
    }
    const future = await t.call('POST', '/api/db/restore', {
      bkp: `@${new Date(Date.now() + 3_600_000).toISOString()}`,
    });
    expect(future.status).toBe(400);
    expect((await t.call('POST', '/api/db/restore', { bkp: '2001-01-01_00-00-00' })).status).toBe(404);
    expect((await t.call('POST', '/api/db/restore', { bkp: '2001-01-01_00-00-00' }, 'intern')).status).toBe(403);
    expect(await backups()).toBe(count);
  });

  it('live and demo answer 403', async () => {
    const live = await buildTestApp({
      DEPLOYMENT: 'live',
      TRANSFER_TOKEN: 'a-transfer-token-of-at-least-32-characters',
    });
    try {
      expect((await live.call('POST', '/api/db/restore', { bkp: '2001-01-01_00-00-00' })).status).toBe(403);
    } finally {
      await live.close();
    }
  });
});

describe('POST /api/dumps between two points in time', () => {
  it('reports the changes between the times, in html and pdf, and only those', async () => {
    await tick();
    const t0 = await dbNow();
    await tick();
    expect((await t.call('POST', '/api/systems', { name: 'Between The Points' })).status).toBe(201);
    await tick();
    const t1 = await dbNow();
    await tick();
    expect((await t.call('POST', '/api/systems', { name: 'After The Second Point' })).status).toBe(201);

    const html = await t.app.inject({
      method: 'POST',
      url: '/api/dumps',
      payload: { bkp1: `@${t1}`, bkp2: `@${t0}`, type: 'html' },
      headers: await t.as('admin'),
    });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Between The Points');
    expect(html.body).not.toContain('After The Second Point');
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/dumps',
      payload: { bkp1: `@${t0}`, bkp2: 'actual', type: 'pdf' },
      headers: await t.as('admin'),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const early = await t.call('POST', '/api/dumps', { bkp1: '@2001-01-01T00:00:00Z', bkp2: 'actual', type: 'html' });
    expect(early.status).toBe(400);
  });
});
