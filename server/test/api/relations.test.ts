import {
  idOfHref,
  type Comment,
  type CompatibilityInfo,
  type CompatibilityRecord,
  type Item,
  type Reference,
  type RelatedItem,
  type Version,
} from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;

let system: Version;
const assemblies: Version[] = [];
let allowed: CompatibilityInfo;
let conditional: CompatibilityInfo;
let refA: Reference;
let refB: Reference;

beforeAll(async () => {
  t = await buildTestApp();
  const sys = (await t.call('POST', '/api/systems', { name: 'Relation Test System' })).body as Item;
  system = (await t.call('POST', `${sys.href}/versions`, { name: '1.0' })).body;
  const asm = (await t.call('POST', '/api/assemblies', { name: 'Relation Test Assembly' })).body as Item;
  for (const n of ['R-1', 'R-2', 'R-3'])
    assemblies.push((await t.call('POST', `${asm.href}/versions`, { name: n })).body);
  allowed = (await t.call('POST', '/api/compatibility_infos', { compatibility_status: 'allowed', obligation: '' }))
    .body;
  conditional = (
    await t.call('POST', '/api/compatibility_infos', {
      compatibility_status: 'conditional',
      obligation: 'Nur mit Firmware 4.2 (Test)',
    })
  ).body;
  refA = (await t.call('POST', '/api/references', { reference: 'REL-REF-A' })).body;
  refB = (await t.call('POST', '/api/references', { reference: 'REL-REF-B' })).body;
});
afterAll(() => t.close());

const list = async (role: TestRole = 'admin') =>
  (await t.call('GET', `${system.href}/compatibilities/assemblies`, undefined, role)).body as CompatibilityRecord[];

describe('saving a relation table', () => {
  it('creates, updates and deletes rows in one transaction', async () => {
    const [a1, a2, a3] = assemblies.map((a) => idOfHref(a.href));
    const first = await t.call('PUT', `${system.href}/compatibilities/assemblies`, {
      rows: [
        { to_id: a1, compatibility_info: { href: allowed.href }, references: [refA.href] },
        { to_id: a2, compatibility_info: { href: conditional.href } },
        { to_id: a3, compatibility_info: null },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 2, updated: 0, deleted: 0, unchanged: 1 });
    let rows = await list();
    expect(
      rows.map((r) => [idOfHref(r.to.href), r.compatibility_info.compatibility_status, r.references]).sort(),
    ).toEqual([
      [a1, 'allowed', ['REL-REF-A']],
      [a2, 'conditional', []],
    ]);
    // The assembly side sees the same relation.
    const fromAssembly = (await t.call('GET', `${assemblies[0]!.href}/compatibilities/systems`))
      .body as CompatibilityRecord[];
    expect(fromAssembly.map((r) => r.to.href)).toEqual([system.href]);

    const row1 = rows.find((r) => idOfHref(r.to.href) === a1)!;
    const second = await t.call('PUT', `${system.href}/compatibilities/assemblies`, {
      rows: [
        {
          to_id: a1,
          compatibility_info: { href: conditional.href },
          references: [refA.href, refB.href],
          etag: row1.etag,
        },
        { to_id: a2, compatibility_info: null },
      ],
    });
    expect(second.body).toEqual({ created: 0, updated: 1, deleted: 1, unchanged: 0 });
    rows = await list();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.references).toEqual(['REL-REF-A', 'REL-REF-B']);
    expect(rows[0]!.etag).not.toBe(row1.etag);
  });

  it("the relation table's rows name their references and give each one's href beside it, current after a rename", async () => {
    const candidates = async () =>
      (
        (
          await t.call(
            'GET',
            `${system.href}/compatibilities/assemblies/candidates?item=${encodeURIComponent('Relation Test Assembly')}`,
          )
        ).body as {
          items: Array<{ href: string; references: string[]; reference_hrefs: string[] }>;
        }
      ).items;
    const rowOf = async (version: Version) => (await candidates()).find((row) => row.href === version.href)!;
    expect(await rowOf(assemblies[0]!)).toMatchObject({
      references: ['REL-REF-A', 'REL-REF-B'],
      reference_hrefs: [refA.href, refB.href],
    });
    expect(await rowOf(assemblies[1]!)).toMatchObject({ references: [], reference_hrefs: [] });
    // Renamed, REL-REF-B sorts first: its href moves with its name.
    expect((await t.call('PUT', refB.href, { reference: 'REL-REF-0 (was B)' })).status).toBe(200);
    expect(await rowOf(assemblies[0]!)).toMatchObject({
      references: ['REL-REF-0 (was B)', 'REL-REF-A'],
      reference_hrefs: [refB.href, refA.href],
    });
  });

  it('one bad row saves nothing and is reported by row', async () => {
    const before = await t.count('compatibilities');
    const [a1, , a3] = assemblies.map((a) => idOfHref(a.href));
    const res = await t.call('PUT', `${system.href}/compatibilities/assemblies`, {
      rows: [
        { to_id: a3, compatibility_info: { href: allowed.href } },
        { to_id: 999999, compatibility_info: { href: allowed.href } },
        { to_id: a1, compatibility_info: { href: '/api/compatibility_infos/999999' } },
      ],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/2 of 3 rows could not be saved, so nothing was saved/);
    expect(res.body.rows.map((r: { to_id: number }) => r.to_id)).toEqual([999999, a1]);
    expect(await t.count('compatibilities')).toBe(before);
  });

  it('a stale row answers 412 and saves nothing', async () => {
    const [row] = await list();
    await t.call('PUT', `${system.href}/compatibilities/assemblies`, {
      rows: [
        { to_id: idOfHref(row!.to.href), compatibility_info: { href: allowed.href }, references: [], etag: row!.etag },
      ],
    });
    const stale = await t.call('PUT', `${system.href}/compatibilities/assemblies`, {
      rows: [
        {
          to_id: idOfHref(row!.to.href),
          compatibility_info: { href: conditional.href },
          references: [],
          etag: row!.etag,
        },
      ],
    });
    expect(stale.status).toBe(412);
    expect(stale.body.rows[0].message).toMatch(/Someone else changed this row \(admin/);
    expect((await list())[0]!.compatibility_info.compatibility_status).toBe('allowed');
  });

  it.each([
    [{ rows: [] }, /at least one row/],
    [{ rows: [{ to_id: 1, compatibility_info: { href: '/api/references/1' } }] }, /obligation text/],
    [{ rows: [{ to_id: 1, compatibility_info: null, references: ['/etc/passwd'] }] }, /reference/],
    [{ rows: 'all' }, /rows/],
  ])('bad batch %# → 400', async (payload, message) => {
    const res = await t.call('PUT', `${system.href}/compatibilities/assemblies`, payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('refuses pairs that cannot be compatible and non-admins', async () => {
    expect(
      (
        await t.call('PUT', `${system.href}/compatibilities/subassemblies`, {
          rows: [{ to_id: 1, compatibility_info: null }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call(
          'PUT',
          `${system.href}/compatibilities/assemblies`,
          { rows: [{ to_id: 1, compatibility_info: null }] },
          'intern',
        )
      ).status,
    ).toBe(403);
  });

  it('saving 500 rows at once is one transaction and works', async () => {
    const asm = (await t.call('POST', '/api/assemblies', { name: 'Bulk Save Assembly' })).body as Item;
    const ids: number[] = [];
    for (let i = 0; i < 500; i++) {
      const created = (
        await t.pool.query(`insert into versions (item_id, kind, name) values ($1, 'assembly', $2) returning id`, [
          idOfHref(asm.href),
          `B-${i}`,
        ])
      ).rows[0];
      ids.push(created.id);
    }
    const res = await t.call('PUT', `${system.href}/compatibilities/assemblies`, {
      rows: ids.map((id) => ({ to_id: id, compatibility_info: { href: allowed.href } })),
    });
    expect(res.body).toMatchObject({ created: 500 });
    const audit = await t.pool.query(
      `select count(*) from audit_log where entity = 'compatibility' and action = 'create'`,
    );
    expect(Number(audit.rows[0].count)).toBeGreaterThanOrEqual(500);
  });
});

describe('single writes, references and comments', () => {
  it('POST creates, PUT changes, DELETE removes', async () => {
    const target = `${system.href}/compatibilities/assemblies/${idOfHref(assemblies[2]!.href)}`;
    expect((await t.call('POST', target, { compatibility_info: { href: conditional.href } })).status).toBe(201);
    expect((await t.call('POST', target, { compatibility_info: { href: conditional.href } })).status).toBe(409);
    expect((await t.call('PUT', target, { compatibility_info: { href: allowed.href } })).status).toBe(200);
    expect((await t.call('POST', `${target}/references`, { reference_info: { href: refB.href } })).status).toBe(204);
    expect((await t.call('POST', `${target}/references`, { reference_info: { href: refB.href } })).status).toBe(409);
    expect((await t.call('DELETE', `${target}/references/${idOfHref(refB.href)}`)).status).toBe(204);
    expect((await t.call('DELETE', target)).status).toBe(200);
    expect((await t.call('DELETE', target)).status).toBe(404);
  });

  it('comments: anyone with access reads, only the author edits or deletes; extern never', async () => {
    const toId = idOfHref(assemblies[0]!.href);
    const added = await t.call('POST', `${system.href}/compatibilities/assemblies/${toId}/commentaries`, {
      comment: 'Geprüft im Labor',
    });
    expect(added.status).toBe(201);
    const comment = added.body as Comment;
    expect(comment).toMatchObject({ author: 'admin', to_id: toId });
    const read = (await t.call('GET', `${system.href}/compatibilities/assemblies/commentaries`, undefined, 'intern'))
      .body as Comment[];
    expect(read.map((c) => c.comment)).toContain('Geprüft im Labor');
    expect(
      (await t.call('GET', `${system.href}/compatibilities/assemblies/commentaries`, undefined, 'extern')).status,
    ).toBe(403);

    const otherAdmin = await t.issuer.tokenFor('admin2', ['admin']);
    const foreign = await t.call('PUT', comment.href, { comment: 'overwritten' }, 'admin', {
      authorization: `Bearer ${otherAdmin}`,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/Only the author \(admin\)/);
    expect((await t.call('PUT', comment.href, { comment: '' })).status).toBe(400);
    const edited = await t.call('PUT', comment.href, { comment: 'Geprüft, OK' }, 'admin', { 'if-match': comment.etag });
    expect(edited.body.comment).toBe('Geprüft, OK');
    expect((await t.call('DELETE', comment.href, undefined, 'admin', { 'if-match': comment.etag })).status).toBe(412);
    expect((await t.call('DELETE', comment.href)).status).toBe(204);
  });
});

describe('containments and version relations', () => {
  it('checking related creates the link, unchecking deletes it', async () => {
    const sysItem = system.parent.href;
    const asmItem = assemblies[0]!.parent.href;
    const childId = idOfHref(asmItem);
    expect((await t.call('POST', `${sysItem}/assemblies/${childId}`)).status).toBe(204);
    let rows = (await t.call('GET', `${sysItem}/assemblies`)).body as RelatedItem[];
    expect(rows.find((r) => r.href === asmItem)).toMatchObject({ related: true });
    expect((await t.call('DELETE', `${sysItem}/assemblies/${childId}`)).status).toBe(204);
    rows = (await t.call('GET', `${sysItem}/assemblies`)).body as RelatedItem[];
    expect(rows.find((r) => r.href === asmItem)).toMatchObject({ related: false, relation: null });
    expect((await t.call('DELETE', `${sysItem}/assemblies/${childId}`)).status).toBe(404);
    expect((await t.call('POST', `${sysItem}/assemblies/${idOfHref(sysItem)}`)).status).toBe(404);
  });

  it('the versionRelation flag is symmetric', async () => {
    const [a1, a2] = assemblies;
    expect((await t.call('POST', `${a2!.href}/assemblies/${idOfHref(a1!.href)}`)).status).toBe(204);
    expect((await t.call('GET', `${a1!.href}/assemblies`)).body).toEqual([a2!.href]);
    expect((await t.call('GET', `${a2!.href}/assemblies`)).body).toEqual([a1!.href]);
    expect((await t.call('POST', `${a1!.href}/assemblies/${idOfHref(a1!.href)}`)).status).toBe(400);
    expect((await t.call('DELETE', `${a1!.href}/assemblies/${idOfHref(a2!.href)}`)).status).toBe(204);
  });
});

it('extern never sees obligation texts, references or comments of what admins saved', async () => {
  const body = JSON.stringify(await list('extern'));
  expect(body).not.toContain('REL-REF');
  expect(body).not.toContain('Firmware 4.2');
  expect(body).not.toMatch(/"obligation"|"references"/);
});
