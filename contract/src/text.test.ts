import { describe, expect, it } from 'vitest';
import { fold, foldedIncludes, naturalCompare } from './text.js';

describe('fold', () => {
  it.each([
    ['Türsteuerung', 'tursteuerung'],
    ['BREMSGERÄT', 'bremsgerat'],
    ['Straße', 'strasse'],
    ['  Façade   élan\tÑandú ', 'facade elan nandu'],
    ['A2V00001234567', 'a2v00001234567'],
    ['(x) [y] *z* 100%', '(x) [y] *z* 100%'],
  ])('%s → %s', (input, expected) => {
    expect(fold(input)).toBe(expected);
  });

  it('matches as a substring after folding both sides', () => {
    expect(foldedIncludes('Türsteuerung Typ C', 'TURSTEU')).toBe(true);
    expect(foldedIncludes('Traction  Converter', 'traction converter')).toBe(true);
    expect(foldedIncludes('Brake', 'brakes')).toBe(false);
    expect(foldedIncludes(null, '')).toBe(true);
    expect(foldedIncludes('a.b', '.*')).toBe(false);
  });
});

describe('naturalCompare', () => {
  it('sorts version numbers by their numbers', () => {
    expect(['1.10.0', '1.9.2', '10.0', '2.0'].sort(naturalCompare)).toEqual(['1.9.2', '1.10.0', '2.0', '10.0']);
  });

  it('sorts names by the numbers in them', () => {
    expect(['APS-10018', 'APS-1003', 'APS-999', 'Air Pressure'].sort(naturalCompare)).toEqual([
      'Air Pressure',
      'APS-999',
      'APS-1003',
      'APS-10018',
    ]);
  });
});
