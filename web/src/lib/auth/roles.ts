import type { Role } from '@dp/contract';

const RANK: Record<Role, number> = { extern: 0, intern: 1, admin: 2 };

/** True when `role` is `required` or above it (extern < intern < admin). */
export function hasRole(role: Role, required: Role): boolean {
  return RANK[role] >= RANK[required];
}
