import type { Item, ItemPage } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function page(url: string) {
  const res = await t.call('GET', url, undefined, 'admin');
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body as ItemPage;
}

/** Every page of a kind's items, `limit` at a time, followed through `next`; `between` runs after each page. */
async function allPages(
  kind: string,
  params: Record<string, string>,
  between: (pageNumber: number) => Promise<void> = async () => {},
) {
  const items: Item[] = [];
  let after: string | null = null;
  let pageNumber = 0;
  do {
    const query = new URLSearchParams(params);
    if (after) query.set('after', after);
    const next: ItemPage = await page(`/api/${kind}/page?${query}`);
    items.push(...next.items);
    after = next.next;
    await between(pageNumber++);
  } while (after);
  return items;
}

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

describe('GET /api/{parent}/{id}/{child}/page (the relation editor)', () => {
  const rowsOf = async (url: string) =>
    (await t.call('GET', url, undefined, 'intern')).body as Array<{ href: string; name: string; related: boolean }>;

  async function allRelatedPages(url: string, params: Record<string, string>) {
    const rows: Array<{ href: string; name: string; related: boolean }> = [];
    let after: string | null = null;
    do {
      const query = new URLSearchParams(params);
      if (after) query.set('after', after);
      const res = await t.call('GET', `${url}/page?${query}`, undefined, 'intern');
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      rows.push(...res.body.items);
      after = res.body.next;
    } while (after);
    return rows;
  }

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
