import type { Version } from '@dp/contract';
import { describe, expect, it } from 'vitest';
import { version } from '../api/testing';
import { resolveSelection } from './use-selected-version';

const withParent = (v: ReturnType<typeof version>): Version => ({
  ...v,
  parent: { href: '/api/systems/1', name: v.parent_name, description: '' },
});
const door21 = withParent(version('/a/2', 'Door Control', '2.1'));
const lufter3 = withParent(version('/a/3', 'Lüfter', null, 'MAT-9'));
const lufter4 = withParent(version('/a/4', 'Lüfter', null, 'MAT-9'));
const hrefOf = (selection: ReturnType<typeof resolveSelection>) =>
  selection?.state === 'selected' ? `${selection.source}:${selection.version.href}` : selection?.state;

describe('resolveSelection', () => {
  it("takes the server's answer for data, with its label", () => {
    const selection = resolveSelection('door control 2.1', null, door21);
    expect(hrefOf(selection)).toBe('data:/a/2');
    expect(selection?.state === 'selected' && selection.version.label).toBe('Door Control 2.1');
  });

  it('takes the filter target among versions that share the label, ignoring case, accents and spaces', () => {
    expect(hrefOf(resolveSelection('  LUFTER   mat-9 ', lufter4, lufter3))).toBe('data:/a/4');
    // A target with another label does not count: the server's answer does.
    expect(hrefOf(resolveSelection('Lüfter MAT-9', door21, lufter3))).toBe('data:/a/3');
  });

  it('waits for the server while the target does not settle it', () => {
    expect(resolveSelection('Lüfter MAT-9', door21, undefined)).toBeUndefined();
    expect(hrefOf(resolveSelection('Lüfter MAT-9', lufter4, undefined))).toBe('data:/a/4');
  });

  it('reports data that matches nothing, even with a filter target', () => {
    expect(resolveSelection('Nope', door21, null)).toEqual({ state: 'unmatched', data: 'Nope' });
  });

  it('falls back to a known filter target, else to nothing', () => {
    expect(hrefOf(resolveSelection(null, lufter3, undefined))).toBe('filterTarget:/a/3');
    expect(hrefOf(resolveSelection('   ', null, undefined))).toBe('none');
    expect(resolveSelection(null, undefined, undefined)).toBeUndefined();
  });
});
