/**
 * Issue 12 part B on the API: ids within PostgreSQL's integer range and written in plain digits (B1),
 * image fields that name only stored images (B2), bodies in UTF-8 only (B3), X-Forwarded-* trusted only
 * as TRUST_PROXY says (B4), a rate limit per token and per address (B5), HSTS only over HTTPS and strong
 * If-Match comparison (B9); the build's manifest is not served.
 */
import { DB_ID_MAX } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_WINDOW_MS } from '../../src/http/rate-limit.js';
import { buildTestApp, withWebBuild, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const TOO_LARGE = String(DB_ID_MAX + 1);

interface Parameter {
  in: string;
  name: string;
  schema?: { type?: string; pattern?: string };
}

describe('B1 ids outside the integer range', () => {
  it('one id schema for every id in a path or query: digits only', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json', headers: await t.as('admin') })).json<{
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    }>();
    const ids = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .flatMap((op) => op.parameters ?? [])
      // Report jobs are named by a random UUID, not by a database id.
      .filter(
        (p) =>
          /^(id|toId|referenceId|childId|otherId|version1|version2|before_id)$/.test(p.name) &&
          (p.schema as { format?: string }).format !== 'uuid',
      );
    expect(ids.length).toBeGreaterThan(20);
    for (const p of ids) expect(p.schema, `${p.in} ${p.name}`).toMatchObject({ type: 'string', pattern: '^[0-9]+$' });
  });

  it.each(['0x10', '1.0', '+1', '%201', '1%20', '1e3', '-1', '0', TOO_LARGE, '99999999999', '9999999999', '１'])(
    'path id %s is refused with 400, never read as a number',
    async (bad) => {
      for (const url of [
        `/api/systems/${bad}`,
        `/api/systems/versions/${bad}`,
        `/api/compatibility_infos/${bad}`,
        `/api/systems/versions/1/delta/${bad}`,
        `/api/dataset/${bad}`,
      ]) {
        const res = await t.call(url.startsWith('/api/compatibility_infos') ? 'DELETE' : 'GET', url);
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.code).toBe('errors.validation');
      }
    },
  );

  it('the largest integer id is a valid id that does not exist: 404', async () => {
    for (const url of [
      `/api/systems/${DB_ID_MAX}`,
      `/api/systems/versions/${DB_ID_MAX}`,
      `/api/dataset/${DB_ID_MAX}`,
    ]) {
      expect((await t.call('GET', url)).status, url).toBe(404);
    }
    expect((await t.call('DELETE', `/api/references/${DB_ID_MAX}`)).status).toBe(404);
    expect((await t.call('DELETE', `/api/commentaries/${DB_ID_MAX}`)).status).toBe(404);
  });

  it('ids in the query: 400 beyond the range', async () => {
    const cursor = (fields: unknown) => Buffer.from(JSON.stringify(fields)).toString('base64url');
    expect((await t.call('GET', `/api/audit?after=${cursor([2 ** 53 + 2])}`)).status).toBe(400);
    expect((await t.call('GET', `/api/audit?after=${cursor(['0x10'])}`)).status).toBe(400);
    expect((await t.call('GET', `/api/audit?after=${cursor([DB_ID_MAX])}`)).status).toBe(200);
  });

  it('ids in bodies: /api/matrix, /api/search/searchById and relation rows answer 400 beyond the range, never 500', async () => {
    for (const rows of [[DB_ID_MAX + 1], [1e15], [2 ** 53 + 2]]) {
      const res = await t.call(
        'POST',
        '/api/matrix',
        { rowKind: 'systems', rows, columnKind: 'systems', columns: [1] },
        'intern',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    expect(
      (
        await t.call(
          'POST',
          '/api/matrix',
          { rowKind: 'systems', rows: [1], columnKind: 'assemblies', columns: [DB_ID_MAX + 1] },
          'intern',
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call(
          'POST',
          '/api/matrix',
          { rowKind: 'systems', rows: [DB_ID_MAX], columnKind: 'systems', columns: [DB_ID_MAX] },
          'intern',
        )
      ).status,
    ).toBeLessThan(500);

    expect(
      (
        await t.call(
          'POST',
          '/api/search/searchById',
          { id: DB_ID_MAX + 1, id_version: null, type: 'System' },
          'intern',
        )
      ).status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/search/searchById', { id: 1, id_version: DB_ID_MAX + 1, type: 'System' }, 'intern'))
        .status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/search/searchById', { id: DB_ID_MAX, id_version: null, type: 'System' }, 'intern'))
        .status,
    ).toBeLessThan(500);

    const version = (await t.call('GET', '/api/systems/versions')).body[0].versions[0] as { href: string };
    const batch = `${version.href}/compatibilities/systems`;
    for (const row of [
      { to_id: DB_ID_MAX + 1, compatibility_info: null },
      { to_id: 1, compatibility_info: { href: '/api/compatibility_infos/9999999999' } },
      {
        to_id: 1,
        compatibility_info: { href: '/api/compatibility_infos/1' },
        references: ['/api/references/2147483648'],
      },
      { to_id: 1, comments: { deleted: [{ id: DB_ID_MAX + 1 }] } },
    ]) {
      const res = await t.call('PUT', batch, { rows: [row] });
      expect(res.status, `${JSON.stringify(row)}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    const put = await t.call('PUT', `${version.href}/compatibilities/systems/1`, {
      compatibility_info: { href: '/api/compatibility_infos/4294967296' },
    });
    expect(put.status).toBe(400);
  });
});

describe('B2 image fields accept only stored image paths', () => {
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it.each([
    `/api/images/systems/../../etc/passwd`,
    `/api/images/systems/..%2F${uuid}.jpg`,
    `/api/images/../images/systems/${uuid}.jpg`,
    `/api/images/systems/${uuid}.jpg/..`,
    `/api/images/other/${uuid}.jpg`,
    `/api/images/systems/${uuid}.png`,
    `/api/images/systems/x.jpg`,
    `https://tracker.example/api/images/systems/${uuid}.jpg`,
    `//tracker.example/api/images/systems/${uuid}.jpg`,
    `/api/images/systems/${uuid}.jpg?x=1`,
    `/API/images/systems/${uuid}.jpg`,
  ])('refuses %s', async (bad) => {
    for (const image of [
      { original: bad, thumbnail: `/api/images/systems/thumbnail_${uuid}.jpg` },
      { original: `/api/images/systems/${uuid}.jpg`, thumbnail: bad },
    ]) {
      const res = await t.call('POST', '/api/systems', { name: `Image ${bad}`, image });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/uploaded image path/);
    }
  });

  it('accepts the paths the upload call returns', async () => {
    for (const folder of ['systems', 'versions', 'richtext']) {
      const image = {
        original: `/api/images/${folder}/${uuid}.jpg`,
        thumbnail: `/api/images/${folder}/thumbnail_${uuid}.jpg`,
      };
      const res = await t.call('POST', '/api/assemblies', { name: `Stored image in ${folder}`, image });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.image).toEqual(image);
    }
  });
});

describe('B3 bodies must be UTF-8', () => {
  const send = async (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/systems',
      payload,
      headers: { ...(await t.as('admin')), 'content-type': contentType },
    });

  it('refuses a body that is not valid UTF-8 with 400 and stores nothing', async () => {
    const before = await t.count('items');
    for (const bytes of [
      Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xe4, 0x22, 0x7d]), // {"name":"<latin-1 ä>"}
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]), // a broken two-byte sequence
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), // an encoded surrogate
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xf0, 0x9f, 0x98]), Buffer.from('"}')]), // cut off
    ]) {
      const res = await send(bytes, 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'errors.invalidUtf8',
        message: 'The request body is not valid UTF-8 text.',
      });
    }
    expect(await t.count('items')).toBe(before);
  });

  it('refuses a body that declares another charset with 415', async () => {
    for (const type of [
      'application/json; charset=iso-8859-1',
      'application/json;charset="windows-1252"',
      'application/json; charset=utf-16',
    ]) {
      const res = await send('{"name":"Latin"}', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().code).toBe('errors.charset');
    }
  });

  it('accepts UTF-8, declared or not, with or without a byte-order mark', async () => {
    expect((await send('{"name":"Größe ä"}', 'application/json')).statusCode).toBe(201);
    expect((await send('{"name":"Größe ö"}', 'application/json; charset=UTF-8')).statusCode).toBe(201);
    expect((await send('{"name":"Größe ü"}', 'application/json; charset=utf8')).statusCode).toBe(201);
    const withBom = await send(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Größe BOM"}')]),
      'application/json',
    );
    expect(withBom.statusCode).toBe(201);
    expect(withBom.json().name).toBe('Größe BOM');
  });
});

/**
 * The rate limit counts in fixed windows of the clock (http/rate-limit.ts). A test that fills one first
 * waits out a window with less than 10 s left, so that all its requests are counted in the same window.
 */
async function awayFromWindowEdge() {
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('B4 X-Forwarded-* only from trusted proxies', () => {
  it('ignores X-Forwarded-Proto and X-Forwarded-For by default', async () => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('follows them from a proxy TRUST_PROXY names, by hop count or address', async () => {
    for (const TRUST_PROXY of ['1', '127.0.0.1', '127.0.0.0/8']) {
      const behind = await buildTestApp({ TRUST_PROXY, RATE_LIMIT_PER_ADDRESS: '2' });
      try {
        await awayFromWindowEdge();
        const res = await behind.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], TRUST_PROXY).toMatch(/^max-age=\d+/);
        // The client address is the forwarded one: each client has its own count.
        for (const client of ['203.0.113.1', '203.0.113.2']) {
          for (let i = 0; i < 2; i++)
            expect(
              (await behind.app.inject({ url: '/api/config', headers: { 'x-forwarded-for': client } })).statusCode,
            ).toBe(200);
        }
        expect(
          (await behind.app.inject({ url: '/api/config', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode,
        ).toBe(429);
      } finally {
        await behind.close();
      }
    }
  });
});

describe('B5 the API rate limit per token and per address', () => {
  it('answers 429 with Retry-After beyond the limit per token, whatever the address', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_TOKEN: '3', RATE_LIMIT_PER_ADDRESS: '1000' });
    try {
      const admin = await limited.as('admin');
      await awayFromWindowEdge();
      for (let i = 0; i < 3; i++)
        expect(
          (await limited.app.inject({ url: '/api/me', headers: admin, remoteAddress: `10.0.0.${i}` })).statusCode,
        ).toBe(200);
      const refused = await limited.app.inject({
        url: '/api/me',
        headers: { ...admin, 'accept-language': 'de' },
        remoteAddress: '10.0.0.99',
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toMatchObject({ statusCode: 429, code: 'errors.tooManyRequests' });
      expect(refused.json().message).toMatch(/^Zu viele Anfragen/);
      // Another token is counted apart.
      expect((await limited.app.inject({ url: '/api/me', headers: await limited.as('intern') })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 beyond the limit per address, with or without a token; images are not counted', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_TOKEN: '1000', RATE_LIMIT_PER_ADDRESS: '2' });
    try {
      await awayFromWindowEdge();
      for (let i = 0; i < 5; i++)
        expect(
          (await limited.app.inject({ url: '/api/images/systems/0f8fad5b-d9cb-469f-a165-70867728950e.jpg' }))
            .statusCode,
        ).toBe(404);
      expect((await limited.app.inject({ url: '/api/config' })).statusCode).toBe(200);
      expect((await limited.app.inject({ url: '/api/me', headers: await limited.as('admin') })).statusCode).toBe(200);
      const refused = await limited.app.inject({ url: '/api/me', headers: await limited.as('intern') });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await limited.app.inject({ url: '/api/config', remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is generous by default: the suites and the bench never reach it', () => {
    expect(t.config.rateLimit.perToken).toBeGreaterThanOrEqual(30_000);
    expect(t.config.rateLimit.perAddress).toBeGreaterThanOrEqual(60_000);
  });
});

describe('B9 HSTS only over HTTPS; a weak ETag in If-Match is not a match', () => {
  it('sends no Strict-Transport-Security over plain HTTP', async () => {
    for (const url of ['/api/health', '/api/config', '/']) {
      const res = await t.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('refuses a write whose If-Match is the weak form of the current ETag (412), accepts the strong one', async () => {
    const created = (await t.call('POST', '/api/systems', { name: 'Weak ETag System' })).body as {
      href: string;
      etag: string;
    };
    expect(created.etag).toMatch(/^"/);
    const weak = await t.call('PUT', created.href, { name: 'Weak ETag System 2' }, 'admin', {
      'if-match': `W/${created.etag}`,
    });
    expect(weak.status).toBe(412);
    const listed = await t.call('PUT', created.href, { name: 'Weak ETag System 2' }, 'admin', {
      'if-match': `W/${created.etag}, "0.0"`,
    });
    expect(listed.status).toBe(412);
    const strong = await t.call('PUT', created.href, { name: 'Weak ETag System 2' }, 'admin', {
      'if-match': `"0.0", ${created.etag}`,
    });
    expect(strong.status).toBe(200);
    const weakDelete = await t.call('DELETE', created.href, undefined, 'admin', {
      'if-match': `W/${strong.body.etag}`,
    });
    expect(weakDelete.status).toBe(412);
  });

  it('compares relation and comment ETags strongly too', async () => {
    const versions = (await t.call('GET', '/api/systems/versions')).body.flatMap(
      (item: { versions: Array<{ href: string }> }) => item.versions,
    ) as Array<{ href: string }>;
    const [from, to] = versions.map((v) => v.href);
    const toId = Number(to!.split('/').pop());
    const put = await t.call('PUT', `${from}/compatibilities/systems`, {
      rows: [{ to_id: toId, compatibility_info: { href: '/api/compatibility_infos/1' } }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const record = (
      (await t.call('GET', `${from}/compatibilities/systems`)).body as Array<{
        etag?: string;
        to?: { href: string };
        href?: string;
      }>
    ).find((r) => JSON.stringify(r).includes(to!));
    expect(record?.etag).toMatch(/^"/);
    const weakRow = await t.call('PUT', `${from}/compatibilities/systems`, {
      rows: [{ to_id: toId, etag: `W/${record!.etag}`, compatibility_info: null }],
    });
    expect(weakRow.status).toBe(412);
    const weakHeader = await t.call('DELETE', `${from}/compatibilities/systems/${toId}`, undefined, 'admin', {
      'if-match': `W/${record!.etag}`,
    });
    expect(weakHeader.status).toBe(412);
    const strongHeader = await t.call('DELETE', `${from}/compatibilities/systems/${toId}`, undefined, 'admin', {
      'if-match': record!.etag!,
    });
    expect(strongHeader.status).toBe(200);
  });
});

describe('the web build serves the app, not its build metadata', () => {
  it('answers /.vite/manifest.json with the app page instead of the chunk map', async () => {
    const files = {
      'index.html': '<!DOCTYPE html><title>app</title>',
      '.vite/manifest.json': '{"src/main.tsx":{"file":"assets/main.js"}}',
    };
    await withWebBuild(files, async (web) => {
      const manifest = await web.app.inject({ url: '/.vite/manifest.json' });
      expect(manifest.body).not.toContain('assets/main.js');
      expect(manifest.body).toContain('<title>app</title>');
      expect((await web.app.inject({ url: '/index.html' })).body).toContain('<title>app</title>');
    });
  });
});
