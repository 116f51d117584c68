import { versionLabelText, type Item, type ItemWithVersions, type VersionPage } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function page(url: string, role: TestRole = 'intern') {
  const res = await t.call('GET', url, undefined, role);
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body as VersionPage;
}

/** Every page of a kind (`limit` at a time, `q` as filter), followed through `next`. */
async function allPages(kind: string, { limit, q }: { limit: number; q?: string }, role: TestRole = 'intern') {
  const pages: VersionPage[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(limit), ...(q === undefined ? {} : { q }) });
    if (after) params.set('after', after);
    const next: VersionPage = await page(`/api/${kind}/versions/page?${params}`, role);
    pages.push(next);
    after = next.next;
  } while (after);
  return pages;
}

async function fullList(kind: string, role: TestRole = 'intern') {
  const res = await t.call('GET', `/api/${kind}/versions`, undefined, role);
  expect(res.status).toBe(200);
  return (res.body as ItemWithVersions[]).flatMap((item) => item.versions);
}

describe('GET /api/{kind}/versions/page', () => {
  it.each(['systems', 'assemblies', 'subassemblies'])(
    '%s: the pages join to the full list, in its order, without gaps or repeats',
    async (kind) => {
      const full = (await fullList(kind)).map((v) => v.href);
      expect(full.length).toBeGreaterThan(7);
      const pages = await allPages(kind, { limit: 7 });
      expect(pages.flatMap((p) => p.versions.map((v) => v.href))).toEqual(full);
      expect(pages.slice(0, -1).every((p) => p.versions.length === 7)).toBe(true);
      expect(pages.at(-1)?.next).toBeNull();
    },
  );

  it('without limit gives the first 100 in list order, each version with its item', async () => {
    const full = await fullList('assemblies');
    const first = await page('/api/assemblies/versions/page');
    expect(first.versions.map((v) => v.href)).toEqual(full.slice(0, 100).map((v) => v.href));
    expect(first.next === null).toBe(full.length <= 100);
    expect(first.versions[0]?.parent.name).toBe(first.versions[0]?.parent_name);
  });

  it('orders version numbers naturally: 2.9 before 2.10 before 10.0', async () => {
    const item = (await t.call('POST', '/api/systems', { name: 'Natural Order System' })).body as Item;
    for (const name of ['10.0', '2.10', '2.9'])
      expect((await t.call('POST', `${item.href}/versions`, { name })).status).toBe(201);
    const names = (await allPages('systems', { limit: 2, q: 'natural order system' })).flatMap((p) =>
      p.versions.map((v) => v.name),
    );
    expect(names).toEqual(['2.9', '2.10', '10.0']);
    const inFull = (await fullList('systems')).filter((v) => v.parent_name === 'Natural Order System');
    expect(inFull.map((v) => v.name)).toEqual(names);
  });

  it('orders item names naturally in every listing and page: Pump 9 before Pump 10 before Pump 100', async () => {
    const system = (await t.call('POST', '/api/systems', { name: 'Natural Order Carrier' })).body as Item;
    const names = ['Natural Order Pump 9', 'Natural Order Pump 10', 'Natural Order Pump 100'];
    for (const name of ['Natural Order Pump 100', 'Natural Order Pump 9', 'Natural Order Pump 10']) {
      const item = (await t.call('POST', '/api/assemblies', { name })).body as Item;
      expect((await t.call('POST', `${item.href}/versions`, { name: 'P-1', name2: 'MAT-1' })).status).toBe(201);
    }
    const ours = (list: string[]) => list.filter((name) => name.startsWith('Natural Order Pump'));
    const versionPages = await allPages('assemblies', { limit: 1, q: 'natural order pump' });
    expect(versionPages.flatMap((p) => p.versions.map((v) => v.parent_name))).toEqual(names);
    expect(ours((await fullList('assemblies')).map((v) => v.parent_name))).toEqual(names);
    const items = (await t.call('GET', '/api/assemblies', undefined, 'intern')).body as Item[];
    expect(ours(items.map((item) => item.name))).toEqual(names);
    for (const [url, key] of [
      ['/api/assemblies/page?limit=1&name=natural%20order%20pump', 'items'],
      [`${system.href}/assemblies/page?limit=1&name=natural%20order%20pump`, 'items'],
    ] as const) {
      const pages: string[] = [];
      let after: string | null = null;
      do {
        const res = await t.call(
          'GET',
          `${url}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          undefined,
          'intern',
        );
        expect(res.status).toBe(200);
        const body = res.body as { items: Array<{ name: string }>; next: string | null };
        pages.push(...body[key].map((row) => row.name));
        after = body.next;
      } while (after);
      expect(pages, url).toEqual(names);
    }
  });

  it('puts versions without a number after those with one, also across page ends', async () => {
    const item = (await t.call('POST', '/api/subassemblies', { name: 'Natural Order Part' })).body as Item;
    for (const [name, name2] of [
      [null, 'MAT-2'],
      ['P-10', null],
      [null, 'MAT-1'],
      ['P-9', 'MAT-9'],
      ['P-9', null],
    ])
      expect((await t.call('POST', `${item.href}/versions`, { name, name2 })).status).toBe(201);
    const labels = (await allPages('subassemblies', { limit: 1, q: 'natural order part' })).flatMap((p) =>
      p.versions.map((v) => `${v.name} ${v.name2}`),
    );
    expect(labels).toEqual(['P-9 MAT-9', 'P-9 null', 'P-10 null', 'null MAT-1', 'null MAT-2']);
    const inFull = (await fullList('subassemblies')).filter((v) => v.parent_name === 'Natural Order Part');
    expect(inFull.map((v) => `${v.name} ${v.name2}`)).toEqual(labels);
  });

  it('filters by the label folded like the search: accents, case and spaces aside, across item name and numbers', async () => {
    const full = await fullList('assemblies');
    const accented = full.find((v) => /[äöüÄÖÜ]/.test(v.parent_name));
    expect(accented, 'the demo data has an assembly with an umlaut').toBeDefined();
    const label = versionLabelText(accented!);
    // "Kühlanlage 1.2" is asked for as "KUHLANLAGE   1.2": folded, the item name and the number still match.
    const query = label
      .normalize('NFKD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase()
      .replace(/ /g, '   ');
    const found = (await allPages('assemblies', { limit: 3, q: query })).flatMap((p) => p.versions);
    expect(found.map((v) => v.href)).toContain(accented!.href);
    const expected = full.filter((v) => versionLabelText(v).toLowerCase().includes(label.toLowerCase()));
    expect(found.map((v) => v.href)).toEqual(expected.map((v) => v.href));
  });

  it('filters by a material number alone, and by an item word with a number', async () => {
    const full = await fullList('assemblies');
    const withMaterial = full.find((v) => v.name2 && v.name);
    expect(withMaterial).toBeDefined();
    const byMaterial = (await allPages('assemblies', { limit: 50, q: withMaterial!.name2!.toLowerCase() })).flatMap(
      (p) => p.versions,
    );
    expect(byMaterial.map((v) => v.href)).toContain(withMaterial!.href);
    expect(byMaterial.every((v) => (v.name2 ?? '').toLowerCase().includes(withMaterial!.name2!.toLowerCase()))).toBe(
      true,
    );
    // The item's last word and the start of the version's number: a filter across two parts of the label.
    const both = `${withMaterial!.parent_name.split(' ').at(-1)} ${withMaterial!.name!.slice(0, 3)}`;
    const found = (await allPages('assemblies', { limit: 50, q: both })).flatMap((p) => p.versions);
    expect(found.map((v) => v.href)).toEqual(
      full.filter((v) => versionLabelText(v).toLowerCase().includes(both.toLowerCase())).map((v) => v.href),
    );
    expect(found.map((v) => v.href)).toContain(withMaterial!.href);
  });

  it('a filter that matches nothing gives an empty last page; a blank filter filters nothing', async () => {
    expect(await page('/api/systems/versions/page?q=zzqqxx-none')).toEqual({ versions: [], next: null });
    const blank = await page('/api/systems/versions/page?q=%20%20&limit=5');
    expect(blank.versions.map((v) => v.href)).toEqual((await fullList('systems')).slice(0, 5).map((v) => v.href));
  });

  it('a version added between two pages comes once, in its place, if it sorts after the cursor', async () => {
    const item = (await t.call('POST', '/api/subassemblies', { name: 'Keyset Part' })).body as Item;
    for (const name of ['A-1', 'A-3', 'A-5'])
      expect((await t.call('POST', `${item.href}/versions`, { name })).status).toBe(201);
    const first = await page('/api/subassemblies/versions/page?q=keyset%20part&limit=2');
    expect(first.versions.map((v) => v.name)).toEqual(['A-1', 'A-3']);
    for (const name of ['A-0', 'A-4'])
      expect((await t.call('POST', `${item.href}/versions`, { name })).status).toBe(201);
    const rest = await page(`/api/subassemblies/versions/page?q=keyset%20part&limit=10&after=${first.next}`);
    expect(rest.versions.map((v) => v.name)).toEqual(['A-4', 'A-5']);
    expect(rest.next).toBeNull();
  });

  it('shows rscp_link to intern and admin only, like the full list; refuses no token and no role', async () => {
    const intern = await page('/api/assemblies/versions/page?limit=200', 'intern');
    expect(intern.versions.some((v) => typeof v.rscp_link === 'string')).toBe(true);
    const admin = await page('/api/assemblies/versions/page?limit=200', 'admin');
    expect(admin.versions.some((v) => typeof v.rscp_link === 'string')).toBe(true);
    const extern = await page('/api/assemblies/versions/page?limit=200', 'extern');
    expect(JSON.stringify(extern)).not.toContain('rscp_link');
    expect(extern.versions.map((v) => v.href)).toEqual(intern.versions.map((v) => v.href));

    expect((await t.app.inject({ method: 'GET', url: '/api/assemblies/versions/page' })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/assemblies/versions/page', undefined, 'norole')).status).toBe(403);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['after=not%20base64!', 'after'],
    [`after=${Buffer.from('{"a":1}').toString('base64url')}`, 'after'],
    [`after=${Buffer.from('[1,2,3]').toString('base64url')}`, 'after'],
    ['after=bm90IGpzb24', 'after'],
    // Forged keys that would make PostgreSQL fail: an id beyond its integer range, a NUL in a name.
    [`after=${Buffer.from('["Brake",2147483648,"1.0",null,1]').toString('base64url')}`, 'after'],
    [`after=${Buffer.from('["Brake",1,"1.0",null,2147483648]').toString('base64url')}`, 'after'],
    [`after=${Buffer.from('["Br\\u0000ake",1,"1.0",null,1]').toString('base64url')}`, 'after'],
    ['sort=name', 'sort'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await t.call('GET', `/api/assemblies/versions/page?${query}`, undefined, 'intern', {
      'accept-language': 'en',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('errors.validation');
    expect(res.body.message).toContain(field);
  });

  it('an unknown kind is refused with 400', async () => {
    expect((await t.call('GET', '/api/parts/versions/page', undefined, 'intern')).status).toBe(400);
  });
});

describe('GET /api/{kind}/versions/by-label', () => {
  const byLabel = (kind: string, label: string, role: TestRole = 'intern') =>
    t.call('GET', `/api/${kind}/versions/by-label?${new URLSearchParams({ label })}`, undefined, role, {
      'accept-language': 'en',
    });

  it('prefers the version whose label equals the text over an earlier one that contains it', async () => {
    const item = (await t.call('POST', '/api/systems', { name: 'Label Lookup System' })).body as Item;
    for (const name of ['2.1.0', '2.1'])
      expect((await t.call('POST', `${item.href}/versions`, { name })).status).toBe(201);
    const exact = await byLabel('systems', '  LABEL   lookup system 2.1 ');
    expect(exact.status).toBe(200);
    expect(exact.body.name).toBe('2.1');
    expect(exact.body.parent.name).toBe('Label Lookup System');
    // Only contained: the first in list order (2.1 sorts before 2.1.0).
    expect((await byLabel('systems', 'label lookup system 2')).body.name).toBe('2.1');
    expect((await byLabel('systems', 'lookup system 2.1.')).body.name).toBe('2.1.0');
  });

  it('folds accents like the search', async () => {
    const accented = (await fullList('assemblies')).find((v) => /[äöüÄÖÜ]/.test(v.parent_name));
    const label = versionLabelText(accented!)
      .normalize('NFKD')
      .replace(/\p{Diacritic}/gu, '');
    const res = await byLabel('assemblies', label.toUpperCase());
    expect(res.status).toBe(200);
    expect(versionLabelText(res.body)).toBe(versionLabelText(accented!));
  });

  it('answers 404 with the label when no version has it, and 400 without a label', async () => {
    const none = await byLabel('subassemblies', 'zzqq none');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Sub-Assembly version with the label “zzqq none” was not found.');
    expect((await t.call('GET', '/api/systems/versions/by-label', undefined, 'intern')).status).toBe(400);
    expect((await t.call('GET', '/api/systems/versions/by-label?label=a&x=1', undefined, 'intern')).status).toBe(400);
  });

  it('leaves rscp_link out for extern, like every version', async () => {
    const withLink = (await fullList('assemblies')).find((v) => typeof v.rscp_link === 'string');
    const label = versionLabelText(withLink!);
    expect((await byLabel('assemblies', label, 'intern')).body.rscp_link).toBe(withLink!.rscp_link);
    const extern = await byLabel('assemblies', label, 'extern');
    expect(extern.status).toBe(200);
    expect(extern.body).not.toHaveProperty('rscp_link');
  });
});
