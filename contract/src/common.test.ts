import { describe, expect, it } from 'vitest';
import { hasRole, idOfHref } from './common.js';
import { versionSearchLabel } from './search.js';
import { versionLabelText, versionNumbers } from './version-label.js';

describe('hasRole', () => {
  it('orders extern < intern < admin', () => {
    expect(hasRole('admin', 'admin')).toBe(true);
    expect(hasRole('admin', 'extern')).toBe(true);
    expect(hasRole('intern', 'extern')).toBe(true);
    expect(hasRole('intern', 'intern')).toBe(true);
    expect(hasRole('intern', 'admin')).toBe(false);
    expect(hasRole('extern', 'intern')).toBe(false);
    expect(hasRole('extern', 'extern')).toBe(true);
  });
});

describe('idOfHref', () => {
  it('takes the last path segment of an href', () => {
    expect(idOfHref('/api/assemblies/versions/17')).toBe(17);
    expect(idOfHref('/api/systems/3')).toBe(3);
  });
});

describe('version labels', () => {
  it('joins the set parts by single spaces and skips empty ones', () => {
    expect(versionLabelText({ parent_name: 'Door', name: '2.1', name2: 'MAT-7' })).toBe('Door 2.1 MAT-7');
    expect(versionLabelText({ parent_name: 'Door', name: null, name2: ' MAT-7 ' })).toBe('Door MAT-7');
    expect(versionLabelText({ parent_name: 'Door', name: '', name2: null })).toBe('Door');
    expect(versionNumbers({ name: '2.1', name2: null })).toBe('2.1');
    expect(versionNumbers({ name: null, name2: 'MAT-7' })).toBe('MAT-7');
  });

  it('puts the numbers in brackets after the parent in search labels', () => {
    expect(versionSearchLabel('Door', '2.1', 'MAT-7')).toBe('Door (2.1 MAT-7)');
    expect(versionSearchLabel('Door', null, null)).toBe('Door');
  });
});
