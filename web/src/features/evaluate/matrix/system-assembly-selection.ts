import {
  checkBlock,
  limitSelection,
  MAX_ASSEMBLIES,
  MAX_OTHER_ASSEMBLIES,
  readId,
  readIds,
  relatedTo,
  searchOf,
  type Checked,
  type Dropped,
} from './selection-rules';

/** The System – Assembly Matrix selection: rows are `assemblies`, columns are `others`. */
export interface SystemAssemblySelection {
  system: number | null;
  version: number | null;
  assemblies: number[];
  others: number[];
}

export const EMPTY_SYSTEM_ASSEMBLY: SystemAssemblySelection = {
  system: null,
  version: null,
  assemblies: [],
  others: [],
};

export type SystemAssemblyAction =
  | { type: 'system'; id: number | null }
  | { type: 'version'; id: number | null }
  | { type: 'assemblies'; ids: number[] }
  | { type: 'others'; ids: number[] }
  | { type: 'reset' };

/**
 * SPEC 4 and 5: a new system clears its version, a new version clears the chosen assemblies (and with
 * them the other assemblies); lists keep at most 15 and 20 entries and no duplicates. Choosing the
 * system or version that is already chosen changes nothing; `null` clears it. A choice whose
 * prerequisite is missing (a version without a system, …) is ignored.
 */
export function systemAssemblyReducer(
  state: SystemAssemblySelection,
  action: SystemAssemblyAction,
): SystemAssemblySelection {
  switch (action.type) {
    case 'system':
      return action.id === state.system ? state : { ...EMPTY_SYSTEM_ASSEMBLY, system: action.id };
    case 'version':
      if (state.system === null || action.id === state.version) return state;
      return { ...state, version: action.id, assemblies: [], others: [] };
    case 'assemblies': {
      if (state.version === null) return state;
      const assemblies = limitSelection(action.ids, MAX_ASSEMBLIES);
      return { ...state, assemblies, others: assemblies.length === 0 ? [] : state.others };
    }
    case 'others':
      if (state.assemblies.length === 0) return state;
      return { ...state, others: limitSelection(action.ids, MAX_OTHER_ASSEMBLIES) };
    case 'reset':
      return EMPTY_SYSTEM_ASSEMBLY;
  }
}

/** What the data says so far; maps hold only the lists that are loaded. */
export interface SystemAssemblyFacts {
  /** A system's version ids: null for an unknown system, undefined until it is loaded. */
  versionIdsOf: (system: number) => readonly number[] | null | undefined;
  /** System version → the assembly versions compatible with it. */
  versionAssemblies: ReadonlyMap<number, ReadonlySet<number>>;
  /** Assembly version → the assembly versions it has a compatibility with. */
  partners: ReadonlyMap<number, ReadonlySet<number>>;
}

/**
 * The part of a selection (from a link, or after a change) that the data allows: known system and
 * version, assemblies compatible with the version, other assemblies related to the chosen ones.
 */
export function checkSystemAssembly(
  selection: SystemAssemblySelection,
  facts: SystemAssemblyFacts,
): Checked<SystemAssemblySelection> {
  const dropped: Dropped[] = [];
  const { block, complete } = checkBlock(
    selection,
    { versionsOf: facts.versionIdsOf, assembliesOf: (version) => facts.versionAssemblies.get(version) },
    dropped,
  );
  if (block.assemblies.length === 0) {
    for (const id of selection.others) dropped.push({ field: 'other', value: String(id) });
    return { selection: { ...block, others: [] }, dropped, complete };
  }
  const related = relatedTo(block.assemblies, facts.partners);
  // Until every related list is loaded, an other assembly not found yet may still be related.
  const others = related.complete ? selection.others.filter((id) => related.ids.has(id)) : selection.others;
  for (const id of selection.others) if (!others.includes(id)) dropped.push({ field: 'other', value: String(id) });
  return { selection: { ...block, others }, dropped, complete: complete && related.complete };
}

/** Reads the selection from a query string (`?system=1&version=2&assemblies=3,4&others=5,6`). */
export function parseSystemAssemblySearch(search: string): { selection: SystemAssemblySelection; dropped: Dropped[] } {
  const params = new URLSearchParams(search);
  const dropped: Dropped[] = [];
  const selection = {
    system: readId(params, 'system', 'system', dropped),
    version: readId(params, 'version', 'version', dropped),
    assemblies: readIds(params, 'assemblies', 'assembly', MAX_ASSEMBLIES, dropped),
    others: readIds(params, 'others', 'other', MAX_OTHER_ASSEMBLIES, dropped),
  };
  return { selection, dropped };
}

export function systemAssemblySearch(selection: SystemAssemblySelection): string {
  return searchOf([
    ['system', selection.system],
    ['version', selection.version],
    ['assemblies', selection.assemblies],
    ['others', selection.others],
  ]);
}
