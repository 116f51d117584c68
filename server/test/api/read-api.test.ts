import type { CompatibilityRecord, ItemWithVersions } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function get<T>(url: string, role: 'admin' | 'intern' | 'extern' = 'intern') {
  const res = await t.call('GET', url, undefined, role);
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
  return res.body as T;
}

const pairs = [
  'systems/versions/compatibilities/systems',
  'systems/versions/compatibilities/assemblies',
  'assemblies/versions/compatibilities/assemblies',
  'assemblies/versions/compatibilities/subassemblies',
  'subassemblies/versions/compatibilities/subassemblies',
];

describe('role projection', () => {
  it('no extern response contains an obligation text, reference, rscp_link or comment', async () => {
    const obligations = (await get<Array<{ obligation: string }>>('/api/compatibility_infos', 'admin'))
      .map((i) => i.obligation)
      .filter((text) => text.length > 8);
    expect(obligations.length).toBeGreaterThan(3);
    const urls = [
      '/api/compatibility_infos',
      '/api/systems/versions',
      '/api/assemblies/versions',
      '/api/subassemblies/versions',
      ...pairs.map((p) => `/api/${p}`),
    ];
    for (const url of urls) {
      const body = JSON.stringify(await get(url, 'extern'));
      for (const text of obligations)
        expect(body, `${url} leaks an obligation text`).not.toContain(JSON.stringify(text));
      expect(body, url).not.toMatch(/"obligation"|"references"|"rscp_link"|"comment"/);
    }
  });

  it('intern and admin see obligation texts and references', async () => {
    for (const role of ['intern', 'admin'] as const) {
      const records = await get<CompatibilityRecord[]>('/api/systems/versions/compatibilities/assemblies', role);
      expect(records.length).toBeGreaterThan(0);
      expect(records.some((r) => (r.compatibility_info.obligation ?? '').length > 0)).toBe(true);
      expect(records.every((r) => Array.isArray(r.references))).toBe(true);
      expect(records.some((r) => (r.references ?? []).length > 0)).toBe(true);
    }
  });

  it('intern gets the reference list and rscp_link (SPEC 6); extern gets neither', async () => {
    const internVersions = await get<ItemWithVersions[]>('/api/assemblies/versions', 'intern');
    const links = internVersions.flatMap((i) => i.versions).map((v) => v.rscp_link);
    expect(links.some((link) => typeof link === 'string' && link.startsWith('http'))).toBe(true);
    const one = internVersions.flatMap((i) => i.versions).find((v) => v.rscp_link);
    if (!one) throw new Error('The demo data has no version with an rscp_link.');
    expect((await get<{ rscp_link?: string }>(one.href, 'intern')).rscp_link).toBe(one.rscp_link);
    expect((await get<{ rscp_link?: string }>(one.href, 'extern')).rscp_link).toBeUndefined();
    expect((await get<unknown[]>('/api/references', 'intern')).length).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/references', undefined, 'extern')).status).toBe(403);
  });

  it('extern still gets every status', async () => {
    const records = await get<CompatibilityRecord[]>(
      '/api/assemblies/versions/compatibilities/subassemblies',
      'extern',
    );
    const statuses = new Set(records.map((r) => r.compatibility_info.compatibility_status));
    expect([...statuses].sort()).toEqual(['allowed', 'conditional', 'forbidden', 'irrelevant']);
  });
});

describe('matrix data', () => {
  it('lists items with versions; systems carry no material number', async () => {
    const systems = await get<ItemWithVersions[]>('/api/systems/versions');
    expect(systems.length).toBeGreaterThanOrEqual(6);
    expect(systems.every((s) => s.href.startsWith('/api/systems/') && s.versions.length > 0)).toBe(true);
    expect(systems.flatMap((s) => s.versions).every((v) => v.name2 === null && v.name)).toBe(true);
    const assemblies = await get<ItemWithVersions[]>('/api/assemblies/versions');
    expect(assemblies.flatMap((a) => a.versions).every((v) => Boolean(v.name) || Boolean(v.name2))).toBe(true);
  });

  it('same-kind compatibilities are read from both sides and agree', async () => {
    const records = await get<CompatibilityRecord[]>('/api/assemblies/versions/compatibilities/assemblies');
    const byPair = new Map(records.map((r) => [`${r.from.href}|${r.to.href}`, r.compatibility_info]));
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(byPair.get(`${r.to.href}|${r.from.href}`)).toEqual(r.compatibility_info);
  });

  it("one version's list equals its slice of the bulk list", async () => {
    const all = await get<CompatibilityRecord[]>('/api/systems/versions/compatibilities/assemblies');
    const first = all[0]!;
    const own = await get<CompatibilityRecord[]>(`${first.from.href}/compatibilities/assemblies`);
    expect(own.map((r) => r.to.href).sort()).toEqual(
      all
        .filter((r) => r.from.href === first.from.href)
        .map((r) => r.to.href)
        .sort(),
    );
    const reverse = await get<CompatibilityRecord[]>(`${first.to.href}/compatibilities/systems`);
    expect(reverse.some((r) => r.to.href === first.from.href)).toBe(true);
  });

  it("one version's list names each partner by its label's parts, from either side of a same-kind pair", async () => {
    const all = await get<CompatibilityRecord[]>('/api/assemblies/versions/compatibilities/assemblies');
    const first = all[0]!;
    for (const [own, partner] of [
      [first.from.href, first.to.href],
      [first.to.href, first.from.href],
    ] as const) {
      const records = await get<CompatibilityRecord[]>(`${own}/compatibilities/assemblies`);
      const record = records.find((r) => r.to.href === partner)!;
      const version = await get<{
        parent: { href: string };
        parent_name: string;
        name: string | null;
        name2: string | null;
      }>(partner);
      expect(record.to).toEqual({
        href: partner,
        parent_href: version.parent.href,
        parent_name: version.parent_name,
        name: version.name,
        name2: version.name2,
      });
      expect(record.from.href).toBe(own);
    }
  });

  it('infos carry the modification time', async () => {
    const infos = await get<{ modification_time: string }>('/api/infos');
    expect(Number.isNaN(Date.parse(infos.modification_time))).toBe(false);
  });

  it('an item and a version can be read by href', async () => {
    const [system] = await get<ItemWithVersions[]>('/api/systems/versions');
    const item = await get<ItemWithVersions>(system!.href);
    expect(item.name).toBe(system!.name);
    const version = await get<{ parent_name: string }>(system!.versions[0]!.href);
    expect(version.parent_name).toBe(system!.name);
  });
});

describe('bad input answers 4xx with a JSON message and no stack trace', () => {
  it.each([
    ['/api/systems/999999', 404, /System 999999 was not found/],
    ['/api/systems/versions/999999', 404, /System version 999999 was not found/],
    ['/api/systems/abc', 400, /Path parameter 'id'/],
    ['/api/systems/-3/versions', 400, /Path parameter 'id'/],
    ['/api/widgets/versions', 400, /Path parameter 'kind'/],
    [
      '/api/systems/versions/compatibilities/subassemblies',
      400,
      /no compatibilities between systems and subassemblies/,
    ],
    ['/api/systems/versions/999999/compatibilities/assemblies', 404, /not found/],
    ['/api/nothing/here/at/all', 404, /There is no GET/],
    ['/api/systems/99999999999999999999', 400, /too large/],
  ])('GET %s → %i', async (url, status, message) => {
    const res = await t.app.inject({ url, headers: await t.as('intern') });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.statusCode).toBe(status);
    expect(body.message).toMatch(message);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('invalid JSON answers 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/infos',
      headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeTruthy();
  });
});
