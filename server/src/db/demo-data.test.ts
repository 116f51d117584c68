import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DemoData, generateDemoData, mulberry32, Random } from './demo-data.js';

describe('mulberry32', () => {
  it('gives the reference sequence, so the demo data never changes by accident', () => {
    const next = mulberry32(1);
    expect([next(), next(), next()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('stays in [0, 1) and Random.int in its bounds', () => {
    const random = new Random(42);
    for (let i = 0; i < 10_000; i++) {
      const value = random.float();
      expect(value >= 0 && value < 1).toBe(true);
      const n = random.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
  });
});

describe('generateDemoData', () => {
  afterEach(() => vi.restoreAllMocks());

  const data = generateDemoData({ size: 'S', seed: 7 });

  it('is a pure function of size and seed', () => {
    const random = vi.spyOn(Math, 'random');
    expect(generateDemoData({ size: 'S', seed: 7 })).toEqual(data);
    expect(random).not.toHaveBeenCalled();
    expect(generateDemoData({ size: 'S', seed: 8 }).items.map((i) => i.name)).not.toEqual(
      data.items.map((i) => i.name),
    );
  });

  it('keeps every rule of the schema', () => {
    expectValid(data);
  });

  it('has the stated size S', () => {
    const kinds = countBy(data.items, (i) => i.kind);
    expect(kinds.system).toBe(8);
    expect(kinds.assembly).toBe(80);
    expect(kinds.subassembly).toBeGreaterThanOrEqual(170);
    expect(kinds.subassembly).toBeLessThanOrEqual(230);
    expect(data.compatibilities.length).toBeGreaterThan(2000);
    const statuses = countBy(data.compatibilities, (c) => data.compatibilityInfos[c.infoId - 1]?.status ?? '?');
    expect(Object.keys(statuses).sort()).toEqual(['allowed', 'conditional', 'forbidden', 'irrelevant']);
  });
});

function countBy<T>(rows: readonly T[], key: (row: T) => string) {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return counts;
}

/** The constraints of schema.ts, checked in memory (the API tests check them in the database). */
function expectValid(d: DemoData) {
  d.items.forEach((item, i) => expect(item.id).toBe(i + 1));
  d.versions.forEach((version, i) => expect(version.id).toBe(i + 1));
  d.compatibilities.forEach((c, i) => expect(c.id).toBe(i + 1));

  expect(new Set(d.items.map((i) => `${i.kind}|${i.name}`)).size).toBe(d.items.length);
  expect(new Set(d.references.map((r) => r.reference)).size).toBe(d.references.length);
  expect(new Set(d.versions.map((v) => `${v.itemId}|${v.name ?? ''}|${v.name2 ?? ''}`)).size).toBe(d.versions.length);
  for (const v of d.versions) {
    expect(d.items[v.itemId - 1]?.kind).toBe(v.kind);
    if (v.kind === 'system') {
      expect(v.name?.trim()).toBeTruthy();
      expect(v.name2).toBeNull();
    } else {
      expect(Boolean(v.name?.trim() || v.name2?.trim())).toBe(true);
    }
  }

  const contained = new Set(d.containments.map((c) => `${c.parentItemId}|${c.childItemId}`));
  expect(contained.size).toBe(d.containments.length);
  const itemOf = (versionId: number) => d.versions[versionId - 1]?.itemId;
  const allowedPairs = [
    'system|system',
    'system|assembly',
    'assembly|assembly',
    'assembly|subassembly',
    'subassembly|subassembly',
  ];
  for (const [label, pairs] of [
    ['compatibilities', d.compatibilities],
    ['version relations', d.versionRelations],
  ] as const) {
    const seen = new Set<string>();
    for (const p of pairs) {
      expect(d.versions[p.fromVersionId - 1]?.kind, label).toBe(p.fromKind);
      expect(d.versions[p.toVersionId - 1]?.kind, label).toBe(p.toKind);
      expect(allowedPairs, label).toContain(`${p.fromKind}|${p.toKind}`);
      if (p.fromKind === p.toKind) expect(p.fromVersionId, label).toBeLessThan(p.toVersionId);
      else expect(contained.has(`${itemOf(p.fromVersionId)}|${itemOf(p.toVersionId)}`), label).toBe(true);
      seen.add(`${p.fromVersionId}|${p.toVersionId}`);
    }
    expect(seen.size, label).toBe(pairs.length);
  }
  expect(d.versionRelations.every((r) => r.fromKind === 'assembly')).toBe(true);
  expect(new Set(d.compatibilityReferences.map((r) => `${r.compatibilityId}|${r.referenceId}`)).size).toBe(
    d.compatibilityReferences.length,
  );
}
