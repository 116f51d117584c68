import type { CompatibilityRecord, ItemWithVersions } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const idOf = (href: string) => Number(href.split('/').pop());
const dbNow = async () =>
  (await t.pool.query<{ now: Date }>('select clock_timestamp() as now')).rows[0]!.now.toISOString();
// Milliseconds apart, so that an ISO time with milliseconds falls strictly between two changes.
const tick = () => t.pool.query('select pg_sleep(0.002)');

interface Fixture {
  systemItem: number;
  systemVersions: [number, number];
  pair: CompatibilityRecord;
}

async function fixture(): Promise<Fixture> {
  const systems = (await t.call('GET', '/api/systems/versions')).body as ItemWithVersions[];
  const withTwo = systems.find((s) => s.versions.length >= 2)!;
  const pairs = (
    await t.call('GET', `/api/systems/versions/${idOf(withTwo.versions[0]!.href)}/compatibilities/assemblies`)
  ).body as CompatibilityRecord[];
  return {
    systemItem: idOf(withTwo.href),
    systemVersions: [idOf(withTwo.versions[0]!.href), idOf(withTwo.versions[1]!.href)],
    pair: pairs[0]!,
  };
}

/** Every read that takes a point in time, as role `role`, at `at` (or now when absent). */
async function everyRead(f: Fixture, role: TestRole, at?: string) {
  const q = at === undefined ? '' : `?at=${encodeURIComponent(at)}`;
  const body = at === undefined ? {} : { at };
  const [v1, v2] = f.systemVersions;
  const assembly = idOf(f.pair.to.href);
  const reads: Array<[string, string, unknown?]> = [
    ['GET', `/api/systems${q}`],
    ['GET', `/api/systems/${f.systemItem}/versions${q}`],
    ['GET', `/api/systems/versions/page${q}`],
    ['GET', `/api/systems/versions/${v1}/compatibilities/assemblies${q}`],
    ['GET', `/api/systems/versions/${v1}/delta/${v2}${q}`],
    ['GET', `/api/compatibility_infos${q}`],
    [
      'POST',
      '/api/matrix',
      { rowKind: 'systems', rows: [v1, v2], columnKind: 'assemblies', columns: [assembly], ...body },
    ],
    ['POST', '/api/search/hint', { word: 'a', ...body }],
    ['POST', '/api/search/full', { word: 'a', ...body }],
    ['POST', '/api/search/full/page', { word: 'a', ...body }],
    ['POST', '/api/search/searchById', { id: f.systemItem, type: 'System', ...body }],
  ];
  const answers: Record<string, unknown> = {};
  for (const [method, url, payload] of reads) {
    const res = await t.call(method as 'GET' | 'POST', url, payload, role);
    expect(res.status, `${method} ${url}`).toBe(200);
    answers[`${method} ${url.split('?')[0]}`] = res.body;
  }
  return answers;
}

describe('reads at a point in time', () => {
  it('each read answers at a time exactly what it answers now when nothing changed since', async () => {
    const f = await fixture();
    await tick();
    const at = await dbNow();
    for (const role of ['admin', 'extern'] as const)
      expect(await everyRead(f, role, at)).toEqual(await everyRead(f, role));
  });

  it('an obligation changed: at before the change the old text, now the new one; extern never gets a text', async () => {
    const f = await fixture();
    const infoHref = f.pair.compatibility_info.href;
    const info = (await t.call('GET', '/api/compatibility_infos')).body.find(
      (i: { href: string }) => i.href === infoHref,
    ) as { obligation: string; compatibility_status: string };
    const { revision } = (
      await t.pool.query<{ revision: number }>('select revision from compatibility_infos where id = $1', [
        idOf(infoHref),
      ])
    ).rows[0]!;
    await tick();
    const before = await dbNow();
    await tick();
    const changed = await t.call(
      'PUT',
      infoHref,
      { compatibility_status: info.compatibility_status, obligation: 'Only with the AT-MARKER adapter' },
      'admin',
      { 'if-match': `"${idOf(infoHref)}.${revision}"` },
    );
    expect(changed.status).toBe(200);
    const url = `/api/systems/versions/${f.systemVersions[0]}/compatibilities/assemblies`;
    const then = (await t.call('GET', `${url}?at=${encodeURIComponent(before)}`)).body as CompatibilityRecord[];
    const now = (await t.call('GET', url)).body as CompatibilityRecord[];
    const find = (list: CompatibilityRecord[]) =>
      list.find((r) => r.href === f.pair.href)!.compatibility_info.obligation;
    expect(find(then)).toBe(info.obligation);
    expect(find(now)).toBe('Only with the AT-MARKER adapter');

    // Extern: statuses only, from every read at any time.
    for (const at of [before, await dbNow()]) {
      const text = JSON.stringify(await everyRead(f, 'extern', at));
      expect(text).not.toContain('AT-MARKER');
      if (info.obligation) expect(text).not.toContain(info.obligation);
      expect(text).not.toContain('"obligation"');
    }
  });

  it('an item created later is not there before it; one deleted later is there before it', async () => {
    await tick();
    const before = await dbNow();
    await tick();
    const created = (await t.call('POST', '/api/systems', { name: 'Born Later' })).body as { href: string };
    const names = async (at?: string) =>
      (
        (await t.call('GET', `/api/systems${at ? `?at=${encodeURIComponent(at)}` : ''}`)).body as { name: string }[]
      ).map((i) => i.name);
    expect(await names(before)).not.toContain('Born Later');
    expect(await names()).toContain('Born Later');
    await tick();
    const between = await dbNow();
    await tick();
    const etag = (await t.call('GET', created.href)).body.etag as string;
    expect((await t.call('DELETE', created.href, undefined, 'admin', { 'if-match': etag })).status).toBe(204);
    expect(await names(between)).toContain('Born Later');
    expect(await names()).not.toContain('Born Later');
  });

  it('a time in the future, malformed or before the history began answers 400 naming the earliest time', async () => {
    const began = (await t.pool.query<{ at: Date }>('select at from history.began')).rows[0]!.at.toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const at of [future, '2001-01-01T00:00:00Z']) {
      const res = await t.call('GET', `/api/systems?at=${encodeURIComponent(at)}`, undefined, 'admin', {
        'accept-language': 'de',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(began);
      expect(res.body.message).toContain('Beginn des Verlaufs');
      const matrix = await t.call('POST', '/api/search/full', { word: 'a', at });
      expect(matrix.status).toBe(400);
    }
    expect((await t.call('GET', '/api/systems?at=2025-03-04T05:06:07')).status).toBe(400);
    expect((await t.call('GET', '/api/systems?at=yesterday')).status).toBe(400);
  });
});
