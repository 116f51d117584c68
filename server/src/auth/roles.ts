import { roles, type Role } from '@dp/contract';

export type { Role };

/** Maps a company's group names (or ids) to the product's roles (OIDC_ROLE_MAP). */
export type RoleMap = ReadonlyMap<string, Role>;

/**
 * The names in a roles or groups claim: a list of strings, or one string of names separated by spaces
 * or commas (as some providers deliver groups). Anything else in the claim is ignored.
 */
export function claimNames(claimValue: unknown): string[] {
  const values = Array.isArray(claimValue)
    ? claimValue
    : typeof claimValue === 'string'
      ? claimValue.split(/[\s,]+/)
      : [];
  return values.filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * The role a user gets from the roles claim (SPEC 5): the highest of the roles its names give — admin,
 * then intern, then extern; null when none does (the user is then refused). Without a map the names
 * are the role words themselves; with one, only the mapped group names count (a company group that
 * happens to be called "admin" grants nothing it is not mapped to). Keycloak's full group paths
 * (`/DP-Admins`) match the map's `DP-Admins`.
 */
export function mapRoles(claimValue: unknown, roleMap?: RoleMap): Role | null {
  const known = new Set<Role>();
  for (const name of claimNames(claimValue)) {
    const role = roleMap
      ? (roleMap.get(name) ?? (name.startsWith('/') ? roleMap.get(name.slice(1)) : undefined))
      : asRole(name);
    if (role) known.add(role);
  }
  return roles.findLast((role) => known.has(role)) ?? null;
}

const asRole = (name: string): Role | undefined =>
  (roles as readonly string[]).includes(name) ? (name as Role) : undefined;

/**
 * Reads OIDC_ROLE_MAP (`DP-Admins=admin,DP-Engineers=intern`): comma-separated `group=role` pairs. Throws an
 * Error naming every bad pair (no `=`, an empty group, an unknown role, a group mapped twice).
 */
export function parseRoleMap(text: string): Map<string, Role> {
  const map = new Map<string, Role>();
  const problems: string[] = [];
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const group = at < 0 ? '' : pair.slice(0, at).trim();
    const role = at < 0 ? '' : pair.slice(at + 1).trim();
    if (group === '') problems.push(`"${pair}" is not group=role`);
    else if (!asRole(role)) problems.push(`"${pair}": the role must be one of ${roles.join(', ')}`);
    else if (map.has(group) && map.get(group) !== role) problems.push(`"${group}" is mapped twice`);
    else map.set(group, role as Role);
  }
  if (map.size === 0 && problems.length === 0) problems.push('names no group');
  if (problems.length > 0) throw new Error(problems.join('; '));
  return map;
}

/**
 * Reads a claim by name (OIDC_ROLES_CLAIM): a top-level claim of that exact name first, so URL-like names
 * (`https://example.com/roles`, Auth0's `digitalPortfolioAccess/roles`) work; otherwise a dotted name is
 * followed as a path, like Keycloak's `realm_access.roles` or `resource_access.portfolio.roles`.
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
