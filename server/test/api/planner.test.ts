import type { PlannerResponse, PlannerSystemsResponse } from '@dp/contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compatibilities, compatibilityInfos, itemContainments, items, versions } from '../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
type Name = 's1' | 's2' | 'a1' | 'a2' | 'a3' | 'b1' | 'b2' | 'c1' | 'd1' | 'u1' | 'u2';
const id = {} as Record<Name, number>;
const OBLIGATION = 'Planner fixture: only with firmware 7.2';
const kindPath = {
  s: 'systems',
  a: 'assemblies',
  b: 'assemblies',
  c: 'assemblies',
  d: 'assemblies',
  u: 'subassemblies',
};
const hrefOf = (name: Name) => `/api/${kindPath[name[0] as keyof typeof kindPath]}/versions/${id[name]}`;

/**
 * System S (1.0 installed, 2.0 the target) with assemblies A, B, C, D and sub-assembly U in A. On 2.0:
 * A-1 is forbidden (A must change); A-3, the newest, is forbidden with the installed B-1 (so A-2 is
 * proposed); U-1 is forbidden with A-2 (U changes with A, to U-2, conditional); C-1 is forbidden and C
 * has no other version (a blocker); D-1 is not recorded (a blocker of the other reason). Taking A-3
 * anyway would need B-2 and U-2 as well: an alternative with three changes.
 */
beforeAll(async () => {
  t = await buildTestApp();
  const made = await t.db
    .insert(items)
    .values([
      { kind: 'system', name: 'Planner S' },
      { kind: 'assembly', name: 'Planner A' },
      { kind: 'assembly', name: 'Planner B' },
      { kind: 'assembly', name: 'Planner C' },
      { kind: 'assembly', name: 'Planner D' },
      { kind: 'subassembly', name: 'Planner U' },
    ])
    .returning();
  const [S, A, B, C, D, U] = made.map((row) => row.id) as [number, number, number, number, number, number];
  const rows = await t.db
    .insert(versions)
    .values([
      { itemId: S, kind: 'system', name: '1.0' },
      { itemId: S, kind: 'system', name: '2.0' },
      { itemId: A, kind: 'assembly', name: 'A-1' },
      { itemId: A, kind: 'assembly', name: 'A-2' },
      { itemId: A, kind: 'assembly', name: 'A-10' },
      { itemId: B, kind: 'assembly', name: 'B-1' },
      { itemId: B, kind: 'assembly', name: 'B-2' },
      { itemId: C, kind: 'assembly', name: 'C-1' },
      { itemId: D, kind: 'assembly', name: 'D-1' },
      { itemId: U, kind: 'subassembly', name: 'U-1' },
      { itemId: U, kind: 'subassembly', name: 'U-2' },
    ])
    .returning();
  // A-10 is the newest A by the natural version order (after A-2), though it sorts before it as text.
  (['s1', 's2', 'a1', 'a2', 'a3', 'b1', 'b2', 'c1', 'd1', 'u1', 'u2'] as const).forEach((name, i) => {
    id[name] = rows[i]!.id;
  });
  await t.db.insert(itemContainments).values([
    ...[A, B, C, D].map((child) => ({
      parentItemId: S,
      parentKind: 'system' as const,
      childItemId: child,
      childKind: 'assembly' as const,
    })),
    { parentItemId: A, parentKind: 'assembly', childItemId: U, childKind: 'subassembly' },
  ]);
  const [allowed, conditional, forbidden] = await t.db
    .insert(compatibilityInfos)
    .values([
      { status: 'allowed', obligation: '' },
      { status: 'conditional', obligation: OBLIGATION },
      { status: 'forbidden', obligation: '' },
    ])
    .returning();
  const kinds = { s: 'system', a: 'assembly', b: 'assembly', c: 'assembly', d: 'assembly', u: 'subassembly' } as const;
  const pair = (x: Name, y: Name, info: { id: number }) => {
    const [from, to] = kinds[x[0] as 's'] === kinds[y[0] as 's'] && id[x] > id[y] ? [y, x] : [x, y];
    return {
      fromVersionId: id[from],
      fromKind: kinds[from[0] as 's'],
      toVersionId: id[to],
      toKind: kinds[to[0] as 's'],
      compatibilityInfoId: info.id,
    };
  };
  await t.db
    .insert(compatibilities)
    .values([
      pair('s1', 'a1', allowed!),
      pair('s1', 'b1', allowed!),
      pair('s1', 'c1', allowed!),
      pair('s1', 'd1', allowed!),
      pair('s2', 'a1', forbidden!),
      pair('s2', 'a2', allowed!),
      pair('s2', 'a3', allowed!),
      pair('s2', 'b1', allowed!),
      pair('s2', 'b2', allowed!),
      pair('s2', 'c1', forbidden!),
      pair('a3', 'b1', forbidden!),
      pair('a1', 'u1', allowed!),
      pair('a2', 'u1', forbidden!),
      pair('a2', 'u2', conditional!),
      pair('a3', 'u2', allowed!),
    ]);
});

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dp-planner-'));
afterAll(async () => {
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const question = {
  system: () => hrefOf('s1'),
  target: () => hrefOf('s2'),
};
const ask = (body: unknown, role: 'admin' | 'intern' | 'extern' = 'intern', headers: Record<string, string> = {}) =>
  t.call('POST', '/api/planner', body, role, headers);
const upgrade = () => ({
  system: question.system(),
  assemblies: [hrefOf('a1'), hrefOf('b1'), hrefOf('c1'), hrefOf('d1')],
  subassemblies: [hrefOf('u1')],
  target: question.target(),
});
const names = (labels: Array<{ name: string | null }>) => labels.map((l) => l.name);

describe('POST /api/planner', () => {
  it('proposes the fewest changes, skipping the newest option that breaks a sibling, and changes the sub-assembly with its assembly', async () => {
    const res = await ask(upgrade());
    expect(res.status).toBe(200);
    const body = res.body as PlannerResponse;
    expect(body.target.name).toBe('2.0');
    expect(body.keep.map((k) => [k.part.name, k.status])).toEqual([['B-1', 'allowed']]);
    expect(body.change.map((c) => [c.from.name, c.to.name, c.because?.a.name, c.because?.status])).toEqual([
      ['A-1', 'A-2', '2.0', 'forbidden'],
      ['U-1', 'U-2', 'A-2', 'forbidden'],
    ]);
    // A-10 fits the target but is forbidden with B-1: not an option beside B-1.
    expect(names(body.change[0]!.options)).toEqual(['A-2']);
    expect(body.alternatives.map((a) => [a.changes, a.parts.map((p) => p.to.name)])).toEqual([
      [3, ['A-10', 'B-2', 'U-2']],
    ]);
  });

  it('names a blocker of each reason with the pair in the way', async () => {
    const body = (await ask(upgrade())).body as PlannerResponse;
    expect(body.blockers.map((b) => [b.part.name, b.reason, b.pair.a.name, b.pair.b.name, b.pair.status])).toEqual([
      ['C-1', 'forbidden', '2.0', 'C-1', 'forbidden'],
      ['D-1', 'not_recorded', '2.0', 'D-1', 'not_recorded'],
    ]);
  });

  it('lists every pair the proposal needs, and the obligations of its conditional pairs', async () => {
    const body = (await ask(upgrade(), 'admin')).body as PlannerResponse;
    expect(body.checks.map((c) => [c.a.name, c.b.name, c.status])).toEqual([
      ['2.0', 'A-2', 'allowed'],
      ['2.0', 'B-1', 'allowed'],
      ['2.0', 'C-1', 'forbidden'],
      ['2.0', 'D-1', 'not_recorded'],
      ['A-2', 'U-2', 'conditional'],
    ]);
    expect(body.obligations).toEqual([
      {
        a: expect.objectContaining({ name: 'A-2' }),
        b: expect.objectContaining({ name: 'U-2' }),
        obligation: OBLIGATION,
      },
    ]);
  });

  it('gives extern the statuses only, never an obligation text', async () => {
    const res = await ask(upgrade(), 'extern');
    expect(res.status).toBe(200);
    const body = res.body as PlannerResponse;
    expect(body.obligations).toBeUndefined();
    expect(body.checks.some((c) => c.status === 'conditional')).toBe(true);
    expect(JSON.stringify(body)).not.toContain(OBLIGATION);
  });

  it('keeps everything that already fits', async () => {
    const body = (await ask({ ...upgrade(), target: question.system() })).body as PlannerResponse;
    expect(body.change).toEqual([]);
    expect(body.blockers).toEqual([]);
    expect(body.keep.map((k) => k.part.name)).toEqual(['A-1', 'B-1', 'C-1', 'D-1', 'U-1']);
  });

  it('answers 400 in the user’s language for an href of the wrong kind', async () => {
    const res = await ask({ ...upgrade(), subassemblies: [hrefOf('a1')] }, 'intern', { 'accept-language': 'de' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('muss der href einer Unterbaugruppenversion sein');
    expect(res.headers['content-language']).toBe('de');
  });

  it('answers 400 for two versions of one item, naming it', async () => {
    const res = await ask({ ...upgrade(), assemblies: [hrefOf('a1'), hrefOf('a2')] }, 'intern', {
      'accept-language': 'fr',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('planner.twoVersions');
    expect(res.body.message).toContain('« Planner A » est indiqué deux fois');
  });

  it('answers 400 for more than 50 assemblies or 200 sub-assemblies', async () => {
    const many = (path: string, n: number) => Array.from({ length: n }, (_, i) => `/api/${path}/versions/${i + 1}`);
    const assemblies = await ask({ ...upgrade(), assemblies: many('assemblies', 51) });
    expect(assemblies.status).toBe(400);
    expect(assemblies.body.message).toContain('at most 50 versions');
    const subassemblies = await ask({ ...upgrade(), subassemblies: many('subassemblies', 201) });
    expect(subassemblies.status).toBe(400);
    expect(subassemblies.body.message).toContain('at most 200 versions');
  });

  it('answers 404 for an unknown version, and for a version of another kind than its href says', async () => {
    const unknown = await ask({ ...upgrade(), target: '/api/systems/versions/2000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('2000000000');
    const wrongKind = await ask({ ...upgrade(), assemblies: [`/api/assemblies/versions/${id.u1}`] });
    expect(wrongKind.status).toBe(404);
  });

  it('answers 400 when the target is a version of another system', async () => {
    const [other] = await t.db.insert(items).values({ kind: 'system', name: 'Planner Other' }).returning();
    const [version] = await t.db.insert(versions).values({ itemId: other!.id, kind: 'system', name: '9' }).returning();
    const res = await ask({ ...upgrade(), target: `/api/systems/versions/${version!.id}` });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('planner.sameSystem');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/planner', payload: upgrade() });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/planner/systems', () => {
  it('answers the system versions on which all parts fit, and the closest misses with what stands in the way', async () => {
    const res = await t.call(
      'POST',
      '/api/planner/systems',
      { assemblies: [hrefOf('a2'), hrefOf('b1')], subassemblies: [hrefOf('u2')] },
      'extern',
    );
    expect(res.status).toBe(200);
    const body = res.body as PlannerSystemsResponse;
    expect(body.fits.map((f) => f.system.name)).toEqual(['2.0']);
    expect(body.fits[0]!.checks.map((c) => [c.a.name, c.b.name, c.status])).toEqual([
      ['2.0', 'A-2', 'allowed'],
      ['2.0', 'B-1', 'allowed'],
      ['A-2', 'U-2', 'conditional'],
    ]);
    expect(body.misses.map((m) => [m.system.name, m.blocking.map((b) => [b.a.name, b.b.name, b.status])])).toEqual([
      ['1.0', [['1.0', 'A-2', 'not_recorded']]],
    ]);
    expect(JSON.stringify(body)).not.toContain(OBLIGATION);
  });

  it('finds no system when two of the parts are forbidden with each other', async () => {
    const res = await t.call('POST', '/api/planner/systems', { assemblies: [hrefOf('a3'), hrefOf('b1')] }, 'intern');
    const body = res.body as PlannerSystemsResponse;
    expect(body.fits).toEqual([]);
    expect(body.misses.map((m) => [m.system.name, m.blocking.map((b) => [b.a.name, b.b.name, b.status])])).toEqual([
      ['2.0', [['A-10', 'B-1', 'forbidden']]],
      [
        '1.0',
        [
          ['1.0', 'A-10', 'not_recorded'],
          ['A-10', 'B-1', 'forbidden'],
        ],
      ],
    ]);
  });

  it('answers 400 without any assembly', async () => {
    const res = await t.call('POST', '/api/planner/systems', { assemblies: [] }, 'intern');
    expect(res.status).toBe(400);
  });
});

describe('POST /api/planner/checklist', () => {
  const download = async (type: 'pdf' | 'xlsx', role: 'intern' | 'extern', language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/planner/checklist',
      payload: { ...upgrade(), type },
      headers: { ...(await t.as(role)), 'accept-language': language },
    });
    expect(res.statusCode).toBe(200);
    const file = path.join(tmp, `checklist-${role}-${language}.${type}`);
    writeFileSync(file, res.rawPayload);
    return { res, file };
  };

  it('writes the PDF checklist: the changes, the blockers and every check with its obligation text', async () => {
    const { res, file } = await download('pdf', 'intern', 'de');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="upgrade-checklist.pdf"');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Upgrade-Checkliste');
    expect(text).toContain('Planner S: 1.0 → 2.0');
    expect(text).toContain('A-1');
    expect(text).toContain('U-2');
    expect(text).toContain('Nicht erfasst');
    expect(text).toContain(OBLIGATION);
  });

  it('writes the XLSX checklist as literal text cells, without obligation texts for extern', async () => {
    const read = (file: string) =>
      JSON.parse(
        execFileSync(
          '/usr/bin/python3',
          [
            '-c',
            `import json, sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
print(json.dumps([[c.value for c in r] for r in ws.iter_rows()], default=str))`,
            file,
          ],
          { encoding: 'utf8' },
        ),
      ) as Array<Array<string | null>>;
    const intern = read((await download('xlsx', 'intern')).file);
    expect(intern[0]![0]).toBe('Upgrade checklist');
    expect(intern).toContainEqual(['☐', 'Planner U', 'U-1', 'U-2', null]);
    expect(intern).toContainEqual(['☐', 'Planner A A-2', 'Planner U U-2', 'Conditional', OBLIGATION]);
    const extern = read((await download('xlsx', 'extern')).file);
    expect(extern).toContainEqual(['☐', 'Planner A A-2', 'Planner U U-2', 'Conditional']);
    expect(JSON.stringify(extern)).not.toContain(OBLIGATION);
  });
});
