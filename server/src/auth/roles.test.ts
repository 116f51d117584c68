import { describe, expect, it } from 'vitest';
import { mapRoles, readClaim, roleAtLeast } from './roles.js';

describe('mapRoles (SPEC 5)', () => {
  it.each([
    [['admin'], 'admin'],
    [['intern', 'admin'], 'admin'],
    [['extern', 'admin', 'intern'], 'admin'],
    [['intern'], 'intern'],
    [['extern', 'intern'], 'intern'],
    [['extern'], 'extern'],
    ['admin', 'admin'],
    ['intern', 'intern'],
    ['extern', 'extern'],
    [['extern', 'unknown', 42, null], 'extern'],
    [[], null],
    [['unknown'], null],
    ['Admin', null],
    ['', null],
    [undefined, null],
    [null, null],
    [{ admin: true }, null],
    [42, null],
  ])('%j → %s', (claim, role) => {
    expect(mapRoles(claim)).toBe(role);
  });
});

describe('roleAtLeast', () => {
  it('orders extern < intern < admin', () => {
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'extern')).toBe(true);
    expect(roleAtLeast('intern', 'extern')).toBe(true);
    expect(roleAtLeast('intern', 'intern')).toBe(true);
    expect(roleAtLeast('intern', 'admin')).toBe(false);
    expect(roleAtLeast('extern', 'intern')).toBe(false);
    expect(roleAtLeast('extern', 'extern')).toBe(true);
  });
});

describe('readClaim', () => {
  it('reads a top-level claim whose name contains a slash or a dot', () => {
    expect(readClaim({ 'digitalPortfolioAccess/roles': ['intern'] }, 'digitalPortfolioAccess/roles')).toEqual(['intern']);
    expect(readClaim({ 'a.b': 1, a: { b: 2 } }, 'a.b')).toBe(1);
  });
  it('follows a dotted path into nested objects', () => {
    expect(readClaim({ realm_access: { roles: ['admin'] } }, 'realm_access.roles')).toEqual(['admin']);
    expect(readClaim({ realm_access: null }, 'realm_access.roles')).toBeUndefined();
    expect(readClaim({}, 'missing')).toBeUndefined();
  });
});
