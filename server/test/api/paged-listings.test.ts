import type { CompatibilityRecord, Item, ItemWithVersions } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Every entry of a paged listing at `url`, asked with `params` and followed through `next` (as intern,
 * who may read all of them); `between` runs after each page.
 */
async function followPages<Entry>(
  url: string,
  params: Record<string, string>,
  between: (pageNumber: number) => Promise<void> = async () => {},
): Promise<Entry[]> {
  const entries: Entry[] = [];
  let after: string | null = null;
  let pageNumber = 0;
  do {
    const query = new URLSearchParams(params);
    if (after) query.set('after', after);
    const res = await t.call('GET', `${url}?${query}`, undefined, 'intern');
    expect(res.status, `${url}?${query}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    const next = res.body as { items: Entry[]; next: string | null };
    entries.push(...next.items);
    after = next.next;
    await between(pageNumber++);
  } while (after);
  return entries;
}

/** Every page of a kind's items (GET /api/{kind}/page). */
const allPages = (kind: string, params: Record<string, string>, between?: (pageNumber: number) => Promise<void>) =>
  followPages<Item>(`/api/${kind}/page`, params, between);

const fullList = async (kind: string) => (await t.call('GET', `/api/${kind}`, undefined, 'admin')).body as Item[];
const hrefs = (items: Item[]) => items.map((item) => item.href);

describe('GET /api/{kind}/page', () => {
  it.each(['systems', 'assemblies', 'subassemblies'])(
    '%s by name: the pages join to the full list, in its order, without gaps or repeats',
    async (kind) => {
      const full = await fullList(kind);
      expect(full.length).toBeGreaterThan(7);
      expect(hrefs(await allPages(kind, { limit: '7' }))).toEqual(hrefs(full));
      expect(hrefs(await allPages(kind, { limit: '7', sort: '-name' }))).toEqual(hrefs(full).reverse());
    },
  );

  it.each(['creation_time', '-modification_time', 'updated_by', '-updated_by'])(
    'sorted by %s: every item once, in that order (ties by id)',
    async (sort) => {
      const desc = sort.startsWith('-');
      const column = (desc ? sort.slice(1) : sort) as 'creation_time' | 'modification_time' | 'updated_by';
      // Two items changed within the same page boundary region, so ties and times both occur.
      const items = await allPages('assemblies', { limit: '5', sort });
      expect(new Set(hrefs(items))).toEqual(new Set(hrefs(await fullList('assemblies'))));
      expect(items).toHaveLength(new Set(hrefs(items)).size);
      const key = (item: Item) => (column === 'updated_by' ? item.updated_by : Date.parse(item[column]));
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [key(items[i - 1]!), key(items[i]!)];
        if (typeof a === 'number' && typeof b === 'number') expect(desc ? a >= b : a <= b).toBe(true);
        else if (a === b) {
          const [idA, idB] = [items[i - 1]!, items[i]!].map((item) => Number(item.href.split('/').at(-1)));
          expect(desc ? idA! > idB! : idA! < idB!).toBe(true);
        }
      }
      if (column === 'updated_by') {
        // Equal names come together: each name's run is unbroken.
        const runs = items.map(key).filter((name, i, all) => i === 0 || all[i - 1] !== name);
        expect(runs).toHaveLength(new Set(runs).size);
      }
    },
  );

  it('covers every item exactly once while items are added between pages', async () => {
    const before = await fullList('subassemblies');
    const stamp = Date.now();
    const seen = await allPages('subassemblies', { limit: '4' }, async (pageNumber) => {
      // Names before and after every page's position: some land behind the cursor, some ahead.
      for (const prefix of ['0', 'M', 'zz'])
        expect(
          (await t.call('POST', '/api/subassemblies', { name: `${prefix} Paging ${stamp} ${pageNumber}` })).status,
        ).toBe(201);
    });
    const seenHrefs = hrefs(seen);
    expect(seenHrefs).toHaveLength(new Set(seenHrefs).size);
    for (const href of hrefs(before)) expect(seenHrefs).toContain(href);
  });

  it('filters by name and by last editor, ignoring case, accents and repeated spaces', async () => {
    const stamp = Date.now();
    const created = (await t.call('POST', '/api/systems', { name: `Kühlanlage  Nord ${stamp}` })).body as Item;
    const byName = await allPages('systems', { name: `KUHLANLAGE NORD ${stamp}` });
    expect(hrefs(byName)).toEqual([created.href]);
    const byEditor = await allPages('systems', { updated_by: 'ADMÎN', name: String(stamp) });
    expect(hrefs(byEditor)).toEqual([created.href]);
    expect(await allPages('systems', { updated_by: 'nobody-at-all' })).toEqual([]);
    // A blank filter filters nothing.
    expect(hrefs(await allPages('systems', { name: '   ', limit: '50' }))).toEqual(hrefs(await fullList('systems')));
  });

  it.each([
    ['sort=colour', 'sort'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['after=not%20base64!', 'after'],
    [`after=${Buffer.from('["Brake",2147483648]').toString('base64url')}`, 'after'],
    [`after=${Buffer.from('["Br\\u0000ake",1]').toString('base64url')}`, 'after'],
    // A time-sorted cursor must hold a timestamp: anything else would reach PostgreSQL's cast.
    [`sort=creation_time&after=${Buffer.from('["yesterday",1]').toString('base64url')}`, 'after'],
    [`sort=-modification_time&after=${Buffer.from('["2025-13-45 10:00:00+00",1]').toString('base64url')}`, 'after'],
    [`name=${'x'.repeat(201)}`, 'name'],
    ['q=brake', 'q'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await t.call('GET', `/api/systems/page?${query}`, undefined, 'admin', { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('needs a signed-in user with a role', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/systems/page' })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/systems/page', undefined, 'norole')).status).toBe(403);
    expect((await t.call('GET', '/api/systems/page', undefined, 'extern')).status).toBe(200);
  });
});

describe('GET /api/references/page', () => {
  const everyReference = async () =>
    (await t.call('GET', '/api/references', undefined, 'intern')).body as Array<{ href: string; reference: string }>;
  const referencePages = (params: Record<string, string>) =>
    followPages<{ href: string; reference: string; description: string }>('/api/references/page', params);

  it('pages join to the full list, in its order (numbers by value), also backwards and by another column', async () => {
    for (const reference of ['Ref Order 10', 'Ref Order 9', 'Ref Order 100'])
      expect((await t.call('POST', '/api/references', { reference, description: reference })).status).toBe(201);
    const full = await everyReference();
    expect(full.length).toBeGreaterThan(5);
    expect(full.map((r) => r.reference).filter((name) => name.startsWith('Ref Order'))).toEqual([
      'Ref Order 9',
      'Ref Order 10',
      'Ref Order 100',
    ]);
    expect((await referencePages({ limit: '4' })).map((r) => r.href)).toEqual(full.map((r) => r.href));
    expect((await referencePages({ limit: '4', sort: '-reference' })).map((r) => r.href)).toEqual(
      full.map((r) => r.href).reverse(),
    );
    // The relation tables' list: the same references in the same order, with their names alone.
    const names = (await t.call('GET', '/api/references/names', undefined, 'intern')).body;
    expect(names).toEqual(full.map(({ href, reference }) => ({ href, reference })));
    const byTime = await referencePages({ limit: '3', sort: '-modification_time' });
    expect(new Set(byTime.map((r) => r.href))).toEqual(new Set(full.map((r) => r.href)));
    expect(byTime).toHaveLength(full.length);
  });

  it('pages by description, also through descriptions longer than a cursor carries', async () => {
    const long = (n: number) => `${'Long description of a brake test rig, '.repeat(40)}${n}`;
    for (const n of [2, 1, 3])
      expect(
        (await t.call('POST', '/api/references', { reference: `Ref Long ${n}`, description: long(n) })).status,
      ).toBe(201);
    const found = await referencePages({ limit: '1', sort: 'description', description: 'brake test rig' });
    expect(found.map((r) => r.reference).sort()).toEqual(['Ref Long 1', 'Ref Long 2', 'Ref Long 3']);
    expect((await referencePages({ limit: '2', sort: '-description' })).length).toBe((await everyReference()).length);
  });

  it('filters by reference and description, folded like the search', async () => {
    expect(
      (await t.call('POST', '/api/references', { reference: 'Ref Fold Ü', description: 'Prüfstand Bremse' })).status,
    ).toBe(201);
    expect((await referencePages({ reference: 'ref fold u' })).map((r) => r.reference)).toEqual(['Ref Fold Ü']);
    expect((await referencePages({ description: 'PRUFSTAND' })).map((r) => r.reference)).toEqual(['Ref Fold Ü']);
  });

  it('refuses a forged cursor and an unknown sort; extern may not read it', async () => {
    expect((await t.call('GET', '/api/references/page?after=bm90LWEtY3Vyc29y', undefined, 'intern')).status).toBe(400);
    expect((await t.call('GET', '/api/references/page?sort=href', undefined, 'intern')).status).toBe(400);
    expect((await t.call('GET', '/api/references/page', undefined, 'extern')).status).toBe(403);
  });
});

describe('GET /api/{parent}/{id}/{child}/page (the relation editor)', () => {
  const rowsOf = async (url: string) =>
    (await t.call('GET', url, undefined, 'intern')).body as Array<{ href: string; name: string; related: boolean }>;

  const allRelatedPages = (url: string, params: Record<string, string>) =>
    followPages<{ href: string; name: string; related: boolean }>(`${url}/page`, params);

  it('pages join to the full list by name, and put the related (or unrelated) first, each by name', async () => {
    const [system] = (await fullList('systems')) as Item[];
    const url = `${system!.href}/assemblies`;
    const full = await rowsOf(url);
    expect(full.some((row) => row.related)).toBe(true);
    expect(await allRelatedPages(url, { limit: '9' })).toEqual(full);
    expect(await allRelatedPages(url, { limit: '9', sort: '-name' })).toEqual([...full].reverse());
    const relatedFirst = await allRelatedPages(url, { limit: '4', sort: '-related' });
    expect(relatedFirst).toEqual([...full.filter((row) => row.related), ...full.filter((row) => !row.related)]);
    const unrelatedFirst = await allRelatedPages(url, { limit: '4', sort: 'related' });
    expect(unrelatedFirst).toEqual([...full.filter((row) => !row.related), ...full.filter((row) => row.related)]);
  });

  it('filters by name folded like the search', async () => {
    const [assembly] = (await fullList('assemblies')) as Item[];
    const url = `${assembly!.href}/subassemblies`;
    const full = await rowsOf(url);
    const word = full[0]!.name.split(' ')[0]!;
    const found = await allRelatedPages(url, { name: word.toUpperCase() });
    expect(found).toEqual(full.filter((row) => row.name.toLowerCase().includes(word.toLowerCase())));
  });

  it('refuses a forged cursor, an unknown sort and an unknown parent; extern may not read it', async () => {
    const [system] = (await fullList('systems')) as Item[];
    const url = `${system!.href}/assemblies/page`;
    const forged = Buffer.from('["Brake",1,"yes"]').toString('base64url');
    expect((await t.call('GET', `${url}?after=${forged}`, undefined, 'intern')).status).toBe(400);
    expect((await t.call('GET', `${url}?sort=colour`, undefined, 'intern')).status).toBe(400);
    expect((await t.call('GET', '/api/systems/999999/assemblies/page', undefined, 'intern')).status).toBe(404);
    expect((await t.call('GET', url, undefined, 'extern')).status).toBe(403);
  });
});

describe('GET {version}/compatibilities/{kind}/candidates (a relation table)', () => {
  type Row = {
    href: string;
    parent_name: string;
    name: string | null;
    name2: string | null;
    obligation: string | null;
    status: string | null;
    references: string[];
    reference_hrefs: string[];
    etag: string | null;
    flag: boolean;
  };
  const allRows = (url: string, params: Record<string, string>) => followPages<Row>(`${url}/candidates`, params);
  const get = async <T>(url: string) => {
    const res = await t.call('GET', url, undefined, 'intern');
    expect(res.status).toBe(200);
    return res.body as T;
  };

  /** An assembly version with compatibilities to assemblies and a version flag, from the demo data. */
  async function assemblyWithPartners() {
    const records = await get<Array<{ from: { href: string } }>>('/api/assemblies/versions/compatibilities/assemblies');
    const counts = new Map<string, number>();
    for (const record of records) counts.set(record.from.href, (counts.get(record.from.href) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  }

  it('lists every other version of the kind once, in catalog order, with its compatibility and flag', async () => {
    const version = await assemblyWithPartners();
    const url = `${version}/compatibilities/assemblies`;
    const rows = await allRows(url, { limit: '37' });
    const catalog = (await get<ItemWithVersions[]>('/api/assemblies/versions'))
      .flatMap((item) => item.versions)
      .map((v) => v.href)
      .filter((href) => href !== version);
    expect(rows.map((row) => row.href)).toEqual(catalog);

    const records = await get<CompatibilityRecord[]>(url);
    expect(records.length).toBeGreaterThan(0);
    const byHref = new Map(rows.map((row) => [row.href, row]));
    for (const record of records) {
      const row = byHref.get(record.to.href)!;
      expect(row).toMatchObject({
        obligation: record.compatibility_info.href,
        status: record.compatibility_info.compatibility_status,
        references: record.references,
        etag: record.etag,
      });
    }
    expect(rows.filter((row) => row.obligation !== null)).toHaveLength(records.length);
    // Each reference comes by name with its href beside it (the web app needs no list of every reference).
    const references = await get<Array<{ href: string; reference: string }>>('/api/references');
    const hrefOf = new Map(references.map((reference) => [reference.reference, reference.href]));
    for (const row of rows) expect(row.reference_hrefs).toEqual(row.references.map((name) => hrefOf.get(name)));
    const flags = new Set(await get<string[]>(`${version}/assemblies`));
    expect(new Set(rows.filter((row) => row.flag).map((row) => row.href))).toEqual(flags);
  });

  it('sorts by obligation (compatible rows first), by flag and backwards by item; pages keep the order', async () => {
    const version = await assemblyWithPartners();
    const url = `${version}/compatibilities/assemblies`;
    const byItem = await allRows(url, {});
    expect((await allRows(url, { sort: '-item', limit: '50' })).map((r) => r.href)).toEqual(
      byItem.map((r) => r.href).reverse(),
    );
    const byObligation = await allRows(url, { sort: 'obligation', limit: '3' });
    expect(new Set(byObligation.map((r) => r.href))).toEqual(new Set(byItem.map((r) => r.href)));
    const firstWithout = byObligation.findIndex((row) => row.status === null);
    expect(byObligation.slice(firstWithout).every((row) => row.status === null)).toBe(true);
    const statuses = byObligation.slice(0, firstWithout).map((row) => row.status!);
    expect(statuses).toEqual([...statuses].sort());
    const byFlag = await allRows(url, { sort: '-flag', limit: '4' });
    const lastFlagged = byFlag.map((row) => row.flag).lastIndexOf(true);
    expect(byFlag.slice(0, lastFlagged + 1).every((row) => row.flag)).toBe(true);
    expect(byFlag).toHaveLength(byItem.length);
  });

  it('filters by item, obligation text and reference, folded like the search', async () => {
    const version = await assemblyWithPartners();
    const url = `${version}/compatibilities/assemblies`;
    const all = await allRows(url, {});
    const withCompatibility = all.filter((row) => row.obligation !== null);
    // A word of one obligation text, in upper case: every row whose text contains it.
    const infos = (await get<Array<{ href: string; obligation: string }>>('/api/compatibility_infos')).filter((info) =>
      withCompatibility.some((row) => row.obligation === info.href),
    );
    const word = infos[0]!.obligation.split(' ').find((part) => part.length > 3)!;
    const matching = new Set(
      infos.filter((info) => info.obligation.toLowerCase().includes(word.toLowerCase())).map((info) => info.href),
    );
    const byObligation = await allRows(url, { obligation: word.toUpperCase() });
    expect(byObligation.length).toBeGreaterThan(0);
    expect(byObligation).toEqual(all.filter((row) => row.obligation !== null && matching.has(row.obligation)));
    const itemWord = all[0]!.parent_name.split(' ')[0]!;
    expect(await allRows(url, { item: itemWord.toUpperCase() })).toEqual(
      all.filter((row) => row.parent_name.toLowerCase().includes(itemWord.toLowerCase())),
    );
    const withReference = all.find((row) => row.references.length > 0);
    if (withReference) {
      const reference = withReference.references[0]!;
      expect(await allRows(url, { references: reference.toLowerCase() })).toEqual(
        all.filter((row) => row.references.some((name) => name.toLowerCase().includes(reference.toLowerCase()))),
      );
    }
  });

  it('refuses a pair that does not exist, an unknown version, a forged cursor and extern', async () => {
    const version = await assemblyWithPartners();
    expect(
      (await t.call('GET', `${version}/compatibilities/systems/candidates?sort=colour`, undefined, 'intern')).status,
    ).toBe(400);
    expect(
      (await t.call('GET', '/api/systems/versions/1/compatibilities/subassemblies/candidates', undefined, 'intern'))
        .status,
    ).toBe(400);
    expect(
      (
        await t.call(
          'GET',
          '/api/assemblies/versions/999999/compatibilities/assemblies/candidates',
          undefined,
          'intern',
        )
      ).status,
    ).toBe(404);
    const forged = Buffer.from('["A",null,null,1,0,"maybe",false]').toString('base64url');
    expect(
      (await t.call('GET', `${version}/compatibilities/assemblies/candidates?after=${forged}`, undefined, 'intern'))
        .status,
    ).toBe(400);
    expect(
      (
        await t.call(
          'GET',
          `${version}/compatibilities/assemblies/candidates?obligation=${'x'.repeat(201)}`,
          undefined,
          'intern',
        )
      ).status,
    ).toBe(400);
    expect((await t.call('GET', `${version}/compatibilities/assemblies/candidates`, undefined, 'extern')).status).toBe(
      403,
    );
  });
});
