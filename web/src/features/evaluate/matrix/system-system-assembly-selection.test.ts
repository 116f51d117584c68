import { describe, expect, it } from 'vitest';
import { EMPTY_BLOCK, type SystemBlock } from './selection-rules';
import {
  checkSystemSystemAssembly,
  EMPTY_BLOCKS,
  parseSystemSystemAssemblySearch,
  relatedOffer,
  systemSystemAssemblyReducer as reduce,
  systemSystemAssemblySearch,
  visibleBlocks,
  type SystemBlocks,
  type SystemSystemAssemblyFacts,
} from './system-system-assembly-selection';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const block = (system: number | null, version: number | null = null, assemblies: number[] = []): SystemBlock => ({
  system,
  version,
  assemblies,
});

/** Block 0 on system 1, block 1 on system 2, block 2 on system 3. */
const full: SystemBlocks = [block(1, 10, [100, 101]), block(2, 20, [200]), block(3, 30, [300])];

describe('System – System – Assembly Matrix selection rules', () => {
  it('shows blocks 1 and 2 only once block 0 has an assembly', () => {
    expect(visibleBlocks(EMPTY_BLOCKS)).toEqual([0]);
    expect(visibleBlocks([block(1, 10), EMPTY_BLOCK, EMPTY_BLOCK])).toEqual([0]);
    expect(visibleBlocks([block(1, 10, [100]), EMPTY_BLOCK, EMPTY_BLOCK])).toEqual([0, 1, 2]);
  });

  it('takes no choice in a hidden block', () => {
    const blocks: SystemBlocks = [block(1, 10), EMPTY_BLOCK, EMPTY_BLOCK];
    expect(reduce(blocks, { type: 'system', block: 1, id: 2 })).toBe(blocks);
  });

  it('lets a system be chosen in one block only', () => {
    expect(reduce(full, { type: 'system', block: 2, id: 2 })).toBe(full);
    expect(reduce(full, { type: 'system', block: 1, id: 1 })).toBe(full);
    expect(reduce(full, { type: 'system', block: 2, id: 4 })[2]).toEqual(block(4));
  });

  it('deselects a system or version that is chosen again', () => {
    expect(reduce(full, { type: 'system', block: 1, id: 2 })[1]).toEqual(EMPTY_BLOCK);
    expect(reduce(full, { type: 'version', block: 2, id: 30 })[2]).toEqual(block(3));
  });

  it('clears the version when the system changes and the assemblies when the version changes', () => {
    expect(reduce(full, { type: 'system', block: 1, id: 5 })[1]).toEqual(block(5));
    expect(reduce(full, { type: 'version', block: 1, id: 21 })[1]).toEqual(block(2, 21));
  });

  it('empties blocks 1 and 2 when block 0 loses its assemblies', () => {
    expect(reduce(full, { type: 'version', block: 0, id: 11 })).toEqual([block(1, 11), EMPTY_BLOCK, EMPTY_BLOCK]);
    expect(reduce(full, { type: 'system', block: 0, id: 1 })).toEqual(EMPTY_BLOCKS);
    expect(reduce(full, { type: 'assemblies', block: 0, ids: [] })).toEqual([block(1, 10), EMPTY_BLOCK, EMPTY_BLOCK]);
    expect(reduce(full, { type: 'assemblies', block: 0, ids: [100] })).toEqual([block(1, 10, [100]), full[1], full[2]]);
  });

  it('keeps at most 15 assemblies per block, without duplicates', () => {
    expect(reduce(full, { type: 'assemblies', block: 1, ids: [200, 200, ...range(201, 20)] })[1].assemblies).toEqual(
      range(200, 15),
    );
  });

  it('resets all blocks', () => {
    expect(reduce(full, { type: 'reset' })).toEqual(EMPTY_BLOCKS);
  });
});

/** The systems the server knows, with their version ids (undefined while loading); any other is unknown. */
const known =
  (systems: ReadonlyMap<number, number[] | undefined>) =>
  (system: number): readonly number[] | null | undefined =>
    systems.has(system) ? systems.get(system) : null;

describe('related offer and check against the data', () => {
  // Block 0's assembly 100 relates to 101 (its own system) and 200, 201 (system 2) and 300 (system 3);
  // 101 relates to nothing. System 4 has no related assembly at all.
  const systems = new Map<number, number[] | undefined>([
    [1, [10, 11]],
    [2, [20, 21]],
    [3, [30]],
    [4, [40]],
  ]);
  const facts: SystemSystemAssemblyFacts = {
    versionIdsOf: known(systems),
    versionAssemblies: new Map([[10, new Set([100, 101])]]),
    partners: new Map([
      [100, new Set([101, 200, 201, 300])],
      [101, new Set<number>()],
    ]),
    systemVersionsOf: new Map([
      [101, new Set([10])],
      [200, new Set([20])],
      [201, new Set([20, 21])],
      [300, new Set([30])],
    ]),
    systemOfVersion: new Map([
      [10, 1],
      [11, 1],
      [20, 2],
      [21, 2],
      [30, 3],
      [40, 4],
    ]),
  };

  it('offers the systems, versions and assemblies related to block 0', () => {
    const offer = relatedOffer([100], facts);
    expect(offer.complete).toBe(true);
    expect([...offer.systems]).toEqual([
      [1, [10]],
      [2, [20, 21]],
      [3, [30]],
    ]);
    expect(offer.assemblies.get(20)).toEqual(new Set([200, 201]));
    expect(offer.assemblies.get(21)).toEqual(new Set([201]));
    expect(relatedOffer([101], facts).systems.size).toBe(0);
  });

  it('is incomplete while a related list is loading', () => {
    expect(relatedOffer([100], { ...facts, systemVersionsOf: new Map([[200, new Set([20])]]) }).complete).toBe(false);
    expect(relatedOffer([100, 102], facts).complete).toBe(false);
    // A system version whose system is not known yet.
    expect(relatedOffer([100], { ...facts, systemOfVersion: new Map([[10, 1]]) }).complete).toBe(false);
  });

  it("keeps a block whose system's versions are still loading, and judges it once they are there", () => {
    const loading = { ...facts, versionIdsOf: known(new Map([...systems, [1, undefined]])) };
    const blocks: SystemBlocks = [block(1, 12, [100]), EMPTY_BLOCK, EMPTY_BLOCK];
    expect(checkSystemSystemAssembly(blocks, loading)).toEqual({ selection: blocks, dropped: [], complete: false });
    expect(checkSystemSystemAssembly(blocks, facts).dropped.map((item) => item.field)).toEqual(['version', 'assembly']);
  });

  it('keeps valid blocks and drops unrelated assemblies and systems', () => {
    const blocks: SystemBlocks = [block(1, 10, [100]), block(2, 20, [200, 201]), block(3, 30, [300])];
    expect(checkSystemSystemAssembly(blocks, facts)).toEqual({ selection: blocks, dropped: [], complete: true });

    const unrelated = checkSystemSystemAssembly(
      [block(1, 10, [100]), block(2, 21, [200, 201]), block(4, 40, [400])],
      facts,
    );
    expect(unrelated.selection).toEqual([block(1, 10, [100]), block(2, 21, [201]), EMPTY_BLOCK]);
    expect(unrelated.dropped).toEqual([
      { field: 'assembly', value: '200', block: 1 },
      { field: 'system', value: '4', block: 2 },
      { field: 'version', value: '40', block: 2 },
      { field: 'assembly', value: '400', block: 2 },
    ]);
  });

  it('drops a system chosen in two blocks from the later block', () => {
    const checked = checkSystemSystemAssembly([block(1, 10, [100]), block(2, 20, [200]), block(2, 21, [201])], facts);
    expect(checked.selection[2]).toEqual(EMPTY_BLOCK);
    expect(checked.dropped[0]).toEqual({ field: 'system', value: '2', block: 2 });
  });

  it('drops blocks 1 and 2 when block 0 has no assemblies', () => {
    const checked = checkSystemSystemAssembly([block(1, 10), block(2, 20, [200]), EMPTY_BLOCK], facts);
    expect(checked.selection).toEqual([block(1, 10), EMPTY_BLOCK, EMPTY_BLOCK]);
    expect(checked.dropped.map((item) => item.field)).toEqual(['system', 'version', 'assembly']);
  });

  it('keeps blocks 1 and 2 while the related data is loading', () => {
    const checked = checkSystemSystemAssembly(full, { ...facts, systemVersionsOf: new Map() });
    expect(checked).toEqual({ selection: full, dropped: [], complete: false });
  });
});

describe('the blocks in the URL', () => {
  it('round-trips through the query string', () => {
    const search = systemSystemAssemblySearch(full);
    expect(search).toBe(
      '?system0=1&version0=10&assemblies0=100,101&system1=2&version1=20&assemblies1=200&system2=3&version2=30&assemblies2=300',
    );
    expect(parseSystemSystemAssemblySearch(search)).toEqual({ selection: full, dropped: [] });
  });

  it('reports malformed ids with their block', () => {
    const { selection, dropped } = parseSystemSystemAssemblySearch('?system0=1&system1=x&assemblies2=16,16');
    expect(selection).toEqual([block(1), EMPTY_BLOCK, block(null, null, [16])]);
    expect(dropped).toEqual([{ field: 'system', value: 'x', block: 1 }]);
  });
});
