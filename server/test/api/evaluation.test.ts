import type { MatrixResponse, SystemDelta } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compatibilities, compatibilityInfos, items, versions } from '../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const ids = {} as Record<'s1' | 's2' | 'peer' | 'a1' | 'a2' | 'a3', number>;
const obligation = 'Nur mit Software-Stand ≥ 3.2 zulässig (Fixture)';

beforeAll(async () => {
  t = await buildTestApp();
  const [system, otherSystem, assembly] = await t.db
    .insert(items)
    .values([
      { kind: 'system', name: 'Delta Fixture System' },
      { kind: 'system', name: 'Delta Fixture Peer' },
      { kind: 'assembly', name: 'Delta Fixture Assembly' },
    ])
    .returning();
  const rows = await t.db
    .insert(versions)
    .values([
      { itemId: system!.id, kind: 'system', name: '1.0' },
      { itemId: system!.id, kind: 'system', name: '2.0' },
      { itemId: otherSystem!.id, kind: 'system', name: '9.9' },
      { itemId: assembly!.id, kind: 'assembly', name: 'P-1' },
      { itemId: assembly!.id, kind: 'assembly', name: 'P-2' },
      { itemId: assembly!.id, kind: 'assembly', name: 'P-3' },
    ])
    .returning();
  const [s1, s2, peer, a1, a2, a3] = rows.map((r: { id: number }) => r.id);
  Object.assign(ids, { s1, s2, peer, a1, a2, a3 });
  const [allowed, conditional, forbidden] = await t.db
    .insert(compatibilityInfos)
    .values([
      { status: 'allowed', obligation: '' },
      { status: 'conditional', obligation },
      { status: 'forbidden', obligation: 'Verboten (Fixture)' },
    ])
    .returning();
  await t.db.insert(compatibilities).values([
    // s1: a1 allowed, a2 conditional; s2: a2 conditional (unchanged), a3 forbidden (new)
    {
      fromVersionId: ids.s1,
      fromKind: 'system',
      toVersionId: ids.a1,
      toKind: 'assembly',
      compatibilityInfoId: allowed!.id,
    },
    {
      fromVersionId: ids.s1,
      fromKind: 'system',
      toVersionId: ids.a2,
      toKind: 'assembly',
      compatibilityInfoId: conditional!.id,
    },
    {
      fromVersionId: ids.s2,
      fromKind: 'system',
      toVersionId: ids.a2,
      toKind: 'assembly',
      compatibilityInfoId: conditional!.id,
    },
    {
      fromVersionId: ids.s2,
      fromKind: 'system',
      toVersionId: ids.a3,
      toKind: 'assembly',
      compatibilityInfoId: forbidden!.id,
    },
    // system–system, stored once with the smaller id first
    {
      fromVersionId: Math.min(ids.s1, ids.peer),
      fromKind: 'system',
      toVersionId: Math.max(ids.s1, ids.peer),
      toKind: 'system',
      compatibilityInfoId: allowed!.id,
    },
    // assembly–assembly
    {
      fromVersionId: ids.a1,
      fromKind: 'assembly',
      toVersionId: ids.a3,
      toKind: 'assembly',
      compatibilityInfoId: forbidden!.id,
    },
  ]);
});
afterAll(() => t.close());

const v = (kind: string, id: number) => `/api/${kind}/versions/${id}`;

describe('system delta', () => {
  it('lists every related version with the status for version 1 and version 2', async () => {
    const res = await t.app.inject({
      url: `/api/systems/versions/${ids.s1}/delta/${ids.s2}`,
      headers: await t.as('intern'),
    });
    expect(res.statusCode).toBe(200);
    const delta = res.json() as SystemDelta;
    expect(
      delta.assemblies.map((r) => [
        r.name,
        r.version1?.compatibility_status ?? null,
        r.version2?.compatibility_status ?? null,
        r.changed,
      ]),
    ).toEqual([
      ['P-1', 'allowed', null, true],
      ['P-2', 'conditional', 'conditional', false],
      ['P-3', null, 'forbidden', true],
    ]);
    expect(delta.assemblies[1]!.version1!.obligation).toBe(obligation);
    expect(delta.systems.map((r) => [r.parent_name, r.version1?.compatibility_status, r.version2])).toEqual([
      ['Delta Fixture Peer', 'allowed', null],
    ]);
  });

  it('lists the partners by item name in natural order: Gear 9 before Gear 10 before Gear 100', async () => {
    const [system, ...gears] = await t.db
      .insert(items)
      .values([
        { kind: 'system', name: 'Delta Order System' },
        ...['Delta Order Gear 100', 'Delta Order Gear 9', 'Delta Order Gear 10'].map((name) => ({
          kind: 'assembly' as const,
          name,
        })),
      ])
      .returning();
    const [one, two, ...gearVersions] = await t.db
      .insert(versions)
      .values([
        { itemId: system!.id, kind: 'system', name: '1.0' },
        { itemId: system!.id, kind: 'system', name: '2.0' },
        ...gears.map((gear) => ({ itemId: gear.id, kind: 'assembly' as const, name: 'G-1' })),
      ])
      .returning();
    const [info] = await t.db.insert(compatibilityInfos).values({ status: 'allowed', obligation: '' }).returning();
    await t.db.insert(compatibilities).values(
      gearVersions.map((gear) => ({
        fromVersionId: one!.id,
        fromKind: 'system' as const,
        toVersionId: gear.id,
        toKind: 'assembly' as const,
        compatibilityInfoId: info!.id,
      })),
    );
    const res = await t.app.inject({
      url: `/api/systems/versions/${one!.id}/delta/${two!.id}`,
      headers: await t.as('intern'),
    });
    expect((res.json() as SystemDelta).assemblies.map((row) => row.parent_name)).toEqual([
      'Delta Order Gear 9',
      'Delta Order Gear 10',
      'Delta Order Gear 100',
    ]);
  });

  it('extern gets statuses without obligation texts', async () => {
    const res = await t.app.inject({
      url: `/api/systems/versions/${ids.s1}/delta/${ids.s2}`,
      headers: await t.as('extern'),
    });
    expect(res.body).not.toContain(obligation);
    expect(res.body).not.toContain('"obligation"');
  });

  it('refuses versions of different systems and unknown versions', async () => {
    const mixed = await t.app.inject({
      url: `/api/systems/versions/${ids.s1}/delta/${ids.peer}`,
      headers: await t.as('intern'),
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/same system/);
    const unknown = await t.app.inject({
      url: `/api/systems/versions/${ids.s1}/delta/999999`,
      headers: await t.as('intern'),
    });
    expect(unknown.statusCode).toBe(404);
    const assembly = await t.app.inject({
      url: `/api/systems/versions/${ids.a1}/delta/${ids.s1}`,
      headers: await t.as('intern'),
    });
    expect(assembly.statusCode).toBe(404);
  });
});

describe("one version's list", () => {
  it('lists the partners of a version seen from it, and refuses a version of another kind', async () => {
    const list = await t.app.inject({
      url: `/api/assemblies/versions/${ids.a2}/compatibilities/systems`,
      headers: await t.as('intern'),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { to: { href: string } }) => c.to.href)).toEqual([
      `/api/systems/versions/${ids.s1}`,
      `/api/systems/versions/${ids.s2}`,
    ]);
    // s1 has assembly compatibilities, but it is a system version: no list of it as an assembly version.
    const wrongKind = await t.app.inject({
      url: `/api/assemblies/versions/${ids.s1}/compatibilities/systems`,
      headers: await t.as('intern'),
    });
    expect(wrongKind.statusCode).toBe(404);
    const none = await t.app.inject({
      url: `/api/systems/versions/${ids.peer}/compatibilities/assemblies`,
      headers: await t.as('intern'),
    });
    expect(none.json()).toEqual([]);
  });
});

describe('matrix', () => {
  const request = () => ({
    rowKind: 'assemblies',
    rows: [ids.a1, ids.a3],
    columnKind: 'assemblies',
    columns: [ids.a1, ids.a2, ids.a3],
  });

  it('gives each cell from both sides of a once-stored pair', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/matrix',
      payload: request(),
      headers: await t.as('intern'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MatrixResponse;
    expect(body.rows.map((r) => r.name)).toEqual(['P-1', 'P-3']);
    expect(body.cells.map((c) => [c.row, c.column, c.compatibility_status]).sort()).toEqual(
      [
        [v('assemblies', ids.a1), v('assemblies', ids.a3), 'forbidden'],
        [v('assemblies', ids.a3), v('assemblies', ids.a1), 'forbidden'],
      ].sort(),
    );
  });

  it('works across kinds (systems × assemblies) and hides texts from extern', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/matrix',
      payload: {
        rowKind: 'systems',
        rows: [ids.s1, ids.s2],
        columnKind: 'assemblies',
        columns: [ids.a1, ids.a2, ids.a3],
      },
      headers: await t.as('extern'),
    });
    const body = res.json() as MatrixResponse;
    expect(body.cells).toHaveLength(4);
    expect(res.body).not.toContain('"obligation"');
  });

  it.each([
    [{ rowKind: 'assemblies', rows: [], columnKind: 'assemblies', columns: [1] }, 400, /at least one/],
    [
      {
        rowKind: 'assemblies',
        rows: Array.from({ length: 16 }, (_, i) => i + 1),
        columnKind: 'assemblies',
        columns: [1],
      },
      400,
      /at most 15/,
    ],
    [{ rowKind: 'trains', rows: [1], columnKind: 'assemblies', columns: [1] }, 400, /rowKind/],
    [{ rowKind: 'assemblies', rows: [999999], columnKind: 'assemblies', columns: [1] }, 404, /version 999999/],
  ])('bad request %# → %i', async (payload, status, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/matrix', payload, headers: await t.as('intern') });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
  });
});
