import { createHash, timingSafeEqual } from 'node:crypto';
import { DEMO_USERS, type DemoUser } from '../config.js';
import type { Role } from '../auth/roles.js';

/** The roles each demo user carries in the roles claim; norole has none and is refused by the API. */
export const DEMO_ROLES: Record<DemoUser, Role[]> = {
  admin: ['admin'],
  reviewer: ['admin'],
  intern: ['intern'],
  extern: ['extern'],
  norole: [],
};

const DISPLAY_NAMES: Record<DemoUser, string> = {
  admin: 'Demo Admin',
  reviewer: 'Demo Reviewer',
  intern: 'Demo Intern',
  extern: 'Demo Extern',
  norole: 'Demo User Without Role',
};

export function isDemoUser(name: unknown): name is DemoUser {
  return typeof name === 'string' && (DEMO_USERS as readonly string[]).includes(name);
}

/** The claims of a demo user; the account id (and so `sub`) is the user name. */
export function demoUserClaims(user: DemoUser, rolesClaim: string) {
  return {
    sub: user,
    name: DISPLAY_NAMES[user],
    nickname: user,
    preferred_username: user,
    // Watchers' digests go to this address (issue 42); example.com receives no mail anywhere.
    email: `${user}@example.com`,
    email_verified: true,
    [rolesClaim]: DEMO_ROLES[user],
  };
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The demo user these credentials belong to, or null. Compares in constant time. */
export function checkCredentials(
  passwords: Record<DemoUser, string>,
  username: unknown,
  password: unknown,
): DemoUser | null {
  if (typeof username !== 'string' || typeof password !== 'string') return null;
  const user = username.trim().toLowerCase();
  if (!isDemoUser(user)) return null;
  // Hashing first gives equal lengths, which timingSafeEqual needs.
  return timingSafeEqual(digest(password), digest(passwords[user])) ? user : null;
}
