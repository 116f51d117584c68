import { z } from './zod-setup.js';
import { DB_ID_MAX, idOfHref } from './common.js';
import { issueKey } from './issue-key.js';

/** One offline save reads at most this many systems (issue 44; a depot keeps a few dozen). */
export const OFFLINE_SYSTEMS_MAX = 100;

// The id at the end must also fit PostgreSQL's integer (ten digits can exceed it).
export const systemHref = z
  .string()
  .regex(/^\/api\/systems\/[1-9][0-9]{0,9}$/, issueKey('zod.hrefSystem'))
  .refine((href) => idOfHref(href) <= DB_ID_MAX, issueKey('zod.hrefSystem'));

export const offlineBundleRequest = z
  .object({ systems: z.array(systemHref).min(1).max(OFFLINE_SYSTEMS_MAX) })
  .strict()
  .meta({ id: 'OfflineBundleRequest' });
export type OfflineBundleRequest = z.infer<typeof offlineBundleRequest>;

/**
 * One answer of the bundle: what GET `path` answers the same user now (an item's versions, a version's
 * compatibility list of a kind, its assembly warnings), so the offline data keeps the browsers' own answers.
 */
export const offlineBundleEntry = z.object({ path: z.string(), body: z.unknown() }).meta({ id: 'OfflineBundleEntry' });
export type OfflineBundleEntry = z.infer<typeof offlineBundleEntry>;
