import { describe, expect, it } from 'vitest';
import {
  breakOf,
  checksOf,
  optionsOf,
  PairBook,
  plan,
  type Part,
  type PlanModel,
  type Status,
} from './planner.rules.js';

/**
 * A small catalog: T is the target system version (id 1). Item 10 is assembly A with versions 11, 12, 13
 * (oldest first), item 20 is assembly B with versions 21, 22, item 30 is sub-assembly U (in A) with 31, 32, 33.
 */
function model(
  pairs: Array<[number, number, Status]>,
  installed: { assemblies: number[]; subassemblies?: number[] },
): PlanModel {
  const book = new PairBook();
  for (const [a, b, s] of pairs) book.add(a, b, s);
  const versionsOf = new Map<number, number[]>([
    [10, [11, 12, 13]],
    [20, [21, 22]],
    [30, [31, 32, 33]],
  ]);
  const itemOf = (v: number) => Math.floor(v / 10) * 10;
  const parts: Part[] = [
    ...installed.assemblies.map((v) => ({ kind: 'assembly' as const, installed: v, item: itemOf(v) })),
    ...(installed.subassemblies ?? []).map((v) => ({ kind: 'subassembly' as const, installed: v, item: itemOf(v) })),
  ];
  return { target: 1, parts, versionsOf, containersOf: new Map([[30, [10]]]), pairs: book };
}

describe('plan', () => {
  it('keeps every part that fits the target', () => {
    const m = model(
      [
        [1, 11, 'allowed'],
        [1, 21, 'conditional'],
      ],
      { assemblies: [11, 21] },
    );
    const { proposal } = plan(m, 5);
    expect(proposal.chosen).toEqual([11, 21]);
    expect(proposal.changes).toBe(0);
    expect(proposal.blocked.size).toBe(0);
  });

  it('replaces a part forbidden with the target by the newest version that fits, and lists the others as alternatives', () => {
    const m = model(
      [
        [1, 11, 'forbidden'],
        [1, 12, 'irrelevant'],
        [1, 13, 'allowed'],
        [1, 21, 'allowed'],
      ],
      { assemblies: [11, 21] },
    );
    const { proposal, alternatives } = plan(m, 5);
    expect(proposal.chosen).toEqual([13, 21]);
    expect(proposal.changes).toBe(1);
    expect(alternatives.map((a) => a.chosen)).toEqual([[12, 21]]);
    expect(breakOf(m, proposal, 0)).toEqual({ a: 1, b: 11, status: 'forbidden' });
    // Nearest to the installed 11 first: 12, then 13.
    expect(optionsOf(m, proposal, 0)).toEqual([12, 13]);
  });

  it('never treats a pair that is not recorded as fitting', () => {
    const m = model(
      [
        [1, 12, 'allowed'],
        [1, 21, 'allowed'],
      ],
      { assemblies: [11, 21] },
    );
    expect(plan(m, 5).proposal.chosen).toEqual([12, 21]);
  });

  it('skips the newest option when it is forbidden with a sibling', () => {
    const m = model(
      [
        [1, 11, 'forbidden'],
        [1, 12, 'allowed'],
        [1, 13, 'allowed'],
        [1, 21, 'allowed'],
        [13, 21, 'forbidden'],
      ],
      { assemblies: [11, 21] },
    );
    const { proposal, alternatives } = plan(m, 5);
    expect(proposal.chosen).toEqual([12, 21]);
    expect(proposal.changes).toBe(1);
    // Taking 13 would need B changed too: only with a version of B that fits (22 is not recorded).
    expect(alternatives).toEqual([]);
  });

  it('changes the sibling too when that is the only way, counted as a change', () => {
    const m = model(
      [
        [1, 11, 'forbidden'],
        [1, 13, 'allowed'],
        [1, 21, 'allowed'],
        [1, 22, 'allowed'],
        [13, 21, 'forbidden'],
      ],
      { assemblies: [11, 21] },
    );
    const { proposal } = plan(m, 5);
    expect(proposal.chosen).toEqual([13, 22]);
    expect(proposal.changes).toBe(2);
    expect(breakOf(m, proposal, 1)).toEqual({ a: 13, b: 21, status: 'forbidden' });
  });

  it('changes a sub-assembly with its assembly when it no longer fits the new version', () => {
    const m = model(
      [
        [1, 11, 'forbidden'],
        [1, 12, 'allowed'],
        [11, 31, 'allowed'],
        [12, 31, 'forbidden'],
        [12, 32, 'conditional'],
      ],
      { assemblies: [11], subassemblies: [31] },
    );
    const { proposal } = plan(m, 5);
    expect(proposal.chosen).toEqual([12, 32]);
    expect(proposal.changes).toBe(2);
    expect(breakOf(m, proposal, 1)).toEqual({ a: 12, b: 31, status: 'forbidden' });
    expect(checksOf(m, proposal)).toEqual([
      { a: 1, b: 12, status: 'allowed' },
      { a: 12, b: 32, status: 'conditional' },
    ]);
  });

  it('names a blocker forbidden with the target, and one not recorded with it', () => {
    const forbidden = model(
      [
        [1, 11, 'forbidden'],
        [1, 12, 'forbidden'],
      ],
      { assemblies: [11] },
    );
    expect(plan(forbidden, 5).proposal.blocked.get(0)).toEqual({
      reason: 'forbidden',
      pair: [1, 11],
      status: 'forbidden',
    });
    const unknown = model([[1, 12, 'forbidden']], { assemblies: [11] });
    expect(plan(unknown, 5).proposal.blocked.get(0)).toEqual({ reason: 'not_recorded', pair: [1, 11], status: null });
  });

  it('names a sub-assembly blocked when no version of it fits its assembly', () => {
    const m = model(
      [
        [1, 11, 'allowed'],
        [11, 31, 'forbidden'],
      ],
      { assemblies: [11], subassemblies: [31] },
    );
    const { proposal } = plan(m, 5);
    expect(proposal.chosen).toEqual([11, 31]);
    expect(proposal.blocked.get(1)).toEqual({ reason: 'forbidden', pair: [11, 31], status: 'forbidden' });
  });

  it('prefers an assembly version that leaves its sub-assembly in place over a newer one', () => {
    const m = model(
      [
        [1, 11, 'forbidden'],
        [1, 12, 'allowed'],
        [1, 13, 'allowed'],
        [12, 31, 'allowed'],
        [13, 32, 'allowed'],
      ],
      { assemblies: [11], subassemblies: [31] },
    );
    const { proposal, alternatives } = plan(m, 5);
    expect(proposal.chosen).toEqual([12, 31]);
    expect(alternatives.map((a) => [a.chosen, a.changes])).toEqual([[[13, 32], 2]]);
  });

  it('names at most the asked number of alternatives, best first', () => {
    const book = new PairBook();
    const versions = Array.from({ length: 9 }, (_, i) => 100 + i);
    for (const v of versions.slice(1)) book.add(1, v, 'allowed');
    const m: PlanModel = {
      target: 1,
      parts: [{ kind: 'assembly', installed: 100, item: 10 }],
      versionsOf: new Map([[10, versions]]),
      containersOf: new Map(),
      pairs: book,
    };
    const { proposal, alternatives } = plan(m, 5);
    expect(proposal.chosen).toEqual([108]);
    expect(alternatives.map((a) => a.chosen[0])).toEqual([107, 106, 105, 104, 103]);
    expect(alternatives.every((a) => a.changes === 1)).toBe(true);
  });

  it('lets a blocked part constrain no sibling', () => {
    const m = model(
      [
        [1, 21, 'forbidden'],
        [1, 22, 'forbidden'],
        [1, 11, 'forbidden'],
        [1, 13, 'allowed'],
        [13, 21, 'forbidden'],
      ],
      { assemblies: [21, 11] },
    );
    const { proposal } = plan(m, 5);
    expect(proposal.blocked.get(0)).toEqual({ reason: 'forbidden', pair: [1, 21], status: 'forbidden' });
    expect(proposal.chosen).toEqual([21, 13]);
    expect(optionsOf(m, proposal, 1)).toEqual([13]);
  });
});
