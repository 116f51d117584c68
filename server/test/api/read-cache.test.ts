import type { CompatibilityRecord, SearchHint, SystemDelta } from '@dp/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { primaryOnly } from '../../src/db/read-routing.js';
import { readCache } from '../../src/http/read-cache.js';
import type { ZodApp } from '../../src/http/types.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// Issue 14: repeated evaluation reads are answered from a copy of their answer, but only while the database
// is in the state the answer was computed in. A write on any instance, committed before a request, makes
// that request compute anew.

describe('the read cache, on a real database', () => {
  let database: TestDatabase;
  let other: pg.Client;
  let app: FastifyInstance;
  const computed = new Map<string, number>();

  /** A route that answers `size` characters for `key`, counting how often it computes. */
  function route(server: FastifyInstance, cache: ReturnType<typeof readCache>) {
    server.get<{ Params: { key: string }; Querystring: { size?: string; fail?: string } }>(
      '/answer/:key',
      (req, reply) =>
        cache.send(req, reply, ['answer', req.params.key], async () => {
          computed.set(req.params.key, (computed.get(req.params.key) ?? 0) + 1);
          if (req.query.fail) throw Object.assign(new Error('asked to fail'), { statusCode: 400 });
          return { key: req.params.key, text: 'x'.repeat(Number(req.query.size ?? 10)) };
        }),
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase({ content: 'schema' });
    // Another instance's connection, writing beside this one.
    other = new pg.Client({ connectionString: database.connectionString });
    await other.connect();
    await other.query('create table written_elsewhere (n int)');
    app = Fastify();
    route(app, readCache(1024 * 1024, primaryOnly(database.db)));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await other?.end();
    await database?.drop();
  });

  it('answers a repeated request without computing again while nothing is written', async () => {
    const first = await app.inject({ url: '/answer/repeat' });
    const second = await app.inject({ url: '/answer/repeat' });
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual({ key: 'repeat', text: 'x'.repeat(10) });
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(computed.get('repeat')).toBe(1);
  });

  it('computes anew after a write another connection committed, and keeps keys apart', async () => {
    await app.inject({ url: '/answer/written' });
    await other.query('insert into written_elsewhere values (1)');
    await app.inject({ url: '/answer/written' });
    expect(computed.get('written')).toBe(2);
    await app.inject({ url: '/answer/written-other' });
    expect(computed.get('written-other')).toBe(1);
  });

  it('computes once for requests that ask the same at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({ url: '/answer/together' })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(computed.get('together')).toBe(1);
  });

  it('sends a large answer packed as the client accepts, computed once for all encodings', async () => {
    const url = '/answer/large?size=40000';
    const plain = await app.inject({ url });
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0.5, br' } });
    const refused = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(refused.body).toBe(plain.body);
    expect(JSON.parse(plain.body).text).toHaveLength(40000);
    expect(computed.get('large')).toBe(1);
  });

  it('keeps no error: a failed request is computed again', async () => {
    expect((await app.inject({ url: '/answer/failing?fail=1' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/answer/failing?fail=1' })).statusCode).toBe(400);
    expect(computed.get('failing')).toBe(2);
  });

  it('lets the least recently used answers go beyond its budget, and computes everything with none', async () => {
    const small = Fastify();
    route(small, readCache(4000, primaryOnly(database.db)));
    const none = Fastify();
    route(none, readCache(0, primaryOnly(database.db)));
    const get = (server: FastifyInstance, key: string) => server.inject({ url: `/answer/${key}?size=300` });
    // Four answers of about 330 bytes fit 4,000 bytes with room; the tenth pushes out the first.
    for (let i = 0; i < 12; i++) await get(small, `budget-${i}`);
    await get(small, 'budget-11');
    await get(small, 'budget-0');
    expect(computed.get('budget-11')).toBe(1);
    expect(computed.get('budget-0')).toBe(2);
    await get(none, 'uncached');
    await get(none, 'uncached');
    expect(computed.get('uncached')).toBe(2);
  });
});

describe('evaluation reads behind the cache', () => {
  let t: TestApp;
  let otherInstance: ZodApp;

  beforeAll(async () => {
    t = await buildTestApp();
    // A second instance on the same database, as behind a load balancer: its own cache.
    otherInstance = await buildApp({ config: t.config, db: t.db, pool: t.pool });
    await otherInstance.ready();
  });
  afterAll(async () => {
    await otherInstance?.close();
    await t?.close();
  });

  const onOther = async (method: 'POST' | 'PUT', url: string, payload: object) =>
    otherInstance.inject({ method, url, payload, headers: await t.as('admin') });

  it("a save on another instance is in this instance's very next list and delta", async () => {
    const infos = (await t.call('GET', '/api/compatibility_infos', undefined, 'admin')).body as Array<{
      href: string;
      obligation: string | null;
    }>;
    const system = ((await t.call('POST', '/api/systems', { name: 'Cache Probe' })).body as { href: string }).href;
    const v1 = ((await t.call('POST', `${system}/versions`, { name: '1' })).body as { href: string }).href;
    const v2 = ((await t.call('POST', `${system}/versions`, { name: '2' })).body as { href: string }).href;
    const assembly = (await t.call('GET', '/api/assemblies/versions/page?limit=1')).body as {
      versions: Array<{ href: string }>;
    };
    const toId = Number(assembly.versions[0]!.href.split('/').pop());
    const save = (info: { href: string }) =>
      onOther('PUT', `${v2}/compatibilities/assemblies`, {
        rows: [{ to_id: toId, compatibility_info: { href: info.href } }],
      });
    const list = async () =>
      (await t.call('GET', `${v2}/compatibilities/assemblies`, undefined, 'intern')).body as CompatibilityRecord[];
    const deltaPath = `/api/systems/versions/${v1.split('/').pop()}/delta/${v2.split('/').pop()}`;
    const delta = async () => (await t.call('GET', deltaPath, undefined, 'intern')).body as SystemDelta;

    expect(await list()).toEqual([]);
    const emptyDelta = await delta();
    expect((await save(infos[0]!)).statusCode).toBe(200);
    expect((await list()).map((r) => r.compatibility_info.href)).toEqual([infos[0]!.href]);
    expect(await delta()).not.toEqual(emptyDelta);

    expect((await save(infos[1]!)).statusCode).toBe(200);
    expect((await list()).map((r) => r.compatibility_info.href)).toEqual([infos[1]!.href]);
  });

  it("an item created on another instance is found by this instance's very next hint for the same word", async () => {
    const hints = async () =>
      ((await t.call('POST', '/api/search/hint', { word: 'narwal' }, 'extern')).body as SearchHint[]).map((h) =>
        [h.parent_name, h.name, h.name2].filter(Boolean).join(' / '),
      );
    expect(await hints()).toEqual([]);
    expect((await onOther('POST', '/api/assemblies', { name: 'Narwal Puffer' })).statusCode).toBe(201);
    expect(await hints()).toEqual(['Narwal Puffer']);
  });

  it('keeps the answers of each role apart', async () => {
    const records = async (role: 'intern' | 'extern') =>
      (await t.call('GET', '/api/systems/versions/compatibilities/assemblies', undefined, role))
        .body as CompatibilityRecord[];
    const first = (await records('intern')).find((r) => r.compatibility_info.obligation)!;
    const own = `${first.from.href}/compatibilities/assemblies`;
    const internView = (await t.call('GET', own, undefined, 'intern')).body as CompatibilityRecord[];
    const externView = (await t.call('GET', own, undefined, 'extern')).body as CompatibilityRecord[];
    expect(internView.some((r) => r.compatibility_info.obligation)).toBe(true);
    expect(externView.some((r) => r.compatibility_info.obligation)).toBe(false);
  });
});
