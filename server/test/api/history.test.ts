import type { AuditEntry, HistoryPage, Reference, Version } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const history = async (query: string, headers: Record<string, string> = {}) =>
  t.call('GET', `/api/audit${query}`, undefined, 'admin', headers);
const page = async (query: string) => (await history(query)).body as HistoryPage;

describe('GET /api/audit: the history', () => {
  it('a reference created, changed and deleted: field-by-field changes, the href while it exists', async () => {
    const created = (await t.call('POST', '/api/references', { reference: 'HIST-1', description: 'first' }))
      .body as Reference;
    const id = created.href.split('/').pop()!;
    const changed = await t.call('PUT', created.href, { reference: 'HIST-1', description: 'second' }, 'admin', {
      'if-match': created.etag,
    });
    expect(changed.status).toBe(200);

    const live = await page(`?entity=reference&entity_id=${id}`);
    expect(live.items.map((e) => [e.action, e.href])).toEqual([
      ['update', created.href],
      ['create', created.href],
    ]);
    expect(live.items[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'description', before: 'first', after: 'second' }]),
    );
    expect(live.items[0]!.changes.map((c) => c.field)).not.toContain('reference');
    expect(live.items[1]!.changes).toEqual(expect.arrayContaining([{ field: 'description', after: 'first' }]));
    expect(live.items[1]!.changes.every((c) => !('before' in c))).toBe(true);

    expect((await t.call('DELETE', created.href, undefined, 'admin', { 'if-match': changed.body.etag })).status).toBe(
      204,
    );
    const gone = await page(`?entity=reference&entity_id=${id}`);
    expect(gone.items.map((e) => [e.action, e.href])).toEqual([
      ['delete', null],
      ['update', null],
      ['create', null],
    ]);
    expect(gone.items[0]!.changes).toEqual(expect.arrayContaining([{ field: 'description', before: 'second' }]));
    expect(gone.items[0]!.changes.every((c) => !('after' in c))).toBe(true);
  });

  it('every entry of one transaction shares its change set; entries of others do not', async () => {
    const pairs = (await t.call('GET', '/api/assemblies/versions/compatibilities/assemblies')).body as Array<{
      from: { href: string };
    }>;
    const original = (await t.call('GET', pairs[0]!.from.href)).body as Version;
    const copy = (await t.call('POST', `${original.href}/copy`, { name: `${original.name ?? 'X'}-hist`, name2: null }))
      .body as Version & { copied_compatibilities: number };
    expect(copy.copied_compatibilities).toBeGreaterThan(0);
    const versionEntry = (await page(`?entity=assembly_version&entity_id=${copy.href.split('/').pop()}`)).items[0]!;
    const copied = await page(`?actor=admin&limit=200`);
    const sameSet = copied.items.filter((e) => e.change_set === versionEntry.change_set);
    expect(sameSet.filter((e) => e.entity === 'compatibility')).toHaveLength(copy.copied_compatibilities);
    expect(copied.items.filter((e) => e.change_set !== versionEntry.change_set).length).toBeGreaterThan(0);
  });

  it('keyset pages, newest first, with the filters combined', async () => {
    for (const n of [1, 2, 3, 4, 5]) await t.call('POST', '/api/references', { reference: `HIST-PAGE-${n}` });
    const from = (await page('?entity=reference&limit=5')).items.at(-1)!.at;
    const seen: AuditEntry[] = [];
    let query = `?entity=reference&actor=admin&from=${encodeURIComponent(from)}&limit=2`;
    for (;;) {
      const next = await page(query);
      expect(next.items.length).toBeLessThanOrEqual(2);
      seen.push(...next.items);
      if (!next.next) break;
      query = `?entity=reference&actor=admin&from=${encodeURIComponent(from)}&limit=2&after=${next.next}`;
    }
    expect(seen.map((e) => e.after && (e.after as { reference: string }).reference)).toEqual([
      'HIST-PAGE-5',
      'HIST-PAGE-4',
      'HIST-PAGE-3',
      'HIST-PAGE-2',
      'HIST-PAGE-1',
    ]);
    const ids = seen.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // Nobody else wrote them; none before `from`; `to` before them all leaves none.
    expect((await page(`?entity=reference&actor=intern&from=${encodeURIComponent(from)}`)).items).toEqual([]);
    expect((await page(`?entity=reference&to=2000-01-01T00:00:00Z`)).items).toEqual([]);
  });

  it('bad filters answer 400 in the language of the user; others than admins get 403', async () => {
    const de = { 'accept-language': 'de' };
    const unknown = await history('?entity=planet', de);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('planet');
    expect(unknown.body.message).toContain('Verlauf');
    const malformed = await history('?from=2025-03-04T05:06:07', de);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('from');
    const reversed = await history('?from=2025-03-05T00:00:00Z&to=2025-03-04T00:00:00Z', de);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain('liegt nach');
    const forged = await history(`?after=${Buffer.from('["1 or 1=1"]').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect((await history('?limit=201')).status).toBe(400);
    expect((await t.call('GET', '/api/audit', undefined, 'intern')).status).toBe(403);
  });
});
