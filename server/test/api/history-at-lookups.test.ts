import type { ItemWithVersions } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// The look-ups the evaluation screens make besides the reads issue 41 lists (a browser's version by
// label or href, the delta browser's systems, a matrix's chosen system, a browser's assembly warnings)
// take `at` too, so a screen "as of" a time names the versions as they were then.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const idOf = (href: string) => Number(href.split('/').pop());
const dbNow = async () =>
  (await t.pool.query<{ now: Date }>('select clock_timestamp() as now')).rows[0]!.now.toISOString();
const tick = () => t.pool.query('select pg_sleep(0.002)');
const q = (at: string) => `at=${encodeURIComponent(at)}`;

describe('look-ups at a point in time', () => {
  it('a renamed system: its old name at a time before the rename, the new one now', async () => {
    const created = (await t.call('POST', '/api/systems', { name: 'Lookup Before' })).body as { href: string };
    const version = (await t.call('POST', `${created.href}/versions`, { name: '7.1' })).body as { href: string };
    expect(version.href).toMatch(/^\/api\/systems\/versions\/\d+$/);
    await tick();
    const before = await dbNow();
    await tick();
    const etag = (await t.call('GET', created.href)).body.etag as string;
    const renamed = await t.call('PUT', created.href, { name: 'Lookup After' }, 'admin', { 'if-match': etag });
    expect(renamed.status).toBe(200);

    const item = async (at?: string) =>
      (await t.call('GET', `${created.href}${at ? `?${q(at)}` : ''}`)).body as ItemWithVersions;
    expect((await item(before)).name).toBe('Lookup Before');
    expect((await item()).name).toBe('Lookup After');

    const versionThen = await t.call('GET', `${version.href}?${q(before)}`);
    expect(versionThen.body.parent_name).toBe('Lookup Before');
    expect((await t.call('GET', version.href)).body.parent_name).toBe('Lookup After');

    const byLabel = (label: string, at?: string) =>
      t.call(
        'GET',
        `/api/systems/versions/by-label?label=${encodeURIComponent(label)}${at ? `&${q(at)}` : ''}`,
        undefined,
        'extern',
      );
    expect((await byLabel('Lookup Before 7.1', before)).body.href).toBe(version.href);
    expect((await byLabel('Lookup Before 7.1')).status).toBe(404);
    expect((await byLabel('Lookup After 7.1')).body.href).toBe(version.href);

    const page = async (at?: string) =>
      (
        (await t.call('GET', `/api/systems/page?name=lookup${at ? `&${q(at)}` : ''}`)).body.items as { name: string }[]
      ).map((i) => i.name);
    expect(await page(before)).toEqual(['Lookup Before']);
    expect(await page()).toEqual(['Lookup After']);
  });

  it('assembly warnings at a time answer what they answer now when nothing changed; a bad time is 400', async () => {
    const systems = (await t.call('GET', '/api/systems/versions')).body as ItemWithVersions[];
    const href = systems.find((s) => s.versions.length > 0)!.versions[0]!.href;
    await tick();
    const at = await dbNow();
    const then = await t.call('GET', `${href}/assembly-warnings?${q(at)}`, undefined, 'intern');
    expect(then.status).toBe(200);
    expect(then.body).toEqual((await t.call('GET', `${href}/assembly-warnings`, undefined, 'intern')).body);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const url of [
      `${href}/assembly-warnings?${q(future)}`,
      `/api/systems/${idOf(systems[0]!.href)}?${q(future)}`,
      `${href}?at=yesterday`,
      `/api/systems/page?${q('2001-01-01T00:00:00Z')}`,
      `/api/systems/versions/by-label?label=x&${q(future)}`,
    ])
      expect((await t.call('GET', url)).status, url).toBe(400);
  });
});
