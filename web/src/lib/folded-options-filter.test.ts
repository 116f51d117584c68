import { describe, expect, it } from 'vitest';
import { foldedOptionsFilter } from './folded-options-filter';

const options = [
  { value: '1', label: 'Türsteuerung TS-100' },
  { value: '2', label: 'Bremse  BR-7' },
  {
    group: 'Antrieb',
    items: [
      { value: '3', label: 'Stromrichter Ü-2' },
      { value: '4', label: 'Motor M-1' },
    ],
  },
];

describe('foldedOptionsFilter', () => {
  it('finds options case- and accent-insensitively, with whitespace collapsed', () => {
    expect(foldedOptionsFilter({ options, search: 'TUR', limit: Infinity })).toEqual([options[0]]);
    expect(foldedOptionsFilter({ options, search: 'bremse   br', limit: Infinity })).toEqual([options[1]]);
  });

  it('keeps a group with only its matching items, and drops an empty one', () => {
    expect(foldedOptionsFilter({ options, search: 'u-2', limit: Infinity })).toEqual([
      { group: 'Antrieb', items: [{ value: '3', label: 'Stromrichter Ü-2' }] },
    ]);
    expect(foldedOptionsFilter({ options, search: 'xyz', limit: Infinity })).toEqual([]);
  });

  it('offers everything for an empty search, up to the limit', () => {
    expect(foldedOptionsFilter({ options, search: '  ', limit: Infinity })).toHaveLength(3);
    expect(foldedOptionsFilter({ options, search: '', limit: 1 })).toEqual([options[0]]);
  });
});
