import { OFFLINE_SYSTEMS_MAX, type OfflineBundleEntry } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compatibilities, compatibilityInfos, items, versions } from '../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// Issue 44 part 3: one call answers what the browsers' GETs answer for a set of systems, so a depot's
// device saves it in one request; the role's projection is the routes' own.
let t: TestApp;
type Kind = 'system' | 'assembly' | 'subassembly';
const ids = {} as Record<'system' | 'other' | 'sysV' | 'otherV' | 'asmV' | 'asm' | 'subV' | 'sub' | 'farAsm', number>;
const OBLIGATION = 'Nur mit Adapter (Offline-Fixture)';

beforeAll(async () => {
  t = await buildTestApp();
  const [system, other, assembly, sub, far] = await t.db
    .insert(items)
    .values([
      { kind: 'system', name: 'Offline Fixture System' },
      { kind: 'system', name: 'Offline Fixture Other' },
      { kind: 'assembly', name: 'Offline Fixture Assembly' },
      { kind: 'subassembly', name: 'Offline Fixture Part' },
      // Related to nothing the system names: never in its bundle.
      { kind: 'assembly', name: 'Offline Fixture Far' },
    ])
    .returning();
  const rows = await t.db
    .insert(versions)
    .values([
      { itemId: system!.id, kind: 'system', name: '1.0' },
      { itemId: other!.id, kind: 'system', name: '2.0' },
      { itemId: assembly!.id, kind: 'assembly', name: 'OA-1' },
      { itemId: sub!.id, kind: 'subassembly', name: 'OS-1' },
      { itemId: far!.id, kind: 'assembly', name: 'OF-1' },
    ])
    .returning();
  Object.assign(ids, {
    system: system!.id,
    other: other!.id,
    asm: assembly!.id,
    sub: sub!.id,
    farAsm: far!.id,
    sysV: rows[0]!.id,
    otherV: rows[1]!.id,
    asmV: rows[2]!.id,
    subV: rows[3]!.id,
  });
  const [allowed, conditional] = await t.db
    .insert(compatibilityInfos)
    .values([
      { status: 'allowed', obligation: '' },
      { status: 'conditional', obligation: OBLIGATION },
    ])
    .returning();
  const link = (from: [Kind, number], to: [Kind, number], infoId: number) => ({
    fromKind: from[0],
    fromVersionId: from[1],
    toKind: to[0],
    toVersionId: to[1],
    compatibilityInfoId: infoId,
  });
  await t.db
    .insert(compatibilities)
    .values([
      link(['system', ids.sysV], ['assembly', ids.asmV], conditional!.id),
      link(['system', ids.sysV], ['system', ids.otherV], allowed!.id),
      link(['assembly', ids.asmV], ['subassembly', ids.subV], allowed!.id),
    ]);
});
afterAll(() => t?.close());

const bundle = async (role: 'intern' | 'extern', systems: string[]) =>
  t.call('POST', '/api/offline/bundle', { systems }, role);

describe('POST /api/offline/bundle', () => {
  it('answers, for each path, exactly what the GET of that path answers the same user', async () => {
    for (const role of ['intern', 'extern'] as const) {
      // Both systems: their same-kind pair is read from both sides within one batch.
      const res = await bundle(role, [`/api/systems/${ids.system}`, `/api/systems/${ids.other}`]);
      expect(res.status).toBe(200);
      const entries = res.body as OfflineBundleEntry[];
      expect(
        entries.filter((entry) => /^\/api\/systems\/versions\/\d+\/compatibilities\/systems$/.test(entry.path)),
      ).toHaveLength(2);
      const systemsOf = (id: number) =>
        entries.find((entry) => entry.path === `/api/systems/versions/${id}/compatibilities/systems`)?.body;
      expect(systemsOf(ids.sysV)).toEqual([
        expect.objectContaining({ to: expect.objectContaining({ href: `/api/systems/versions/${ids.otherV}` }) }),
      ]);
      expect(systemsOf(ids.otherV)).toEqual([
        expect.objectContaining({ to: expect.objectContaining({ href: `/api/systems/versions/${ids.sysV}` }) }),
      ]);
      for (const entry of entries) {
        const get = await t.call('GET', entry.path, undefined, role);
        expect(get.status, entry.path).toBe(200);
        expect(entry.body, `${role} ${entry.path}`).toEqual(get.body);
      }
    }
  });

  it('holds the systems, the assemblies their versions name and those assemblies’ sub-assemblies, with every list', async () => {
    const res = await bundle('intern', [`/api/systems/${ids.system}`]);
    const paths = (res.body as OfflineBundleEntry[]).map((entry) => entry.path).sort();
    const v = (kind: string, id: number) => `/api/${kind}/versions/${id}`;
    expect(paths).toEqual(
      [
        `/api/systems/${ids.system}/versions`,
        `${v('systems', ids.sysV)}/compatibilities/systems`,
        `${v('systems', ids.sysV)}/compatibilities/assemblies`,
        `${v('systems', ids.sysV)}/assembly-warnings`,
        `/api/assemblies/${ids.asm}/versions`,
        `${v('assemblies', ids.asmV)}/compatibilities/systems`,
        `${v('assemblies', ids.asmV)}/compatibilities/assemblies`,
        `${v('assemblies', ids.asmV)}/compatibilities/subassemblies`,
        `${v('assemblies', ids.asmV)}/assembly-warnings`,
        `/api/subassemblies/${ids.sub}/versions`,
        `${v('subassemblies', ids.subV)}/compatibilities/assemblies`,
        `${v('subassemblies', ids.subV)}/compatibilities/subassemblies`,
      ].sort(),
    );
  });

  it('gives extern statuses only: no obligation text, no references, no rscp_link', async () => {
    const intern = await bundle('intern', [`/api/systems/${ids.system}`]);
    expect(JSON.stringify(intern.body)).toContain(OBLIGATION);
    const extern = await bundle('extern', [`/api/systems/${ids.system}`]);
    expect(extern.status).toBe(200);
    const text = JSON.stringify(extern.body);
    expect(text).toContain('"compatibility_status":"conditional"');
    expect(text).not.toContain(OBLIGATION);
    expect(text).not.toContain('"obligation"');
    expect(text).not.toContain('"references"');
    expect(text).not.toContain('"rscp_link"');
  });

  it('answers 404 naming an unknown system, and sends nothing else', async () => {
    const res = await bundle('intern', [`/api/systems/${ids.system}`, '/api/systems/999999']);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('999999');
    // An assembly's href is not a system's.
    expect((await bundle('intern', [`/api/systems/${ids.asm}`])).status).toBe(404);
  });

  it('refuses bad input with 400 and a message naming the field', async () => {
    const tooMany = Array.from({ length: OFFLINE_SYSTEMS_MAX + 1 }, (_, i) => `/api/systems/${i + 1}`);
    const many = await bundle('intern', tooMany);
    expect(many.status).toBe(400);
    expect(many.body.message).toContain('systems');
    expect((await bundle('intern', [])).status).toBe(400);
    const wrong = await bundle('intern', [`/api/assemblies/${ids.asm}`]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('must be the href of a system');
    const german = await t.call('POST', '/api/offline/bundle', { systems: ['x'] }, 'intern', {
      'accept-language': 'de',
    });
    expect(german.body.message).toContain('muss der href eines Systems sein');
  });

  it('answers 401 without a token and 403 to a user without a role', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/offline/bundle',
      payload: { systems: [`/api/systems/${ids.system}`] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/offline/bundle', { systems: [`/api/systems/${ids.system}`] }, 'norole')).status,
    ).toBe(403);
  });
});
