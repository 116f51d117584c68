import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compatibilities, compatibilityInfos, items, versions } from '../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// SPEC 2: an assembly row shows the hint to check assembly-assembly compatibility when any of its
// assembly compatibilities is conditional or forbidden. The server answers it for a whole list at once.
let t: TestApp;
const ids = {} as Record<'system' | 'calm' | 'warned' | 'warnedTo' | 'peer' | 'sub', number>;
const href = (kind: string, id: number) => `/api/${kind}/versions/${id}`;

beforeAll(async () => {
  t = await buildTestApp();
  const [system, assembly, sub] = await t.db
    .insert(items)
    .values([
      { kind: 'system', name: 'Warning Fixture System' },
      { kind: 'assembly', name: 'Warning Fixture Assembly' },
      { kind: 'subassembly', name: 'Warning Fixture Part' },
    ])
    .returning();
  const rows = await t.db
    .insert(versions)
    .values([
      { itemId: system!.id, kind: 'system', name: '1.0' },
      // Ids rise in this order; a same-kind pair is stored from the lower id.
      { itemId: assembly!.id, kind: 'assembly', name: 'W-warned' },
      { itemId: assembly!.id, kind: 'assembly', name: 'W-calm' },
      { itemId: assembly!.id, kind: 'assembly', name: 'W-peer' },
      { itemId: assembly!.id, kind: 'assembly', name: 'W-warned-to' },
      { itemId: sub!.id, kind: 'subassembly', name: 'S-1' },
    ])
    .returning();
  const [systemId, warned, calm, peer, warnedTo, subId] = rows.map((r) => r.id);
  Object.assign(ids, { system: systemId, calm, warned, warnedTo, peer, sub: subId });
  const [allowed, conditional, forbidden] = await t.db
    .insert(compatibilityInfos)
    .values([
      { status: 'allowed', obligation: '' },
      { status: 'conditional', obligation: 'Nur mit Adapter (Fixture)' },
      { status: 'forbidden', obligation: '' },
    ])
    .returning();
  const link = (from: ['system' | 'assembly' | 'subassembly', number], to: typeof from, infoId: number) => ({
    fromKind: from[0],
    fromVersionId: from[1],
    toKind: to[0],
    toVersionId: to[1],
    compatibilityInfoId: infoId,
  });
  await t.db.insert(compatibilities).values([
    link(['system', ids.system], ['assembly', ids.calm], allowed!.id),
    link(['system', ids.system], ['assembly', ids.warned], allowed!.id),
    link(['system', ids.system], ['assembly', ids.warnedTo], allowed!.id),
    // calm has only an allowed assembly compatibility: no hint.
    link(['assembly', ids.calm], ['assembly', ids.peer], allowed!.id),
    // warned is the stored 'from' side of a conditional pair, warnedTo the 'to' side of a forbidden one.
    link(['assembly', ids.warned], ['assembly', ids.peer], conditional!.id),
    link(['assembly', ids.peer], ['assembly', ids.warnedTo], forbidden!.id),
    link(['assembly', ids.calm], ['subassembly', ids.sub], allowed!.id),
    link(['assembly', ids.warned], ['subassembly', ids.sub], allowed!.id),
  ]);
});
afterAll(() => t.close());

describe('GET {version}/assembly-warnings', () => {
  it("names the rows of a system version's assembly list whose assembly compatibilities are conditional or forbidden", async () => {
    const res = await t.app.inject({
      url: `${href('systems', ids.system)}/assembly-warnings`,
      headers: await t.as('extern'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<string[]>().sort()).toEqual(
      [href('assemblies', ids.warned), href('assemblies', ids.warnedTo)].sort(),
    );
  });

  it('answers for the assembly list of an assembly and of a sub-assembly version too', async () => {
    const ofPeer = await t.app.inject({
      url: `${href('assemblies', ids.peer)}/assembly-warnings`,
      headers: await t.as('intern'),
    });
    // peer's partners: calm (allowed only), warned (conditional) and warnedTo (forbidden); peer itself is not listed.
    expect(ofPeer.json<string[]>().sort()).toEqual(
      [href('assemblies', ids.warned), href('assemblies', ids.warnedTo)].sort(),
    );
    const ofSub = await t.app.inject({
      url: `${href('subassemblies', ids.sub)}/assembly-warnings`,
      headers: await t.as('intern'),
    });
    expect(ofSub.json()).toEqual([href('assemblies', ids.warned)]);
  });

  it('refuses an unknown version with 404 and a visitor with 401', async () => {
    const unknown = await t.app.inject({
      url: '/api/systems/versions/999999999/assembly-warnings',
      headers: await t.as('intern'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
    const visitor = await t.app.inject({ url: `${href('systems', ids.system)}/assembly-warnings` });
    expect(visitor.statusCode).toBe(401);
  });
});
