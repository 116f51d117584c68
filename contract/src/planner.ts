import { z } from './zod-setup.js';
import { compatibilityStatus } from './catalog.js';
import { DB_ID_MAX, idOfHref } from './common.js';
import { versionLabel } from './evaluation.js';
import { issueKey } from './issue-key.js';

export const PLANNER_MAX_ASSEMBLIES = 50;
export const PLANNER_MAX_SUBASSEMBLIES = 200;
/** How many other fitting configurations the planner names beside its proposal. */
export const PLANNER_MAX_ALTERNATIVES = 5;

// The id at the end must also fit PostgreSQL's integer (ten digits can exceed it).
const versionHref = (path: 'systems' | 'assemblies' | 'subassemblies', message: string) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^/api/${path}/versions/[1-9][0-9]{0,9}$`), message)
    .refine((href) => idOfHref(href) <= DB_ID_MAX, message);

export const systemVersionHref = versionHref('systems', issueKey('zod.hrefSystemVersion'));
export const assemblyVersionHref = versionHref('assemblies', issueKey('zod.hrefAssemblyVersion'));
export const subassemblyVersionHref = versionHref('subassemblies', issueKey('zod.hrefSubassemblyVersion'));

const installedParts = {
  assemblies: z.array(assemblyVersionHref).max(PLANNER_MAX_ASSEMBLIES, issueKey('zod.maxVersions')).default([]),
  subassemblies: z
    .array(subassemblyVersionHref)
    .max(PLANNER_MAX_SUBASSEMBLIES, issueKey('zod.maxVersions'))
    .default([]),
};

/** POST /api/planner: an installed configuration and the system version it is to run on. */
export const plannerRequest = z
  .object({ system: systemVersionHref, ...installedParts, target: systemVersionHref })
  .strict()
  .meta({ id: 'PlannerRequest' });
export type PlannerRequest = z.input<typeof plannerRequest>;

/** A pair's recorded status, or `not_recorded` when no compatibility exists between the two versions. */
export const pairStatus = z.union([compatibilityStatus, z.literal('not_recorded')]).meta({ id: 'PairStatus' });
export type PairStatus = z.infer<typeof pairStatus>;

/** Two versions and what is recorded between them. */
export const plannerPair = z
  .object({ a: versionLabel, b: versionLabel, status: pairStatus })
  .meta({ id: 'PlannerPair' });
export type PlannerPair = z.infer<typeof plannerPair>;

export const plannerKeep = z
  .object({
    part: versionLabel,
    /** The status of the pair it rests on (with the target, or with its assembly); null when nothing it needs. */
    status: pairStatus.nullable(),
  })
  .meta({ id: 'PlannerKeep' });

export const plannerChange = z
  .object({
    from: versionLabel,
    to: versionLabel,
    /** Why the installed version cannot stay: the pair that fails in the proposed configuration. */
    because: plannerPair.nullable(),
    /** Every version of the item that would do, nearest to the installed one first, newer first among equals. */
    options: z.array(versionLabel),
  })
  .meta({ id: 'PlannerChange' });

export const plannerBlocker = z
  .object({ part: versionLabel, reason: z.enum(['forbidden', 'not_recorded']), pair: plannerPair })
  .meta({ id: 'PlannerBlocker' });

export const plannerAlternative = z
  .object({ changes: z.number().int(), parts: z.array(z.object({ from: versionLabel, to: versionLabel })) })
  .meta({ id: 'PlannerAlternative' });

export const plannerObligation = z
  .object({ a: versionLabel, b: versionLabel, obligation: z.string() })
  .meta({ id: 'PlannerObligation' });
export type PlannerObligation = z.infer<typeof plannerObligation>;

/** The planner's answer; `obligations` only for intern and admin (extern sees statuses only). */
export const plannerResponse = z
  .object({
    system: versionLabel,
    target: versionLabel,
    keep: z.array(plannerKeep),
    change: z.array(plannerChange),
    blockers: z.array(plannerBlocker),
    checks: z.array(plannerPair),
    obligations: z.array(plannerObligation).optional(),
    alternatives: z.array(plannerAlternative),
  })
  .meta({ id: 'PlannerResponse' });
export type PlannerResponse = z.infer<typeof plannerResponse>;

/** POST /api/planner/systems: on which system versions do these parts all fit? */
export const plannerSystemsRequest = z
  .object({
    assemblies: z
      .array(assemblyVersionHref)
      .min(1, issueKey('zod.chooseVersions'))
      .max(PLANNER_MAX_ASSEMBLIES, issueKey('zod.maxVersions')),
    subassemblies: installedParts.subassemblies,
  })
  .strict()
  .meta({ id: 'PlannerSystemsRequest' });
export type PlannerSystemsRequest = z.input<typeof plannerSystemsRequest>;

export const PLANNER_MAX_MISSES = 5;

export const plannerSystemFit = z
  .object({
    system: versionLabel,
    checks: z.array(plannerPair),
    /** The pairs that do not fit (forbidden or not recorded); empty for a system on which all fit. */
    blocking: z.array(plannerPair),
  })
  .meta({ id: 'PlannerSystemFit' });

export const plannerSystemsResponse = z
  .object({
    fits: z.array(plannerSystemFit),
    /** The system versions nearest to fitting (fewest pairs in the way), up to PLANNER_MAX_MISSES. */
    misses: z.array(plannerSystemFit),
  })
  .meta({ id: 'PlannerSystemsResponse' });
export type PlannerSystemsResponse = z.infer<typeof plannerSystemsResponse>;

/** POST /api/planner/checklist: the planner's question and the file type of its checklist. */
export const plannerChecklistRequest = z
  .object({ system: systemVersionHref, ...installedParts, target: systemVersionHref, type: z.enum(['pdf', 'xlsx']) })
  .strict()
  .meta({ id: 'PlannerChecklistRequest' });
export type PlannerChecklistRequest = z.input<typeof plannerChecklistRequest>;
