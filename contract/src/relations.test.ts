import { describe, expect, it } from 'vitest';
import { kindPaths } from './catalog.js';
import { isCompatiblePair, versionFlagOf, withoutObligation } from './relations.js';

describe('withoutObligation (SPEC 3: references and comments need an obligation text)', () => {
  it('lets a row with an obligation text carry anything', () => {
    expect(
      withoutObligation(true, { references: ['/api/references/1'], comments: { added: ['x'], changed: [] } }),
    ).toEqual([]);
  });

  it('names what a row without one may not carry: references, comments it adds or changes', () => {
    expect(withoutObligation(false, { references: ['/api/references/1'] })).toEqual(['references']);
    expect(withoutObligation(false, { comments: { added: ['x'], changed: [] } })).toEqual(['comments']);
    expect(withoutObligation(false, { comments: { added: [], changed: [{ id: 1 }] } })).toEqual(['comments']);
    expect(
      withoutObligation(false, { references: ['/api/references/1'], comments: { added: ['x'], changed: [] } }),
    ).toEqual(['references', 'comments']);
  });

  it('lets a row without one carry nothing, or delete comments', () => {
    expect(withoutObligation(false, {})).toEqual([]);
    expect(withoutObligation(false, { references: [], comments: { added: [], changed: [] } })).toEqual([]);
  });
});

describe('isCompatiblePair', () => {
  it('holds for the five pairs of SPEC 3, in either order, and for no other', () => {
    const pairs = kindPaths.flatMap((a) => kindPaths.filter((b) => isCompatiblePair(a, b)).map((b) => `${a}-${b}`));
    expect(pairs).toEqual([
      'systems-systems',
      'systems-assemblies',
      'assemblies-systems',
      'assemblies-assemblies',
      'assemblies-subassemblies',
      'subassemblies-assemblies',
      'subassemblies-subassemblies',
    ]);
  });
});

describe('versionFlagOf', () => {
  it('assembly versions are related to assembly versions and contain sub-assembly versions; no other pair has a flag', () => {
    const flags = kindPaths.flatMap((a) => kindPaths.map((b) => `${a}-${b}:${versionFlagOf(a, b) ?? '-'}`));
    expect(flags).toEqual([
      'systems-systems:-',
      'systems-assemblies:-',
      'systems-subassemblies:-',
      'assemblies-systems:-',
      'assemblies-assemblies:versionRelation',
      'assemblies-subassemblies:containment',
      'subassemblies-systems:-',
      'subassemblies-assemblies:containment',
      'subassemblies-subassemblies:-',
    ]);
  });
});
