import { describe, expect, it } from 'vitest';
import { item, version } from '../api/testing';
import { toCatalog } from '../api/use-item-versions';
import { resolveSelection } from './use-selected-version';

const catalog = toCatalog([
  item('/api/systems/1', 'Door Control', [
    version('/a/1', 'Door Control', '2.1.0'),
    version('/a/2', 'Door Control', '2.1'),
  ]),
  item('/api/systems/2', 'Lüfter', [
    version('/a/3', 'Lüfter', null, 'MAT-9'),
    version('/a/4', 'Lüfter', null, 'MAT-9'),
  ]),
]);
const hrefOf = (selection: ReturnType<typeof resolveSelection>) =>
  selection.state === 'selected' ? selection.version.href : selection.state;

describe('resolveSelection', () => {
  it('prefers an exact label over an earlier partial one', () => {
    expect(hrefOf(resolveSelection(catalog, 'door control 2.1', null))).toBe('/a/2');
  });

  it('takes the first partial match, ignoring accents and repeated spaces', () => {
    expect(hrefOf(resolveSelection(catalog, '  LUFTER   mat ', null))).toBe('/a/3');
    expect(hrefOf(resolveSelection(catalog, 'Door', null))).toBe('/a/1');
  });

  it('takes the filter target among versions that share the label', () => {
    expect(hrefOf(resolveSelection(catalog, 'Lüfter MAT-9', '/a/4'))).toBe('/a/4');
    expect(hrefOf(resolveSelection(catalog, 'Lüfter MAT-9', '/a/1'))).toBe('/a/3');
  });

  it('reports data that matches nothing, even with a filter target', () => {
    expect(resolveSelection(catalog, 'Nope', '/a/1')).toEqual({ state: 'unmatched', data: 'Nope' });
  });

  it('falls back to a known filter target, else to nothing', () => {
    expect(hrefOf(resolveSelection(catalog, null, '/a/3'))).toBe('/a/3');
    expect(hrefOf(resolveSelection(catalog, '   ', '/unknown'))).toBe('none');
  });
});
