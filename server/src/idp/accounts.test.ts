import { describe, expect, it } from 'vitest';
import { checkCredentials, DEMO_ROLES, demoUserClaims, isDemoUser } from './accounts.js';

const passwords = {
  admin: 'a-secret',
  reviewer: 'r-secret',
  intern: 'i-secret',
  extern: 'e-secret',
  norole: 'n-secret',
};

describe('demo accounts', () => {
  it('accepts each demo user with its configured password', () => {
    expect(checkCredentials(passwords, 'admin', 'a-secret')).toBe('admin');
    expect(checkCredentials(passwords, 'intern', 'i-secret')).toBe('intern');
    expect(checkCredentials(passwords, 'extern', 'e-secret')).toBe('extern');
    expect(checkCredentials(passwords, 'norole', 'n-secret')).toBe('norole');
  });

  it('ignores case and surrounding blanks in the user name, not in the password', () => {
    expect(checkCredentials(passwords, ' Admin ', 'a-secret')).toBe('admin');
    expect(checkCredentials(passwords, 'admin', 'A-secret')).toBeNull();
    expect(checkCredentials(passwords, 'admin', 'a-secret ')).toBeNull();
  });

  it.each([
    ['intern', 'a-secret'],
    ['intern', ''],
    ['nobody', 'i-secret'],
    ['', ''],
    [undefined, 'i-secret'],
    ['intern', undefined],
    [['intern'], 'i-secret'],
    ['constructor', 'x'],
    ['__proto__', 'x'],
  ])('refuses %j / %j', (username, password) => {
    expect(checkCredentials(passwords, username, password)).toBeNull();
  });

  it('knows only the four demo users', () => {
    expect(['admin', 'intern', 'extern', 'norole'].every(isDemoUser)).toBe(true);
    expect(isDemoUser('root')).toBe(false);
    expect(isDemoUser(undefined)).toBe(false);
  });

  it('puts the roles in the configured claim and the user name in preferred_username and nickname, and an example.com address', () => {
    expect(DEMO_ROLES).toEqual({
      admin: ['admin'],
      reviewer: ['admin'],
      intern: ['intern'],
      extern: ['extern'],
      norole: [],
    });
    expect(demoUserClaims('intern', 'roles')).toEqual({
      sub: 'intern',
      name: 'Demo Intern',
      nickname: 'intern',
      preferred_username: 'intern',
      email: 'intern@example.com',
      email_verified: true,
      roles: ['intern'],
    });
    expect(demoUserClaims('norole', 'digitalPortfolioAccess/roles')['digitalPortfolioAccess/roles']).toEqual([]);
  });
});
