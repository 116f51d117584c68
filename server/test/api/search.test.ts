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

it('a write through the API is found by the very next search', async () => {
  expect((await post<SearchHint[]>('/api/search/hint', { word: 'Zebrafisch' })).body).toEqual([]);
  const created = await t.call('POST', '/api/systems', { name: 'Zebrafisch Steuerung' });
  expect(created.status).toBe(201);
  expect((await post<SearchHint[]>('/api/search/hint', { word: 'zebrafisch' })).body.map((h) => h.parent_name)).toEqual(
    ['Zebrafisch Steuerung'],
  );
});
