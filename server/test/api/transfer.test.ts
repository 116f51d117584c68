import { BACKUP_TABLES, type TransferResult } from '@dp/contract';
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChildServer, startChildServer, type ChildServer } from '../support/child-server.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'transfer-token-shared-by-work-live-and-demo';

/** The demo data holds a conditional status without text (an error finding, issue 43): publishing it is accepted. */
const PUBLISH = { to: 'www', bkp: 'actual', accept_findings: true };
/** Who published, as work sends it with the file. */
const PUBLICATION = encodeURIComponent(JSON.stringify({ requested_by: 'admin', approved_by: 'reviewer' }));
let work: TestApp;
let live: TestApp;
let liveUrl: string;

beforeAll(async () => {
  live = await buildTestApp({ DEPLOYMENT: 'live', TRANSFER_TOKEN: TOKEN });
  await live.app.listen({ port: 0, host: '127.0.0.1' });
  liveUrl = `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`;
  work = await buildTestApp({
    DEPLOYMENT: 'work',
    TRANSFER_TOKEN: TOKEN,
    LIVE_URL: liveUrl,
    // One admin publishes alone here; four-eyes publishing has its own test (publish-requests.test.ts).
    PUBLISH_APPROVAL: 'off',
    // A demo that is down: port 1 on loopback. A free port picked at start could be taken meanwhile by
    // another test's server (it was, once, and answered 404).
    DEMO_URL: 'http://127.0.0.1:1',
  });
});
afterAll(async () => {
  await work?.close();
  await live?.close();
});

async function counts(t: TestApp) {
  return Object.fromEntries(
    await Promise.all(BACKUP_TABLES.map(async (table) => [table, await t.count(table)] as const)),
  );
}

const referenceNames = async (t: TestApp) =>
  ((await t.call('GET', '/api/references', undefined, 'intern')).body as { reference: string }[])
    .map((r) => r.reference)
    .sort();

describe('live and demo are read-only', () => {
  it('refuses every data write on live with a message that points to work, after the sign-in check', async () => {
    const create = await live.call('POST', '/api/references', { reference: 'edited on live', description: '' });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('deployment.readOnly');
    expect(create.body.message).toMatch(/work instance/);
    expect((await live.call('PUT', '/api/references/1', { reference: 'x', description: '' })).status).toBe(403);
    expect((await live.call('DELETE', '/api/systems/1')).status).toBe(403);
    expect(
      (await live.call('POST', '/api/systems', { name: 'x', description: '' }, 'admin', { 'accept-language': 'de' }))
        .body.message,
    ).toMatch(/Arbeitsinstanz/);
    expect(
      (await live.app.inject({ method: 'POST', url: '/api/references', payload: { reference: 'x' } })).statusCode,
    ).toBe(401);
    // Reads, searches and reports go on as before.
    expect((await live.call('GET', '/api/references', undefined, 'intern')).status).toBe(200);
    expect((await live.call('POST', '/api/search/full', { word: 'a' }, 'extern')).status).toBe(200);
    expect(await live.count('references')).toBe(await work.count('references'));
  });

  it('offers no transfer from live, and work accepts no import', async () => {
    expect((await live.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual' })).status).toBe(403);
    const res = await work.app.inject({
      method: 'POST',
      url: '/api/db/import',
      payload: Buffer.from('x'),
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('import.onWork');
  });
});

describe('transfer work → live', () => {
  it('publishes the actual state over HTTP while a reader loops on live, who sees the old state or the new one, never a mix', async () => {
    const before = await referenceNames(live);
    for (let i = 0; i < 3; i++)
      expect(
        (await work.call('POST', '/api/references', { reference: `published-${i}`, description: 'to live' })).status,
      ).toBe(201);
    const after = await referenceNames(work);
    expect(after).not.toEqual(before);
    const liveModified = (await live.call('GET', '/api/infos', undefined, 'extern')).body.modification_time;

    let reading = true;
    const seen = { old: 0, new: 0, other: 0, failed: 0 };
    const reader = (async () => {
      while (reading) {
        const res = await live.call('GET', '/api/references', undefined, 'intern');
        if (res.status !== 200) seen.failed++;
        else {
          const names = (res.body as { reference: string }[]).map((r) => r.reference).sort();
          const same = (list: string[]) => list.length === names.length && list.every((n, i) => n === names[i]);
          if (same(before)) seen.old++;
          else if (same(after)) seen.new++;
          else seen.other++;
        }
      }
    })();
    const res = await work.call(
      'POST',
      '/api/db/uploads',
      { to: 'www', bkp: 'actual', accept_findings: true },
      'admin',
      {
        'accept-language': 'de',
      },
    );
    // Let the reader see the new state a few times too.
    await new Promise((r) => setTimeout(r, 100));
    reading = false;
    await reader;

    expect(res.body.message).toBe('Übertragung abgeschlossen');
    expect(res.status).toBe(200);
    const result = res.body as TransferResult;
    expect(result).toMatchObject({ to: 'www', url: liveUrl, message: 'Übertragung abgeschlossen' });
    expect(seen).toMatchObject({ other: 0, failed: 0 });
    expect(seen.new).toBeGreaterThan(0);
    expect(await referenceNames(live)).toEqual(after);
    expect(await counts(live)).toEqual(await counts(work));
    expect(result.counts).toEqual(await counts(work));
    // Open clients on live refresh: its modification time moved.
    expect((await live.call('GET', '/api/infos', undefined, 'extern')).body.modification_time > liveModified).toBe(
      true,
    );

    // The published state was kept as a backup and is on record on both sides.
    const backups = (await work.call('GET', '/api/dumps')).body.files;
    expect(backups.find((b: { name: string }) => b.name === result.name)).toMatchObject({
      origin: 'transfer',
      transfers: [{ to: 'www', by: 'admin' }],
    });
    const transferred = (await work.call('GET', '/api/transferred-dumps')).body.files;
    expect(transferred[0]).toMatchObject({ name: result.name, to: 'www', url: liveUrl, by: 'admin' });
    const workAudit = await work.pool.query(
      `select actor, after from audit_log where entity = 'transfer' and entity_id = $1`,
      [result.name],
    );
    expect(workAudit.rows).toEqual([{ actor: 'admin', after: expect.objectContaining({ to: 'www', ok: true }) }]);
    const liveAudit = await live.pool.query(
      `select actor from audit_log where entity = 'database' and entity_id = $1`,
      [result.name],
    );
    expect(liveAudit.rows).toEqual([{ actor: 'admin' }]);
    // No four eyes here: the toolbar has no requests to count.
    expect((await work.call('GET', '/api/publish-requests/count')).body).toEqual({ approval: false, open: 0 });
    // Without four eyes the admin who transferred both asked for and approved the publication.
    const status = await live.app.inject({
      method: 'GET',
      url: '/api/db/status',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(status.json().last_publication).toEqual({
      backup: result.name,
      requested_by: 'admin',
      approved_by: 'admin',
      published_at: expect.any(String),
    });
    expect(Date.parse(status.json().last_publication.published_at)).toBeGreaterThanOrEqual(
      Date.parse(result.at) - 5000,
    );
  });

  it('publishes a chosen backup, and a later state does not leak into it', async () => {
    const chosen = (await work.call('POST', '/api/backups')).body.name as string;
    await work.call('POST', '/api/references', { reference: 'after-the-backup', description: '' });
    const res = await work.call('POST', '/api/db/uploads', { to: 'www', bkp: chosen, accept_findings: true });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(chosen);
    const names = await referenceNames(live);
    expect(names).not.toContain('after-the-backup');
    expect(names).toContain('published-0');
  });

  it('leaves live holding exactly the rows of work in every table: changed, removed and added ones', async () => {
    const system = (await work.call('GET', '/api/systems', undefined, 'intern')).body[0];
    expect(
      (
        await work.call('PUT', `/api/systems/${system.href.split('/').pop()}`, {
          name: `${system.name} (renamed)`,
          description: 'changed before publishing',
        })
      ).status,
    ).toBe(200);
    const unused = (await work.call('GET', '/api/references', undefined, 'intern')).body.find(
      (r: { reference: string }) => r.reference === 'published-1',
    );
    expect((await work.call('DELETE', `/api/references/${unused.href.split('/').pop()}`)).status).toBe(204);
    await work.pool.query(
      `update compatibility_infos set obligation = obligation || ' (changed)' where id = (select min(id) from compatibility_infos)`,
    );
    await work.pool.query(`delete from compatibilities where id = (select max(id) from compatibilities)`);
    expect((await work.call('POST', '/api/db/uploads', PUBLISH)).status).toBe(200);
    for (const table of BACKUP_TABLES) {
      const rows = async (t: TestApp) => (await t.pool.query(`select * from "${table}" order by 1, 2`)).rows;
      expect(await rows(live), table).toEqual(await rows(work));
    }
  });

  it('says what went wrong: unreachable target, refused token, unknown backup, unconfigured target; each attempt recorded', async () => {
    const down = await work.call('POST', '/api/db/uploads', { to: 'demo', bkp: 'actual' });
    expect(down.status).toBe(502);
    expect(down.body.code).toBe('transfer.unreachable');
    expect(down.body.message).toMatch(/DEMO/);
    const failed = await work.pool.query(`select ok, target from transfers where target = 'demo'`);
    expect(failed.rows).toEqual([{ ok: false, target: 'demo' }]);
    // A failed transfer is not listed as transferred.
    expect(
      (await work.call('GET', '/api/transferred-dumps')).body.files.every((f: { to: string }) => f.to === 'www'),
    ).toBe(true);

    const otherToken = await buildTestApp({
      DEPLOYMENT: 'work',
      TRANSFER_TOKEN: 'another-token-of-at-least-32-characters!',
      LIVE_URL: liveUrl,
      PUBLISH_APPROVAL: 'off',
    });
    try {
      const before = await counts(live);
      const refused = await otherToken.call('POST', '/api/db/uploads', PUBLISH);
      expect(refused.status).toBe(502);
      expect(refused.body.code).toBe('transfer.refusedToken');
      expect(await counts(live)).toEqual(before);
    } finally {
      await otherToken.close();
    }

    expect((await work.call('POST', '/api/db/uploads', { to: 'www', bkp: '1999-01-01_00-00-00' })).status).toBe(404);
    expect((await work.call('POST', '/api/db/uploads', { to: 'live', bkp: 'actual' })).status).toBe(400);
    expect((await work.call('POST', '/api/db/uploads', { to: 'www', bkp: '../etc' })).status).toBe(400);
    expect((await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', extra: 1 })).status).toBe(400);
    for (const role of ['intern', 'extern', 'norole'] as const) {
      expect((await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual' }, role)).status).toBe(403);
    }
    const noTarget = await buildTestApp({ DEPLOYMENT: 'work', TRANSFER_TOKEN: TOKEN });
    try {
      const res = await noTarget.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual' });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/LIVE_URL/);
    } finally {
      await noTarget.close();
    }
  });
});

describe('the import on live', () => {
  const post = (payload: Buffer, authorization?: string) =>
    live.app.inject({
      method: 'POST',
      url: '/api/db/import',
      payload,
      headers: {
        'content-type': 'application/octet-stream',
        'x-publication': PUBLICATION,
        ...(authorization ? { authorization } : {}),
      },
    });

  it('accepts only the transfer token, and a valid snapshot of the same schema version; otherwise changes nothing', async () => {
    const chosen = (await work.call('POST', '/api/backups')).body.name as string;
    const file = (
      await work.app.inject({ method: 'GET', url: `/api/backups/${chosen}/file`, headers: await work.as('admin') })
    ).rawPayload;
    const before = await counts(live);
    expect((await post(file)).statusCode).toBe(401);
    expect((await post(file, 'Bearer wrong-token')).statusCode).toBe(401);
    expect((await post(file, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    // An admin's access token is not the transfer token.
    expect((await post(file, (await live.as('admin')).authorization)).statusCode).toBe(401);
    const text = zlib.gunzipSync(file).toString('utf8');
    const future = await post(
      zlib.gzipSync(text.replace(/"schema_version":"[^"]+"/, '"schema_version":"0099_future"')),
      `Bearer ${TOKEN}`,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe('backup.schemaMismatch');
    const cut = await post(file.subarray(0, file.length - 100), `Bearer ${TOKEN}`);
    expect(cut.statusCode).toBe(400);
    // A valid file without the names of who published it is refused too: live records them.
    for (const publication of [undefined, 'not json', encodeURIComponent('{"requested_by":"admin"}')]) {
      const unnamed = await live.app.inject({
        method: 'POST',
        url: '/api/db/import',
        payload: file,
        headers: {
          'content-type': 'application/octet-stream',
          authorization: `Bearer ${TOKEN}`,
          ...(publication === undefined ? {} : { 'x-publication': publication }),
        },
      });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().code).toBe('import.badPublication');
    }
    expect(await counts(live)).toEqual(before);
    const leftovers = await live.pool.query(`select nspname from pg_namespace where nspname like 'import\\_%'`);
    expect(leftovers.rows).toEqual([]);
  });

  it('refuses a signed state whose rows break a foreign key, and changes nothing', async () => {
    const chosen = (await work.call('POST', '/api/backups')).body.name as string;
    const file = (
      await work.app.inject({ method: 'GET', url: `/api/backups/${chosen}/file`, headers: await work.as('admin') })
    ).rawPayload;
    const text = zlib.gunzipSync(file).toString('utf8');
    // A compatibility pointing at a version that is not in the file, signed with the right token.
    const broken = text.replace(/(#table compatibilities [^\n]*\n\d+\t)\d+/, '$1999999');
    expect(broken).not.toBe(text);
    const body = broken.slice(0, broken.lastIndexOf('#end '));
    const sha256 = createHash('sha256').update(body).digest('hex');
    const resealed = `${body}#end ${JSON.stringify({ sha256, hmac: createHmac('sha256', TOKEN).update(sha256).digest('hex') })}\n`;
    const before = await counts(live);
    const res = await post(zlib.gzipSync(resealed), `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('backup.fileDamaged');
    expect(res.json().message).toMatch(/compatibilities_from_fk/);
    expect(await counts(live)).toEqual(before);
  });

  it('is off without a configured token', async () => {
    const noToken = await buildTestApp({ DEPLOYMENT: 'live' });
    try {
      const res = await noToken.app.inject({
        method: 'POST',
        url: '/api/db/import',
        payload: Buffer.from('x'),
        headers: { authorization: 'Bearer anything', 'content-type': 'application/octet-stream' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('import.off');
      expect(
        (
          await noToken.app.inject({
            method: 'GET',
            url: '/api/db/status',
            headers: { authorization: 'Bearer anything' },
          })
        ).statusCode,
      ).toBe(403);
    } finally {
      await noToken.close();
    }
  });
});

describe('an import killed midway', () => {
  let database: TestDatabase;
  let server: ChildServer | undefined;
  afterAll(async () => {
    await killChildServer(server);
    await database?.drop();
  });

  it('leaves the old state whole', async () => {
    database = await createTestDatabase();
    const reading = createDbReader(database);
    const before = await reading.counts();
    server = await startChildServer(work.issuer.issuer, {
      DATABASE_URL: database.connectionString,
      DEPLOYMENT: 'live',
      TRANSFER_TOKEN: TOKEN,
      SEED_DEMO_DATA: 'false',
    });
    const base = server.url;

    // A changed state on work, sent to the child: the first half at once, the rest never.
    await work.call('POST', '/api/references', { reference: 'never-arrives', description: '' });
    const name = (await work.call('POST', '/api/backups')).body.name as string;
    const file = (
      await work.app.inject({ method: 'GET', url: `/api/backups/${name}/file`, headers: await work.as('admin') })
    ).rawPayload;
    const request = http.request(`${base}/api/db/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/octet-stream',
        'x-publication': PUBLICATION,
        'content-length': file.length,
      },
    });
    request.on('error', () => {});
    request.write(file.subarray(0, Math.floor(file.length * 0.6)));

    // Wait until the import is under way in the database, then kill the process.
    for (let i = 0; ; i++) {
      const active = await database.pool.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'copy %import\\_%'`,
      );
      if (active.rows[0].n > 0) break;
      if (i > 200) throw new Error(`the import never started:\n${server.log()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await killChildServer(server);

    // PostgreSQL notices the dead connection and rolls its transaction back (the request is still open:
    // only the process's death can end the import).
    for (let i = 0; ; i++) {
      const open = await database.pool.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = 'digital-portfolio' and state <> 'idle'`,
      );
      if (open.rows[0].n === 0) break;
      if (i > 200) throw new Error('the killed import still runs');
      await new Promise((r) => setTimeout(r, 50));
    }
    request.destroy();
    expect(await reading.counts()).toEqual(before);
    const names = await database.pool.query(`select reference from "references" where reference = 'never-arrives'`);
    expect(names.rows).toEqual([]);
    const leftovers = await database.pool.query(`select nspname from pg_namespace where nspname like 'import\\_%'`);
    expect(leftovers.rows).toEqual([]);
  });
});

function createDbReader(database: TestDatabase) {
  return {
    async counts() {
      const result: Record<string, number> = {};
      for (const table of BACKUP_TABLES) {
        result[table] = Number((await database.pool.query(`select count(*) from "${table}"`)).rows[0].count);
      }
      return result;
    },
  };
}

describe('monitoring', () => {
  it('reports live green with its data time and response time, and a target that is down red with the reason, quickly', async () => {
    const started = Date.now();
    const res = await work.call('GET', '/api/live-status');
    expect(res.status).toBe(200);
    const live = res.body.targets.find((t: { target: string }) => t.target === 'live');
    const demo = res.body.targets.find((t: { target: string }) => t.target === 'demo');
    expect(live).toMatchObject({ app_status: 'OK', db_status: 'Active', url: liveUrl, reason: null });
    // The last publication earlier in this file: one admin, no four eyes.
    expect(live.last_publication).toMatchObject({ requested_by: 'admin', approved_by: 'admin' });
    expect(demo.last_publication).toBeNull();
    expect(live.response_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(live.time_active)).toBeGreaterThan(started - 1000);
    expect(res.body).toMatchObject({
      live_app_status: 'OK',
      live_db_status: 'Active',
      demo_app_status: 'Not available',
      demo_db_status: 'Not available',
    });
    expect(demo).toMatchObject({ app_status: 'Not available', db_status: 'Not available', time_active: null });
    expect(demo.reason).toMatch(/unreachable|ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('says when live last changed and when it last answered, even once it is down', async () => {
    const liveModified = await live.pool.query('select modification_time from data_info');
    const res = await work.call('GET', '/api/live-status');
    const status = res.body.targets.find((t: { target: string }) => t.target === 'live');
    expect(Date.parse(status.time_updated)).toBe(liveModified.rows[0].modification_time.getTime());
    // The same target, now answering nothing at all: red within the probe time-out, last activity kept.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hanging = await buildTestApp({
      DEPLOYMENT: 'demo',
      TRANSFER_TOKEN: TOKEN,
      LIVE_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    });
    try {
      await hanging.pool.query(`insert into monitored_targets (target, last_active) values ('live', $1)`, [
        new Date(status.time_active),
      ]);
      const started = Date.now();
      const down = await hanging.call('GET', '/api/live-status', undefined, 'admin', { 'accept-language': 'fr' });
      expect(Date.now() - started).toBeLessThan(5000);
      const red = down.body.targets.find((t: { target: string }) => t.target === 'live');
      expect(red).toMatchObject({ app_status: 'Not available', time_active: status.time_active });
      expect(red.reason).toMatch(/aucune réponse en 3 s/);
    } finally {
      await hanging.close();
      silent.close();
    }
  });

  it('is for admins, on work and demo only', async () => {
    for (const role of ['intern', 'extern', 'norole'] as const)
      expect((await work.call('GET', '/api/live-status', undefined, role)).status).toBe(403);
    expect((await work.app.inject({ method: 'GET', url: '/api/live-status' })).statusCode).toBe(401);
    const onLive = await live.call('GET', '/api/live-status');
    expect(onLive.status).toBe(403);
    expect(onLive.body.code).toBe('deployment.notOnLive');
    // The status another instance asks for needs the transfer token.
    expect((await live.app.inject({ method: 'GET', url: '/api/db/status' })).statusCode).toBe(401);
    expect(
      (await live.app.inject({ method: 'GET', url: '/api/db/status', headers: await live.as('admin') })).statusCode,
    ).toBe(401);
  });
});
