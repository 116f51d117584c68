import { roles, type Role } from '@dp/contract';

export type { Role };

/** Position of each role in the order extern < intern < admin. */
const rank: Record<Role, number> = { extern: 0, intern: 1, admin: 2 };

/**
 * The role a user gets from the roles claim (SPEC 5): admin if 'admin' is present, otherwise intern,
 * otherwise extern; null when none of them is (the user is then refused). Accepts a list of strings or
 * one string; anything else in the claim is ignored.
 */
export function mapRoles(claimValue: unknown): Role | null {
  const values = Array.isArray(claimValue) ? claimValue : [claimValue];
  const known = new Set(values.filter((v): v is Role => typeof v === 'string' && (roles as readonly string[]).includes(v)));
  if (known.has('admin')) return 'admin';
  if (known.has('intern')) return 'intern';
  if (known.has('extern')) return 'extern';
  return null;
}

/** True when `role` is `required` or above it. */
export function roleAtLeast(role: Role, required: Role): boolean {
  return rank[role] >= rank[required];
}

/**
 * Reads a claim by name; a name that is not a top-level claim but contains dots is followed as a path,
 * so Keycloak's `realm_access.roles` works as well as Auth0-style names like `digitalPortfolioAccess/roles`.
 */
export function readClaim(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object' || !(part in value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
