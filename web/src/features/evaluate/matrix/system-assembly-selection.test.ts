import { describe, expect, it } from 'vitest';
import { limitSelection, MAX_ASSEMBLIES, MAX_OTHER_ASSEMBLIES } from './selection-rules';
import {
  checkSystemAssembly,
  EMPTY_SYSTEM_ASSEMBLY,
  parseSystemAssemblySearch,
  systemAssemblyReducer as reduce,
  systemAssemblySearch,
  type SystemAssemblyFacts,
  type SystemAssemblySelection,
} from './system-assembly-selection';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const chosen: SystemAssemblySelection = { system: 1, version: 10, assemblies: [100, 101], others: [200] };

describe('limitSelection (SPEC 5)', () => {
  it('ignores duplicates and keeps the earlier picks', () => {
    expect(limitSelection([3, 1, 3, 2, 1], 15)).toEqual([3, 1, 2]);
  });

  it('ignores what goes beyond the maximum', () => {
    expect(limitSelection(range(1, 16), MAX_ASSEMBLIES)).toEqual(range(1, 15));
    expect(limitSelection(range(1, 25), MAX_OTHER_ASSEMBLIES)).toEqual(range(1, 20));
  });
});

describe('System – Assembly Matrix selection rules', () => {
  it('clears the version, the assemblies and the other assemblies when the system changes', () => {
    expect(reduce(chosen, { type: 'system', id: 2 })).toEqual({ system: 2, version: null, assemblies: [], others: [] });
  });

  it('keeps everything when the chosen system is chosen again, and clears on null', () => {
    expect(reduce(chosen, { type: 'system', id: 1 })).toBe(chosen);
    expect(reduce(chosen, { type: 'system', id: null })).toEqual(EMPTY_SYSTEM_ASSEMBLY);
  });

  it('clears the chosen assemblies (and the others with them) when the version changes', () => {
    expect(reduce(chosen, { type: 'version', id: 11 })).toEqual({ system: 1, version: 11, assemblies: [], others: [] });
    expect(reduce(chosen, { type: 'version', id: 10 })).toBe(chosen);
  });

  it('keeps at most 15 assemblies and 20 other assemblies, without duplicates', () => {
    const many = reduce(chosen, { type: 'assemblies', ids: [...range(100, 20), 100] });
    expect(many.assemblies).toEqual(range(100, 15));
    expect(reduce(chosen, { type: 'others', ids: [200, 200, ...range(201, 30)] }).others).toEqual(range(200, 20));
  });

  it('ignores a choice whose prerequisite is missing', () => {
    expect(reduce(EMPTY_SYSTEM_ASSEMBLY, { type: 'version', id: 10 })).toBe(EMPTY_SYSTEM_ASSEMBLY);
    const noVersion = { ...EMPTY_SYSTEM_ASSEMBLY, system: 1 };
    expect(reduce(noVersion, { type: 'assemblies', ids: [100] })).toBe(noVersion);
    const noAssemblies = { ...noVersion, version: 10 };
    expect(reduce(noAssemblies, { type: 'others', ids: [200] })).toBe(noAssemblies);
  });

  it('drops the other assemblies when no chosen assembly is left, and resets', () => {
    expect(reduce(chosen, { type: 'assemblies', ids: [] }).others).toEqual([]);
    expect(reduce(chosen, { type: 'reset' })).toEqual(EMPTY_SYSTEM_ASSEMBLY);
  });
});

/** The systems the server knows, with their version ids (undefined while loading); any other is unknown. */
const known =
  (systems: ReadonlyMap<number, number[] | undefined>) =>
  (system: number): readonly number[] | null | undefined =>
    systems.has(system) ? systems.get(system) : null;

describe('checkSystemAssembly: the selection against the data', () => {
  const facts: SystemAssemblyFacts = {
    versionIdsOf: known(
      new Map([
        [1, [10, 11]],
        [2, [20]],
      ]),
    ),
    versionAssemblies: new Map([[10, new Set([100, 101, 102])]]),
    partners: new Map([
      [100, new Set([200, 101])],
      [101, new Set([100, 201])],
      [102, new Set<number>()],
    ]),
  };

  it('keeps a valid selection untouched and complete', () => {
    expect(checkSystemAssembly(chosen, facts)).toEqual({ selection: chosen, dropped: [], complete: true });
  });

  it('offers as other assemblies only those related to the chosen ones', () => {
    const selection = { ...chosen, assemblies: [100], others: [200, 201, 101] };
    const checked = checkSystemAssembly(selection, facts);
    expect(checked.selection.others).toEqual([200, 101]);
    expect(checked.dropped).toEqual([{ field: 'other', value: '201' }]);
  });

  it('drops an unknown system with everything that depends on it', () => {
    const checked = checkSystemAssembly({ ...chosen, system: 99 }, facts);
    expect(checked.selection).toEqual(EMPTY_SYSTEM_ASSEMBLY);
    expect(checked.dropped.map((item) => `${item.field} ${item.value}`)).toEqual([
      'system 99',
      'version 10',
      'assembly 100',
      'assembly 101',
      'other 200',
    ]);
  });

  it('drops a version of another system and assemblies not compatible with the version', () => {
    expect(checkSystemAssembly({ ...chosen, version: 20 }, facts).selection).toEqual({
      system: 1,
      version: null,
      assemblies: [],
      others: [],
    });
    const checked = checkSystemAssembly({ ...chosen, assemblies: [100, 555] }, facts);
    expect(checked.selection.assemblies).toEqual([100]);
    expect(checked.dropped).toEqual([{ field: 'assembly', value: '555' }]);
  });

  it('keeps what cannot be judged yet and reports the selection as incomplete', () => {
    const loading = { ...facts, partners: new Map([[100, new Set([200])]]) };
    const checked = checkSystemAssembly({ ...chosen, others: [200, 201] }, loading);
    expect(checked).toEqual({ selection: { ...chosen, others: [200, 201] }, dropped: [], complete: false });
    expect(checkSystemAssembly(chosen, { ...facts, versionIdsOf: () => undefined }).complete).toBe(false);
    expect(checkSystemAssembly(chosen, { ...facts, versionAssemblies: new Map() }).complete).toBe(false);
  });
});

describe('the selection in the URL', () => {
  it('round-trips through the query string', () => {
    const search = systemAssemblySearch(chosen);
    expect(search).toBe('?system=1&version=10&assemblies=100,101&others=200');
    expect(parseSystemAssemblySearch(search)).toEqual({ selection: chosen, dropped: [] });
    expect(systemAssemblySearch(EMPTY_SYSTEM_ASSEMBLY)).toBe('');
  });

  it('reports malformed ids, duplicates aside, and ids beyond the maximum', () => {
    const { selection, dropped } = parseSystemAssemblySearch(
      `?system=abc&version=10&assemblies=1,x,1,-2&others=${range(1, 21).join('%2C')}`,
    );
    expect(selection).toEqual({ system: null, version: 10, assemblies: [1], others: range(1, 20) });
    expect(dropped).toEqual([
      { field: 'system', value: 'abc' },
      { field: 'assembly', value: 'x' },
      { field: 'assembly', value: '-2' },
      { field: 'other', value: '21' },
    ]);
  });
});
