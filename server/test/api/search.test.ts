import { randomBytes } from 'node:crypto';
import {
  fold,
  NAME_MAX,
  VERSION_NUMBER_MAX,
  type SearchHint,
  type SearchResult,
  type SearchResultPage,
  type SearchResults,
} from '@dp/contract';
import { and, eq } from 'drizzle-orm';
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

describe('full search a page at a time', () => {
  const PAGE_URL = '/api/search/full/page';
  const page = (body: Record<string, unknown>, role: 'intern' | 'extern' = 'intern') =>
    post<SearchResultPage>(PAGE_URL, body, role);

  /**
   * Every page of a word, each asked with the `next` of the one before, until `next` is null; checks on the way
   * that every page but the last is full and names a next page.
   */
  async function everyPage(word: string, limit?: number): Promise<SearchResultPage[]> {
    const pages: SearchResultPage[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await page({ word, ...(limit === undefined ? {} : { limit }), ...(after ? { after } : {}) });
      expect(res.status).toBe(200);
      pages.push(res.body);
      if (res.body.next === null) return pages;
      if (limit !== undefined) expect(res.body.results).toHaveLength(limit);
      // Pages that do not move on would go on for ever.
      expect(pages.length).toBeLessThan(1000);
      after = res.body.next;
    }
  }
  const resultsOf = (pages: SearchResultPage[]) => pages.flatMap((p) => p.results);
  /** "parent / name / name2 / type", "–" for a missing number. */
  const label = (r: SearchResult) => [r.parent, r.name ?? '–', r.name2 ?? '–', r.type].join(' / ');
  const byType = (results: SearchResult[]): SearchResults => ({
    systems: results.filter((r) => r.type === 'System'),
    assemblies: results.filter((r) => r.type === 'Assembly'),
    subassemblies: results.filter((r) => r.type === 'Sub-Assembly'),
  });

  /** Inserts items (kind, name) with their versions (name, name2), straight into the database. */
  async function insert(
    entries: Array<
      [kind: 'system' | 'assembly' | 'subassembly', name: string, numbers: Array<[string | null, string | null]>]
    >,
  ) {
    const created = await t.db
      .insert(items)
      .values(entries.map(([kind, name]) => ({ kind, name })))
      .returning();
    const rows = entries.flatMap(([kind, , numbers], i) =>
      numbers.map(([name, name2]) => ({ itemId: created[i]!.id, kind, name, name2 })),
    );
    if (rows.length > 0) await t.db.insert(versions).values(rows);
  }
  /** Versions of an item that exists already. */
  async function insertVersions(
    kind: 'system' | 'assembly' | 'subassembly',
    itemName: string,
    numbers: Array<[string | null, string | null]>,
  ) {
    const [item] = await t.db
      .select()
      .from(items)
      .where(and(eq(items.kind, kind), eq(items.name, itemName)));
    await t.db.insert(versions).values(numbers.map(([name, name2]) => ({ itemId: item!.id, kind, name, name2 })));
  }

  // "Jqv" (a marker of its own) in item names of every kind, one name in all three kinds, and in version numbers
  // only. Natural order puts "Jqv 9" before "Jqv 10" before "Jqv 100", and "2" before "10"; a plain text order
  // would not. A system version always has a name and never a name2 (versions_names_rule).
  const jqvInOrder = [
    'Aaa Andere 4711 / – / JQV-3 / Assembly',
    'Bremse 4711 / jqv-7 / – / Sub-Assembly',
    'Ébène Jqv / 1 / – / System',
    'Jqv 9 / 2 / – / System',
    'Jqv 9 / 2 / – / Assembly',
    'Jqv 9 / 2 / – / Sub-Assembly',
    // A name2 before none.
    'Jqv 9 / 10 / M-1 / Assembly',
    'Jqv 9 / 10 / – / System',
    'Jqv 9 / 10 / – / Assembly',
    'Jqv 9 / 10 / – / Sub-Assembly',
    // A name before none.
    'Jqv 9 / – / X / Assembly',
    'Jqv 9 / – / X / Sub-Assembly',
    'Jqv 10 / 1 / – / Assembly',
    'Jqv 100 / 1 / – / Sub-Assembly',
  ];
  beforeAll(async () => {
    // Inserted out of order, so that insertion (id) order cannot pass for the rule.
    await insert([
      ['subassembly', 'Jqv 100', [['1', null]]],
      ['assembly', 'Jqv 10', [['1', null]]],
      [
        'subassembly',
        'Jqv 9',
        [
          [null, 'X'],
          ['10', null],
          ['2', null],
        ],
      ],
      [
        'assembly',
        'Jqv 9',
        [
          [null, 'X'],
          ['10', null],
          ['10', 'M-1'],
          ['2', null],
        ],
      ],
      [
        'system',
        'Jqv 9',
        [
          ['10', null],
          ['2', null],
        ],
      ],
      ['system', 'Ébène Jqv', [['1', null]]],
      ['subassembly', 'Bremse 4711', [['jqv-7', null]]],
      ['assembly', 'Aaa Andere 4711', [[null, 'JQV-3']]],
      // Not a match.
      ['system', 'Zzz Andere 4711', [['1', null]]],
    ]);
  });

  it.each([1, 2, 3, 7, 13, 14, 15, undefined])(
    'pages of %s list every version once, every kind in one order: parent, name, name2 (numbers by value), kind',
    async (limit) => {
      const pages = await everyPage('jqv', limit);
      const results = resultsOf(pages);
      expect(results.map(label)).toEqual(jqvInOrder);
      expect(new Set(results.map((r) => r.href)).size).toBe(results.length);
      // No empty page at the end, also when the matches fill the pages exactly (14 = 2 × 7 = 7 × 2).
      expect(pages).toHaveLength(Math.ceil(jqvInOrder.length / (limit ?? 100)));
      expect(pages.at(-1)!.results.length).toBeGreaterThan(0);
    },
  );

  it.each(['jqv', 'JQV', `Jqv 9 (10 M-1)`, 'jqv 9', '10'])(
    'the pages of %j hold, per kind, what /api/search/full lists',
    async (word) => {
      const paged = byType(resultsOf(await everyPage(word, 2)));
      const { status, body } = await post<SearchResults>('/api/search/full', { word });
      expect(status).toBe(200);
      expect(paged).toEqual(body);
    },
  );

  it('a label splits at the first " (" and keeps what the whole text relates to, as /api/search/full does', async () => {
    const results = resultsOf(await everyPage('Jqv 9 (10 M-1)', 4));
    expect(results.map(label)).toEqual(jqvInOrder.filter((l) => l.startsWith('Jqv 9 /')));
  });

  it('next is null on the last page: one full page, an exact multiple, and no match at all', async () => {
    const one = await page({ word: 'jqv', limit: 14 });
    expect(one.body.results).toHaveLength(14);
    expect(one.body.next).toBeNull();
    const first = await page({ word: 'jqv', limit: 7 });
    expect(first.body.next).not.toBeNull();
    const second = await page({ word: 'jqv', limit: 7, after: first.body.next });
    expect(second.body.results.map(label)).toEqual(jqvInOrder.slice(7));
    expect(second.body.next).toBeNull();
    expect((await page({ word: 'nothing-like-this-exists-7781' })).body).toEqual({ results: [], next: null });
  });

  it('has no limit per kind: all 520 versions of a kind, where /api/search/full stops at 500', async () => {
    await insert([
      ['subassembly', 'Hvx Lager', Array.from({ length: 520 }, (_, i): [string, null] => [String(520 - i), null])],
      [
        'system',
        'Hvx Anlage',
        [
          ['3', null],
          ['1', null],
          ['2', null],
        ],
      ],
    ]);
    const pages = await everyPage('hvx', 200);
    expect(pages.map((p) => p.results.length)).toEqual([200, 200, 123]);
    const results = resultsOf(pages);
    expect(results.map((r) => `${r.parent} ${r.name}`)).toEqual([
      ...['1', '2', '3'].map((n) => `Hvx Anlage ${n}`),
      ...Array.from({ length: 520 }, (_, i) => `Hvx Lager ${i + 1}`),
    ]);
    const full = (await post<SearchResults>('/api/search/full', { word: 'hvx' })).body;
    expect(full.subassemblies).toHaveLength(500);
    expect(byType(results).subassemblies.slice(0, 500)).toEqual(full.subassemblies);
    expect(byType(results).systems).toEqual(full.systems);
  });

  it('covers every version once while versions are inserted before and after the page reached', async () => {
    await insert(
      ['Wkp 10', 'Wkp 20', 'Wkp 30', 'Wkp 40'].map((name) => [
        'system',
        name,
        [
          ['1', null],
          ['2', null],
        ],
      ]),
    );
    const seen: SearchResult[] = [];
    const next = async (after: string | null) => {
      // Pages that do not move on would go on for ever.
      expect(seen.length).toBeLessThan(50);
      const res = await page({ word: 'wkp', limit: 3, ...(after ? { after } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.results);
      return res.body.next;
    };
    const before = resultsOf(await everyPage('wkp', 3));
    let after = await next(null);
    expect(seen.map(label)).toEqual(['Wkp 10 / 1 / – / System', 'Wkp 10 / 2 / – / System', 'Wkp 20 / 1 / – / System']);

    // Before the place reached (Wkp 20, 1, –, System), never to be listed: "Wkp 5", "Wkp 10 0", and "Wkp 20 1 A"
    // (a name2 before none). After it: "Wkp 20 1" of a later kind, "Wkp 20 1.5", "Wkp 25", and "Wkp 100" (in
    // plain text order before "Wkp 20", in natural order after "Wkp 40").
    await insertVersions('system', 'Wkp 10', [['0', null]]);
    await insert([
      ['system', 'Wkp 5', [['1', null]]],
      [
        'assembly',
        'Wkp 20',
        [
          ['1', 'A'],
          ['1', null],
        ],
      ],
      ['system', 'Wkp 25', [['1', null]]],
      ['system', 'Wkp 100', [['1', null]]],
    ]);
    await insertVersions('system', 'Wkp 20', [['1.5', null]]);
    after = await next(after);
    // Then, before the place the second page reached (Wkp 20, 2, –, System), and after it.
    await insert([['subassembly', 'Wkp 20', [['1', null]]]]);
    await insertVersions('system', 'Wkp 30', [['0', null]]);
    while (after !== null) after = await next(after);

    const labels = seen.map(label);
    expect(new Set(seen.map((r) => r.href)).size).toBe(seen.length);
    for (const old of before) expect(seen.filter((r) => r.href === old.href)).toHaveLength(1);
    expect(labels).toEqual([
      'Wkp 10 / 1 / – / System',
      'Wkp 10 / 2 / – / System',
      'Wkp 20 / 1 / – / System',
      'Wkp 20 / 1 / – / Assembly',
      'Wkp 20 / 1.5 / – / System',
      'Wkp 20 / 2 / – / System',
      'Wkp 25 / 1 / – / System',
      'Wkp 30 / 0 / – / System',
      'Wkp 30 / 1 / – / System',
      'Wkp 30 / 2 / – / System',
      'Wkp 40 / 1 / – / System',
      'Wkp 40 / 2 / – / System',
      'Wkp 100 / 1 / – / System',
    ]);
    // A walk from the start now lists those inserted before the pages reached too, in their places.
    expect(resultsOf(await everyPage('wkp', 3)).map(label)).toEqual([
      'Wkp 5 / 1 / – / System',
      'Wkp 10 / 0 / – / System',
      'Wkp 10 / 1 / – / System',
      'Wkp 10 / 2 / – / System',
      'Wkp 20 / 1 / A / Assembly',
      'Wkp 20 / 1 / – / System',
      'Wkp 20 / 1 / – / Assembly',
      'Wkp 20 / 1 / – / Sub-Assembly',
      ...labels.slice(4),
    ]);
  });

  it('a write is found by the very next page request, the same request as before it', async () => {
    const labels = async (body: Record<string, unknown>) => (await page(body)).body.results.map(label);
    const mitte = (await t.call('POST', '/api/systems', { name: 'Vbn Mitte' })).body as { href: string };
    for (const name of ['1', '2'])
      expect((await t.call('POST', `${mitte.href}/versions`, { name, name2: null })).status).toBe(201);
    const first = { word: 'vbn', limit: 1 };
    expect(await labels(first)).toEqual(['Vbn Mitte / 1 / – / System']);
    const cursor = (await page(first)).body.next!;
    const second = { ...first, after: cursor };
    expect(await labels(second)).toEqual(['Vbn Mitte / 2 / – / System']);

    // A version sorting first: the same first request finds it.
    const anfang = (await t.call('POST', '/api/systems', { name: 'Vbn Anfang' })).body as { href: string };
    expect((await t.call('POST', `${anfang.href}/versions`, { name: '1', name2: null })).status).toBe(201);
    expect(await labels(first)).toEqual(['Vbn Anfang / 1 / – / System']);

    // One just after the cursor: the same second request finds it, and no longer once it is renamed.
    const added = await t.call('POST', `${mitte.href}/versions`, { name: '1.5', name2: null });
    expect(added.status).toBe(201);
    expect(await labels(second)).toEqual(['Vbn Mitte / 1.5 / – / System']);
    const renamed = await t.call('PUT', (added.body as { href: string }).href, { name: '3', name2: null });
    expect(renamed.status).toBe(200);
    expect(await labels(second)).toEqual(['Vbn Mitte / 2 / – / System']);
    expect(await labels({ ...second, limit: 5 })).toEqual(['Vbn Mitte / 2 / – / System', 'Vbn Mitte / 3 / – / System']);
  });

  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    // Not a cursor: random bytes, or not base64url at all.
    ['after', randomBytes(30).toString('base64url')],
    ['after', 'not-a-cursor'],
    ['after', 'WyJhIl0='],
    ['after', 'a+b/c'],
    ['after', ''],
    ['after', null],
    ['after', 42],
    ['after', 'x'.repeat(4097)],
    // JSON of the wrong shape: not a list, too short, too long, a field of the wrong type or out of range.
    ['after', cursorOf({ parent: 'Jqv 9' })],
    ['after', cursorOf('Jqv 9')],
    ['after', cursorOf(['Jqv 9', '10', null, 'system'])],
    ['after', cursorOf(['Jqv 9', '10', null, 'system', 1, 2])],
    ['after', cursorOf([null, '10', null, 'system', 1])],
    ['after', cursorOf(['Jqv 9', 10, null, 'system', 1])],
    ['after', cursorOf(['Jqv 9', '10', null, 'System', 1])],
    ['after', cursorOf(['Jqv 9', '10', null, 'train', 1])],
    ['after', cursorOf(['Jqv 9', '10', null, 'system', '1'])],
    ['after', cursorOf(['Jqv 9', '10', null, 'system', 0])],
    ['after', cursorOf(['Jqv 9', '10', null, 'system', 1.5])],
    ['after', cursorOf(['Jqv 9', '10', null, 'system', 2 ** 31])],
    ['after', cursorOf(['Jqv\u00009', '10', null, 'system', 1])],
    ['after', cursorOf(['x'.repeat(201), '10', null, 'system', 1])],
    ['limit', 0],
    ['limit', -1],
    ['limit', 201],
    ['limit', 'abc'],
    ['limit', 1.5],
    ['limit', null],
    ['word', ''],
    ['word', undefined],
    // A misspelt field is refused rather than ignored.
    ['page', 2],
    ['offset', 0],
  ])('%s %j → 400 naming the field, without a stack', async (field, value) => {
    const res = await page({ word: 'jqv', [field]: value });
    expect(res.status).toBe(400);
    const { message } = res.body as unknown as { message: string };
    expect(message).toEqual(expect.any(String));
    expect(message).toContain(`'${field}'`);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|\.[jt]s:\d+|node_modules/);
  });

  it('pages on past the longest names, each character escaped in the cursor', async () => {
    // A control character is 6 bytes in JSON: the longest names make the longest cursor the API hands out.
    const escaped = (text: string, length: number) => text + '\u0001'.repeat(length - text.length);
    await insert([
      [
        'assembly',
        escaped('Ctlq ', NAME_MAX),
        [
          [escaped('1', VERSION_NUMBER_MAX), escaped('M1', VERSION_NUMBER_MAX)],
          [escaped('2', VERSION_NUMBER_MAX), escaped('M2', VERSION_NUMBER_MAX)],
        ],
      ],
    ]);
    const pages = await everyPage('ctlq', 1);
    expect(resultsOf(pages).map((r) => r.name?.slice(0, 1))).toEqual(['1', '2']);
  });

  it('a cursor of the right shape is a place in the order, whether or not a version is there', async () => {
    const after = cursorOf(['Jqv 9', '10', null, 'system', 2 ** 31 - 1]);
    const res = await page({ word: 'jqv', after });
    expect(res.status).toBe(200);
    expect(res.body.results.map(label)).toEqual(jqvInOrder.slice(8));
    expect(res.body.next).toBeNull();
  });

  it('signed-in users of every role may page; without a token 401, without a role 403', async () => {
    expect((await page({ word: 'jqv' }, 'extern')).status).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: PAGE_URL, payload: { word: 'jqv' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toEqual(expect.any(String));
    const norole = await t.call('POST', PAGE_URL, { word: 'jqv' }, 'norole');
    expect(norole.status).toBe(403);
  });
});
