import { fold, type SearchHint, type SearchResults } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, versions } from '../../src/db/schema.js';
import { foldInDatabase } from '../../src/modules/search/search.queries.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

/** Fixtures with a unique marker, so the seeded demo data cannot interfere. */
const marker = 'Qzx';
beforeAll(async () => {
  t = await buildTestApp();
  const [door, brake, sys] = await t.db
    .insert(items)
    .values([
      { kind: 'assembly', name: `Türsteuerung ${marker}` },
      { kind: 'subassembly', name: `Bremsgerät ${marker}` },
      { kind: 'system', name: `Élan ${marker} Control` },
    ])
    .returning();
  await t.db.insert(versions).values([
    { itemId: door!.id, kind: 'assembly', name: 'A2V0009(1)', name2: `MAT-${marker}-01` },
    { itemId: door!.id, kind: 'assembly', name: null, name2: `MAT-${marker}-02` },
    { itemId: brake!.id, kind: 'subassembly', name: `SB.${marker}*7`, name2: null },
    { itemId: sys!.id, kind: 'system', name: '1.10' },
    { itemId: sys!.id, kind: 'system', name: '1.9' },
  ]);
});
afterAll(() => t.close());

async function post<T>(url: string, body: unknown, role: 'intern' | 'extern' = 'intern') {
  const res = await t.call('POST', url, body, role);
  return { status: res.status, body: res.body as T };
}

describe('hints', () => {
  it.each([
    ['türsteuerung qzx', 'Türsteuerung Qzx'],
    ['TURSTEUERUNG QZX', 'Türsteuerung Qzx'],
    ['bremsgerat', 'Bremsgerät Qzx'],
    ['BREMSGERÄT   qzx', 'Bremsgerät Qzx'],
    ['elan qzx', 'Élan Qzx Control'],
  ])('%s finds %s regardless of case, accents and spaces', async (word, parent) => {
    const { status, body } = await post<SearchHint[]>('/api/search/hint', { word });
    expect(status).toBe(200);
    expect(body.map((h) => h.parent_name)).toContain(parent);
  });

  it('finds versions by part number and by material number, special characters taken literally', async () => {
    const byPart = await post<SearchHint[]>('/api/search/hint', { word: 'a2v0009(1)' });
    expect(byPart.body.some((h) => h.name === 'A2V0009(1)' && h.type === 'Assembly' && h.id_version !== null)).toBe(
      true,
    );
    const byMaterial = await post<SearchHint[]>('/api/search/hint', { word: `mat-${marker}-02` });
    expect(byMaterial.body.map((h) => h.name2)).toEqual([`MAT-${marker}-02`]);
    const star = await post<SearchHint[]>('/api/search/hint', { word: `.${marker}*` });
    expect(star.body.map((h) => h.name)).toEqual([`SB.${marker}*7`]);
    const wildcard = await post<SearchHint[]>('/api/search/hint', { word: '%' });
    expect(wildcard.body).toEqual([]);
  });

  it('an unknown word gives an empty list, not an error', async () => {
    const { status, body } = await post<SearchHint[]>('/api/search/hint', { word: 'nothing-like-this-exists-7781' });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});

describe('full search', () => {
  it('returns versions grouped by type, sorted by parent then name', async () => {
    const { body } = await post<SearchResults>('/api/search/full', { word: marker });
    expect(body.assemblies.map((r) => r.name2)).toEqual([`MAT-${marker}-01`, `MAT-${marker}-02`]);
    expect(body.subassemblies.map((r) => r.name)).toEqual([`SB.${marker}*7`]);
    expect(body.systems.map((r) => r.parent)).toEqual([`Élan ${marker} Control`, `Élan ${marker} Control`]);
    expect(body.systems.every((r) => r.href.startsWith('/api/systems/versions/') && r.type === 'System')).toBe(true);
  });

  it('splits a hint label at the first " (" and keeps what the whole text relates to', async () => {
    const { body } = await post<SearchResults>('/api/search/full', {
      word: `Türsteuerung ${marker} (A2V0009(1) MAT-${marker}-01)`,
    });
    expect(body.assemblies.length).toBeGreaterThan(0);
    expect(body.assemblies.every((r) => r.parent === `Türsteuerung ${marker}`)).toBe(true);
    expect(body.systems).toEqual([]);
  });

  it('drops the matches the whole text does not relate to', async () => {
    // "Qzx" matches every fixture; of them only MAT-Qzx-01 is within the typed text.
    const { body } = await post<SearchResults>('/api/search/full', { word: `${marker} (MAT-${marker}-01)` });
    expect(body.assemblies.map((r) => r.name2)).toEqual([`MAT-${marker}-01`]);
    expect(body.systems).toEqual([]);
    expect(body.subassemblies).toEqual([]);
  });

  it('extern may search too', async () => {
    const { status } = await post<SearchResults>('/api/search/full', { word: marker }, 'extern');
    expect(status).toBe(200);
  });
});

describe('search by id', () => {
  it('an item hint lists all its versions, a version hint just that one', async () => {
    const hints = (await post<SearchHint[]>('/api/search/hint', { word: `türsteuerung ${marker}` })).body;
    const item = hints.find((h) => h.id_version === null)!;
    const all = await post<SearchResults>('/api/search/searchById', {
      id: item.id,
      id_version: null,
      type: 'Assembly',
    });
    expect(all.body.assemblies).toHaveLength(2);
    const version = hints.find((h) => h.id_version !== null)!;
    const one = await post<SearchResults>('/api/search/searchById', {
      id: version.id,
      id_version: version.id_version,
      type: 'Assembly',
    });
    expect(one.body.assemblies).toHaveLength(1);
  });

  it('an unknown id is a 404, a wrong type for the id too', async () => {
    expect((await post('/api/search/searchById', { id: 999999, type: 'System' })).status).toBe(404);
    const hints = (await post<SearchHint[]>('/api/search/hint', { word: `türsteuerung ${marker}` })).body;
    expect((await post('/api/search/searchById', { id: hints[0]!.id, type: 'System' })).status).toBe(404);
  });
});

describe('bad search input', () => {
  it.each([
    [{ word: '' }, /word.*empty/],
    [{ word: '    ' }, /word.*empty/],
    // Accent marks alone fold to nothing: they would match every entry.
    [{ word: '\u0301\u0308' }, /word.*searchable/],
    [{ word: 'x'.repeat(201) }, /word.*200/],
    [{ word: 42 }, /word/],
    [{}, /word/],
  ])('%j → 400 naming the field', async (body, message) => {
    const res = await post<{ message: string }>('/api/search/hint', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('invalid JSON → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search/full',
      headers: { ...(await t.as('intern')), 'content-type': 'application/json' },
      payload: '{"word":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('searchById with a bad type → 400', async () => {
    const res = await post<{ message: string }>('/api/search/searchById', { id: 1, type: 'Train' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/type/);
  });
});

it('the database folds text exactly like the JavaScript rule', async () => {
  for (const text of ['Türsteuerung', 'Straße', '  Façade   élan ', 'ÅÆØ åæø', 'Ñandú', 'A2V-00(1)*%_']) {
    expect(await foldInDatabase(t.db, text)).toBe(fold(text));
  }
});

describe('search answers from the database, current on every write', () => {
  const hintLabels = async (word: string) =>
    (await post<SearchHint[]>('/api/search/hint', { word })).body.map((h) =>
      [h.parent_name, h.name, h.name2].filter(Boolean).join(' / '),
    );

  it('a created item is found by the very next search', async () => {
    expect(await hintLabels('Zebrafisch')).toEqual([]);
    const created = await t.call('POST', '/api/systems', { name: 'Zebrafisch Steuerung' });
    expect(created.status).toBe(201);
    expect(await hintLabels('zebrafisch')).toEqual(['Zebrafisch Steuerung']);
  });

  it('a renamed item and a new or renamed version are found by the very next search, old names no more', async () => {
    const item = (await t.call('POST', '/api/assemblies', { name: 'Walfisch Kupplung' })).body as { href: string };
    expect((await t.call('PUT', item.href, { name: 'Tümmler Kupplung', description: '' })).status).toBe(200);
    expect(await hintLabels('walfisch')).toEqual([]);
    expect(await hintLabels('tummler')).toEqual(['Tümmler Kupplung']);

    const version = await t.call('POST', `${item.href}/versions`, { name: null, name2: 'MAT-Delfin-1' });
    expect(version.status).toBe(201);
    expect(await hintLabels('delfin')).toEqual(['Tümmler Kupplung / MAT-Delfin-1']);
    const found = await post<SearchResults>('/api/search/full', { word: 'Delfin' });
    expect(found.body.assemblies.map((r) => r.name2)).toEqual(['MAT-Delfin-1']);

    const versionHref = (version.body as { href: string }).href;
    expect((await t.call('PUT', versionHref, { name: 'A2V-Orca', name2: 'MAT-Delfin-1' })).status).toBe(200);
    expect(await hintLabels('orca')).toEqual(['Tümmler Kupplung / A2V-Orca / MAT-Delfin-1']);
  });

  it('folds accents and case both ways: Übergang is found by ubergang, Ubergabe by ÜBERGABE', async () => {
    await t.call('POST', '/api/assemblies', { name: 'Übergangsblech Nord' });
    await t.call('POST', '/api/subassemblies', { name: 'Ubergabe Modul' });
    expect(await hintLabels('ubergangsblech')).toEqual(['Übergangsblech Nord']);
    expect(await hintLabels('ÜBERGABE')).toEqual(['Ubergabe Modul']);
    expect(await hintLabels('übergabe modul')).toEqual(['Ubergabe Modul']);
  });
});

describe('order of results', () => {
  // Names of their own, so the demo data and the other tests cannot interfere.
  beforeAll(async () => {
    const [alpha, eagle, emile, fox] = await t.db
      .insert(items)
      .values([
        { kind: 'assembly', name: 'alpha Kvw' },
        { kind: 'system', name: 'Eagle Kvw' },
        { kind: 'system', name: 'Émile Kvw' },
        { kind: 'system', name: 'Fox Kvw' },
        { kind: 'system', name: 'Kvw Zentrale' },
      ])
      .returning();
    await t.db.insert(versions).values([
      { itemId: alpha!.id, kind: 'assembly', name: 'B-2', name2: null },
      { itemId: alpha!.id, kind: 'assembly', name: null, name2: 'KVW-9' },
      { itemId: alpha!.id, kind: 'assembly', name: 'a-1', name2: null },
      { itemId: fox!.id, kind: 'system', name: '1' },
      { itemId: emile!.id, kind: 'system', name: '1' },
      { itemId: eagle!.id, kind: 'system', name: '2' },
    ]);
  });

  it('hints that start with the word first, then by kind, name (accents and case aside), item before versions', async () => {
    const { body } = await post<SearchHint[]>('/api/search/hint', { word: 'kvw' });
    expect(body.map((h) => [h.type, h.parent_name, h.name, h.name2])).toEqual([
      ['System', 'Kvw Zentrale', null, null],
      ['Assembly', 'alpha Kvw', null, 'KVW-9'],
      ['System', 'Eagle Kvw', null, null],
      ['System', 'Eagle Kvw', '2', null],
      ['System', 'Émile Kvw', null, null],
      ['System', 'Émile Kvw', '1', null],
      ['System', 'Fox Kvw', null, null],
      ['System', 'Fox Kvw', '1', null],
      ['Assembly', 'alpha Kvw', null, null],
      ['Assembly', 'alpha Kvw', 'a-1', null],
      ['Assembly', 'alpha Kvw', 'B-2', null],
    ]);
  });

  it('full search lists versions by parent name, then name, a missing name last', async () => {
    const { body } = await post<SearchResults>('/api/search/full', { word: 'KVW' });
    expect(body.systems.map((r) => `${r.parent} ${r.name}`)).toEqual(['Eagle Kvw 2', 'Émile Kvw 1', 'Fox Kvw 1']);
    expect(body.assemblies.map((r) => r.name ?? r.name2)).toEqual(['a-1', 'B-2', 'KVW-9']);
  });

  it('an underscore in the word is a character, not a wildcard', async () => {
    expect((await post<SearchHint[]>('/api/search/hint', { word: 'kvw_zentrale' })).body).toEqual([]);
  });
});

describe('the limit per kind', () => {
  // 605 assembly versions contain "lmq": 5 by their own material number (item "B Other" sorts first),
  // then 300 of item "Lmq A" and 300 of "Lmq C" by their item's name.
  beforeAll(async () => {
    const [a, b, c] = await t.db
      .insert(items)
      .values([
        { kind: 'assembly', name: 'Lmq A' },
        { kind: 'assembly', name: 'B Other' },
        { kind: 'assembly', name: 'Lmq C' },
      ])
      .returning();
    const numbered = (itemId: number) =>
      Array.from({ length: 300 }, (_, i) => ({
        itemId,
        kind: 'assembly' as const,
        name: `v${String(i + 1).padStart(3, '0')}`,
      }));
    await t.db
      .insert(versions)
      .values([
        ...numbered(a!.id),
        ...numbered(c!.id),
        ...[1, 2, 3, 4, 5].map((n) => ({ itemId: b!.id, kind: 'assembly' as const, name: null, name2: `LMQ-${n}` })),
      ]);
  });

  it('keeps the first 500 in order, whether a version matched by its own number or by its item', async () => {
    const { body } = await post<SearchResults>('/api/search/full', { word: 'lmq' });
    const labels = body.assemblies.map((r) => `${r.parent} ${r.name ?? r.name2}`);
    expect(labels).toHaveLength(500);
    expect(labels.slice(0, 6)).toEqual([
      'B Other LMQ-1',
      'B Other LMQ-2',
      'B Other LMQ-3',
      'B Other LMQ-4',
      'B Other LMQ-5',
      'Lmq A v001',
    ]);
    expect(labels.slice(304, 306)).toEqual(['Lmq A v300', 'Lmq C v001']);
    // The cut falls inside "Lmq C".
    expect(labels.at(-1)).toBe('Lmq C v195');
  });
});
