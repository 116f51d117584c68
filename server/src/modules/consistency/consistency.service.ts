import {
  CONSISTENCY_MAX_PER_RULE,
  CONSISTENCY_SEVERITY,
  consistencyRules,
  type ConsistencyFinding,
  type ConsistencyReport,
  type ConsistencyRule,
  type MessageLanguage,
} from '@dp/contract';
import type pg from 'pg';
import { href, pathOf, type ItemKind } from '../../db/kinds.js';
import { kindName, kindVersionName, msg, type Message } from '../../http/errors.js';
import * as queries from './consistency.queries.js';

/** A finding before its message is said in the reader's language. */
interface Found {
  text: Message;
  hrefs: string[];
  fix: string;
}

const OBLIGATIONS_SCREEN = '/basic-data/obligations-intern';
/** Where a compatibility between these kinds is edited: the Compatibility screens of SPEC 2. */
const compatibilityScreen = (from: ItemKind, to: ItemKind) =>
  `/compatibility/${pathOf(from)}-${pathOf(to)}-compatibility`;
/** Where the containment of these kinds is linked. */
const containmentScreen = (parent: ItemKind) => `/basic-data/${pathOf(parent)}-relations`;

const pairFinding = (
  key: 'consistency.not_contained' | 'consistency.stale_review',
  row: queries.PairRow,
  fix: string,
) => ({
  text: msg(key, {
    from: kindName(row.from_kind),
    fromVersion: row.from_label,
    to: kindName(row.to_kind),
    toVersion: row.to_label,
  }),
  hrefs: [
    href.compatibility(row.from_kind, row.from_version_id, row.to_kind, row.to_version_id),
    href.version(row.from_kind, row.from_version_id),
    href.version(row.to_kind, row.to_version_id),
  ],
  fix,
});

type Check = (db: pg.ClientBase, schema: string, limit: number) => Promise<{ found: Found[]; total: number }>;

const counted = <Row extends queries.Counted>(rows: Row[], toFinding: (row: Row) => Found) => ({
  found: rows.map(toFinding),
  total: rows[0]?.total ?? 0,
});

/** Each rule's check: what breaks it, said as a finding with the hrefs involved and the screen where it is fixed. */
const CHECKS: Record<ConsistencyRule, Check> = {
  conditional_without_obligation: async (db, schema, limit) =>
    counted(await queries.conditionalWithoutObligation(db, schema, limit), (row) => ({
      text: msg('consistency.conditional_without_obligation', { id: row.id }),
      hrefs: [href.compatibilityInfo(row.id)],
      fix: OBLIGATIONS_SCREEN,
    })),
  not_contained: async (db, schema, limit) =>
    counted(await queries.notContained(db, schema, limit), (row) =>
      pairFinding('consistency.not_contained', row, containmentScreen(row.from_kind)),
    ),
  stale_review: async (db, schema, limit) =>
    counted(await queries.staleReviews(db, schema, limit), (row) =>
      pairFinding('consistency.stale_review', row, compatibilityScreen(row.from_kind, row.to_kind)),
    ),
  unused_obligation: async (db, schema, limit) =>
    counted(await queries.unusedObligations(db, schema, limit), (row) => ({
      text: msg('consistency.unused_obligation', { id: row.id, text: row.obligation }),
      hrefs: [href.compatibilityInfo(row.id)],
      fix: OBLIGATIONS_SCREEN,
    })),
  unused_reference: async (db, schema, limit) =>
    counted(await queries.unusedReferences(db, schema, limit), (row) => ({
      text: msg('consistency.unused_reference', { text: row.reference }),
      hrefs: [href.reference(row.id)],
      fix: '/basic-data/references',
    })),
  version_without_compatibility: async (db, schema, limit) =>
    counted(await queries.versionsWithoutCompatibility(db, schema, limit), (row) => ({
      text: msg('consistency.version_without_compatibility', { part: kindVersionName(row.kind), version: row.label }),
      hrefs: [href.version(row.kind, row.id)],
      fix: `/compatibility/${pathOf(row.kind)}-versions`,
    })),
};

/**
 * GET /api/consistency: the findings of one rule, or of all, in the reader's language; at most
 * CONSISTENCY_MAX_PER_RULE per rule, with how many there are in all. All rules read one snapshot, on one
 * connection, without parallel workers: the whole-table joins then take one core, and the evaluation
 * reads beside them keep the other (at L, with workers, their p99 rose to 2.7× idle).
 */
export async function check(
  pool: pg.Pool,
  language: MessageLanguage,
  only?: ConsistencyRule,
  schema = 'public',
): Promise<ConsistencyReport> {
  const report: ConsistencyReport = { findings: [], counts: {} };
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local max_parallel_workers_per_gather = 0');
    for (const rule of only ? [only] : consistencyRules) {
      const { found, total } = await CHECKS[rule](client, schema, CONSISTENCY_MAX_PER_RULE);
      report.counts[rule] = total;
      for (const finding of found)
        report.findings.push({
          rule,
          severity: CONSISTENCY_SEVERITY[rule],
          message: finding.text.render(language),
          hrefs: finding.hrefs,
          fix: finding.fix,
        } satisfies ConsistencyFinding);
    }
    await client.query('commit');
  } catch (error) {
    // A failed statement leaves the transaction aborted: the connection goes back only after a rollback.
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return report;
}

/** The error findings of a state (the rules of severity error only): what a transfer to live stops for. */
export async function errorFindings(pool: pg.Pool, language: MessageLanguage, schema: string) {
  const findings: ConsistencyFinding[] = [];
  let count = 0;
  for (const rule of consistencyRules) {
    if (CONSISTENCY_SEVERITY[rule] !== 'error') continue;
    const report = await check(pool, language, rule, schema);
    findings.push(...report.findings);
    count += report.counts[rule] ?? 0;
  }
  return { findings, count };
}
