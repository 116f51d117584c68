import { z } from './zod-setup.js';

/** The rules of the consistency checker (issue 43), in the order the screen shows them. */
export const consistencyRules = [
  'conditional_without_obligation',
  'not_contained',
  'stale_review',
  'unused_obligation',
  'unused_reference',
  'version_without_compatibility',
] as const;
export const consistencyRule = z.enum(consistencyRules);
export type ConsistencyRule = z.infer<typeof consistencyRule>;

export const consistencySeverity = z.enum(['error', 'warning', 'info']);
export type ConsistencySeverity = z.infer<typeof consistencySeverity>;

export const CONSISTENCY_SEVERITY: Record<ConsistencyRule, ConsistencySeverity> = {
  conditional_without_obligation: 'error',
  not_contained: 'warning',
  stale_review: 'warning',
  unused_obligation: 'info',
  unused_reference: 'info',
  version_without_compatibility: 'info',
};

/** How many findings of one rule an answer lists; `counts` holds how many there are in all. */
export const CONSISTENCY_MAX_PER_RULE = 500;

export const consistencyFinding = z
  .object({
    rule: consistencyRule,
    severity: consistencySeverity,
    message: z.string(),
    hrefs: z.array(z.string()),
    /** The web app's screen where it is fixed. */
    fix: z.string(),
  })
  .meta({ id: 'ConsistencyFinding' });
export type ConsistencyFinding = z.infer<typeof consistencyFinding>;

/** GET /api/consistency?rule=…: one rule (the screen asks rule by rule to show its progress) or all. */
export const consistencyQuery = z.object({ rule: consistencyRule.optional() }).strict();

export const consistencyReport = z
  .object({
    findings: z.array(consistencyFinding),
    /** Every finding per rule checked, also those beyond CONSISTENCY_MAX_PER_RULE. */
    counts: z.partialRecord(consistencyRule, z.number().int()),
  })
  .meta({ id: 'ConsistencyReport' });
export type ConsistencyReport = z.infer<typeof consistencyReport>;
