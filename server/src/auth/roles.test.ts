import { describe, expect, it } from 'vitest';
import { claimNames, mapRoles, parseRoleMap, readClaim } from './roles.js';

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
    ['extern intern', 'intern'],
    ['extern,admin', 'admin'],
    [' intern ,  extern ', 'intern'],
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

describe('readClaim', () => {
  it('reads a top-level claim whose name contains a slash or a dot', () => {
    expect(readClaim({ 'digitalPortfolioAccess/roles': ['intern'] }, 'digitalPortfolioAccess/roles')).toEqual([
      'intern',
    ]);
    expect(readClaim({ 'a.b': 1, a: { b: 2 } }, 'a.b')).toBe(1);
  });
  it('follows a dotted path into nested objects', () => {
    expect(readClaim({ realm_access: { roles: ['admin'] } }, 'realm_access.roles')).toEqual(['admin']);
    expect(readClaim({ realm_access: null }, 'realm_access.roles')).toBeUndefined();
    expect(readClaim({}, 'missing')).toBeUndefined();
  });
});

describe('claimNames (issue 12 A5)', () => {
  it('reads a list, or a space- or comma-separated string', () => {
    expect(claimNames(['a', 'b c', 1, null])).toEqual(['a', 'b c']);
    expect(claimNames('a b,c ,, d')).toEqual(['a', 'b', 'c', 'd']);
    expect(claimNames(undefined)).toEqual([]);
    expect(claimNames({ a: 1 })).toEqual([]);
  });
});

describe('OIDC_ROLE_MAP (issue 12 A5)', () => {
  const map = parseRoleMap('DP-Admins=admin, DP-Engineers = intern,DP-Partners=extern');

  it('maps groups to roles; the highest wins; nothing known is refused', () => {
    expect(mapRoles(['DP-Partners', 'DP-Admins'], map)).toBe('admin');
    expect(mapRoles('DP-Partners,DP-Engineers', map)).toBe('intern');
    expect(mapRoles('DP-Partners', map)).toBe('extern');
    expect(mapRoles(['/DP-Engineers'], map)).toBe('intern');
    expect(mapRoles(['dp-admins', 'Other'], map)).toBeNull();
    expect(mapRoles(['admin'], map)).toBeNull();
    expect(mapRoles([], map)).toBeNull();
  });

  it('reads group names with spaces and equals signs', () => {
    expect(parseRoleMap('Portfolio Admins=admin,a=b=intern')).toEqual(
      new Map([
        ['Portfolio Admins', 'admin'],
        ['a=b', 'intern'],
      ]),
    );
  });

  it.each([
    ['DP-Admins', /not group=role/],
    ['=admin', /not group=role/],
    ['DP-Admins=root', /must be one of extern, intern, admin/],
    ['A=admin,A=extern', /mapped twice/],
    [' , ', /names no group/],
  ])('refuses %j', (text, message) => {
    expect(() => parseRoleMap(text)).toThrow(message);
  });
});
