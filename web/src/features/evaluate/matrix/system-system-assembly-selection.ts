import {
  checkBlock,
  EMPTY_BLOCK,
  limitSelection,
  MAX_ASSEMBLIES,
  readId,
  readIds,
  relatedTo,
  searchOf,
  type Checked,
  type Dropped,
  type SystemBlock,
} from './selection-rules';

export type BlockIndex = 0 | 1 | 2;
export const BLOCK_INDICES: readonly BlockIndex[] = [0, 1, 2];

/** The three selector blocks: block 0 gives the rows, blocks 1 and 2 the columns. */
export type SystemBlocks = readonly [SystemBlock, SystemBlock, SystemBlock];

export const EMPTY_BLOCKS: SystemBlocks = [EMPTY_BLOCK, EMPTY_BLOCK, EMPTY_BLOCK];

export type SystemSystemAssemblyAction =
  | { type: 'system'; block: BlockIndex; id: number | null }
  | { type: 'version'; block: BlockIndex; id: number | null }
  | { type: 'assemblies'; block: BlockIndex; ids: number[] }
  | { type: 'reset' };

/** SPEC 2: block 0 is always shown; blocks 1 and 2 once block 0 holds at least one assembly. */
export function visibleBlocks(blocks: SystemBlocks): BlockIndex[] {
  return blocks[0].assemblies.length > 0 ? [0, 1, 2] : [0];
}

/** The systems chosen in the blocks other than `block` (a system can be chosen only once). */
export function systemsTakenElsewhere(blocks: SystemBlocks, block: BlockIndex): Set<number> {
  const taken = new Set<number>();
  blocks.forEach((other, index) => {
    if (index !== block && other.system !== null) taken.add(other.system);
  });
  return taken;
}

/**
 * SPEC 2, 4 and 5 for the three-block matrix: a system is chosen in one block only; choosing the
 * system or version that is already chosen deselects it; a new system clears the version, a new
 * version clears the assemblies; at most 15 assemblies per block, no duplicates. Blocks 1 and 2 depend
 * on the assemblies of block 0: they take no choice while hidden and are emptied when block 0 has none.
 */
export function systemSystemAssemblyReducer(blocks: SystemBlocks, action: SystemSystemAssemblyAction): SystemBlocks {
  if (action.type === 'reset') return EMPTY_BLOCKS;
  if (!visibleBlocks(blocks).includes(action.block)) return blocks;
  const current = blocks[action.block];
  let next: SystemBlock;
  switch (action.type) {
    case 'system':
      if (action.id !== null && systemsTakenElsewhere(blocks, action.block).has(action.id)) return blocks;
      next = action.id === current.system ? EMPTY_BLOCK : { ...EMPTY_BLOCK, system: action.id };
      break;
    case 'version':
      if (current.system === null) return blocks;
      next = { ...current, version: action.id === current.version ? null : action.id, assemblies: [] };
      break;
    case 'assemblies':
      if (current.version === null) return blocks;
      next = { ...current, assemblies: limitSelection(action.ids, MAX_ASSEMBLIES) };
      break;
  }
  if (action.block === 0)
    return next.assemblies.length > 0 ? [next, blocks[1], blocks[2]] : [next, EMPTY_BLOCK, EMPTY_BLOCK];
  return action.block === 1 ? [blocks[0], next, blocks[2]] : [blocks[0], blocks[1], next];
}

/** What the data says so far; maps hold only the lists that are loaded. */
export interface SystemSystemAssemblyFacts {
  /** A system's version ids: null for an unknown system, undefined until it is loaded. */
  versionIdsOf: (system: number) => readonly number[] | null | undefined;
  /** System version → the assembly versions compatible with it (block 0). */
  versionAssemblies: ReadonlyMap<number, ReadonlySet<number>>;
  /** Assembly version → the assembly versions it has a compatibility with (block 0's assemblies). */
  partners: ReadonlyMap<number, ReadonlySet<number>>;
  /** Assembly version → the system versions compatible with it (the related assemblies). */
  systemVersionsOf: ReadonlyMap<number, ReadonlySet<number>>;
  /** System version → its system, for the system versions of `systemVersionsOf`. */
  systemOfVersion: ReadonlyMap<number, number>;
}

/** What blocks 1 and 2 may offer, given the assemblies of block 0. */
export interface RelatedOffer {
  /** System → its versions compatible with at least one related assembly. */
  systems: Map<number, number[]>;
  /** System version → the related assemblies compatible with it. */
  assemblies: Map<number, Set<number>>;
  complete: boolean;
}

/**
 * Related (SPEC 2): an assembly version with an assembly–assembly compatibility to one of block 0's
 * assemblies, offered with the system versions it is compatible with.
 */
export function relatedOffer(block0Assemblies: readonly number[], facts: SystemSystemAssemblyFacts): RelatedOffer {
  const related = relatedTo(block0Assemblies, facts.partners);
  let complete = related.complete;
  const assemblies = new Map<number, Set<number>>();
  for (const assembly of related.ids) {
    const systemVersions = facts.systemVersionsOf.get(assembly);
    if (!systemVersions) {
      complete = false;
      continue;
    }
    for (const systemVersion of systemVersions) {
      const list = assemblies.get(systemVersion) ?? new Set<number>();
      list.add(assembly);
      assemblies.set(systemVersion, list);
    }
  }
  const systems = new Map<number, number[]>();
  for (const version of assemblies.keys()) {
    const system = facts.systemOfVersion.get(version);
    if (system === undefined) {
      complete = false;
      continue;
    }
    systems.set(system, [...(systems.get(system) ?? []), version]);
  }
  return { systems, assemblies, complete };
}

const NOTHING_ON_OFFER = { versionsOf: () => null, assembliesOf: () => new Set<number>() };

/**
 * The part of the blocks (from a link, or after a change) that the data allows: block 0 as in the
 * System – Assembly Matrix, blocks 1 and 2 only with related systems, versions and assemblies, and no
 * system twice.
 */
export function checkSystemSystemAssembly(
  blocks: SystemBlocks,
  facts: SystemSystemAssemblyFacts,
): Checked<SystemBlocks> {
  const dropped: Dropped[] = [];
  const first = checkBlock(
    blocks[0],
    { versionsOf: facts.versionIdsOf, assembliesOf: (version) => facts.versionAssemblies.get(version) },
    dropped,
    0,
  );
  if (first.block.assemblies.length === 0) {
    checkBlock(blocks[1], NOTHING_ON_OFFER, dropped, 1);
    checkBlock(blocks[2], NOTHING_ON_OFFER, dropped, 2);
    return { selection: [first.block, EMPTY_BLOCK, EMPTY_BLOCK], dropped, complete: first.complete };
  }
  const offer = relatedOffer(first.block.assemblies, facts);
  const options = {
    versionsOf: (system: number) => (offer.complete ? (offer.systems.get(system) ?? null) : undefined),
    assembliesOf: (version: number) => (offer.complete ? offer.assemblies.get(version) : undefined),
  };
  const taken = new Set<number>(first.block.system === null ? [] : [first.block.system]);
  let complete = first.complete;
  const checkOther = (block: SystemBlock, index: BlockIndex) => {
    const result = checkBlock(
      block,
      block.system !== null && taken.has(block.system) ? NOTHING_ON_OFFER : options,
      dropped,
      index,
    );
    if (result.block.system !== null) taken.add(result.block.system);
    complete &&= result.complete;
    return result.block;
  };
  const second = checkOther(blocks[1], 1);
  const third = checkOther(blocks[2], 2);
  return { selection: [first.block, second, third], dropped, complete };
}

const keys = (index: BlockIndex) => ({
  system: `system${index}`,
  version: `version${index}`,
  assemblies: `assemblies${index}`,
});

/** Reads the blocks from a query string (`?system0=1&version0=2&assemblies0=3,4&system1=…`). */
export function parseSystemSystemAssemblySearch(search: string): { selection: SystemBlocks; dropped: Dropped[] } {
  const params = new URLSearchParams(search);
  const dropped: Dropped[] = [];
  const read = (index: BlockIndex): SystemBlock => ({
    system: readId(params, keys(index).system, 'system', dropped, index),
    version: readId(params, keys(index).version, 'version', dropped, index),
    assemblies: readIds(params, keys(index).assemblies, 'assembly', MAX_ASSEMBLIES, dropped, index),
  });
  return { selection: [read(0), read(1), read(2)], dropped };
}

export function systemSystemAssemblySearch(blocks: SystemBlocks): string {
  return searchOf(
    BLOCK_INDICES.flatMap(
      (index) =>
        [
          [keys(index).system, blocks[index].system],
          [keys(index).version, blocks[index].version],
          [keys(index).assemblies, blocks[index].assemblies],
        ] as const,
    ),
  );
}
