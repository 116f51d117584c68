import {
  idOfHref,
  naturalCompare,
  PLANNER_MAX_ALTERNATIVES,
  PLANNER_MAX_MISSES,
  type PairStatus,
  type PlannerObligation,
  type PlannerResponse,
  type PlannerSystemsResponse,
  type Role,
  type VersionLabel,
} from '@dp/contract';
import type { Executor } from '../../db/connection.js';
import { href, type ItemKind } from '../../db/kinds.js';
import { badRequest, kindVersionName, msg, notFound, numbered } from '../../http/errors.js';
import type { LabelRow } from '../evaluation/evaluation.queries.js';
import * as queries from './planner.queries.js';
import {
  at,
  breakOf,
  checksOf,
  fits,
  optionsOf,
  PairBook,
  plan,
  restsOn,
  type Check,
  type Part,
  type PlanModel,
  type Status,
} from './planner.rules.js';

export interface PlannerQuestion {
  system: string;
  assemblies: string[];
  subassemblies: string[];
  target: string;
}

const toLabel = (row: LabelRow): VersionLabel => ({
  href: href.version(row.kind, row.id),
  parent_name: row.parent_name,
  name: row.name,
  name2: row.name2,
});

/** A version the service itself read; a miss is a bug, not bad input. */
function rowOf(labels: ReadonlyMap<number, LabelRow>, id: number): LabelRow {
  const row = labels.get(id);
  if (!row) throw new Error(`planner: version ${id} was not read`);
  return row;
}

const pairStatus = (status: Status | null): PairStatus => status ?? 'not_recorded';
const versionText = (row: LabelRow) => [row.name, row.name2].filter(Boolean).join(' / ');

/**
 * The labels of the versions asked for, each of the kind its href names: 404 for one that does not
 * exist as that kind; 400 when two of them are versions of one item.
 */
async function installed(db: Executor, asked: Array<{ kind: ItemKind; id: number }>): Promise<Map<number, LabelRow>> {
  const rows = await queries.versionLabels(
    db,
    asked.map((a) => a.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byItem = new Map<number, LabelRow>();
  for (const { kind, id } of asked) {
    const row = byId.get(id);
    if (!row || row.kind !== kind) throw notFound(numbered(kindVersionName(kind), id));
    if (kind === 'system') continue;
    const other = byItem.get(row.item_id);
    if (other && other.id !== id)
      throw badRequest(
        msg('planner.twoVersions', { item: row.parent_name, first: versionText(other), second: versionText(row) }),
      );
    byItem.set(row.item_id, row);
  }
  return byId;
}

const idsOf = (hrefs: readonly string[]) => [...new Set(hrefs.map(idOfHref))];

/** Reads what the planner needs in four indexed queries: the items' versions, containments, and the pairs among them. */
async function readModel(db: Executor, target: number, parts: readonly Part[], labels: Map<number, LabelRow>) {
  const items = parts.map((p) => p.item);
  const versions = await queries.versionsOfItems(db, items);
  const versionsOf = new Map<number, number[]>();
  for (const row of versions) {
    labels.set(row.id, row);
    const list = versionsOf.get(row.item_id);
    if (list) list.push(row.id);
    else versionsOf.set(row.item_id, [row.id]);
  }
  const of = (kind: Part['kind']) => parts.filter((p) => p.kind === kind).map((p) => p.item);
  const containersOf = new Map<number, number[]>();
  for (const row of await queries.containments(db, of('assembly'), of('subassembly'))) {
    const list = containersOf.get(row.child_item_id);
    if (list) list.push(row.parent_item_id);
    else containersOf.set(row.child_item_id, [row.parent_item_id]);
  }
  const book = new PairBook();
  const obligations = new Map<string, string>();
  for (const row of await queries.pairsAmong(db, [target, ...versions.map((v) => v.id)])) {
    book.add(row.from_version_id, row.to_version_id, row.status);
    if (row.status === 'conditional') obligations.set(`${row.from_version_id}:${row.to_version_id}`, row.obligation);
  }
  const model: PlanModel = { target, parts, versionsOf, containersOf, pairs: book };
  const obligationOf = (a: number, b: number) => obligations.get(`${a}:${b}`) ?? obligations.get(`${b}:${a}`) ?? '';
  return { model, obligationOf };
}

/**
 * POST /api/planner: what must change for the installed configuration to run on the target system
 * version. Extern sees statuses only: the answer then carries no obligation text.
 */
export async function planUpgrade(db: Executor, role: Role, question: PlannerQuestion): Promise<PlannerResponse> {
  const system = idOfHref(question.system);
  const target = idOfHref(question.target);
  const assemblies = idsOf(question.assemblies);
  const subassemblies = idsOf(question.subassemblies);
  const labels = await installed(db, [
    { kind: 'system', id: system },
    { kind: 'system', id: target },
    ...assemblies.map((id) => ({ kind: 'assembly' as const, id })),
    ...subassemblies.map((id) => ({ kind: 'subassembly' as const, id })),
  ]);
  const label = (id: number) => toLabel(rowOf(labels, id));
  if (rowOf(labels, system).item_id !== rowOf(labels, target).item_id) throw badRequest(msg('planner.sameSystem'));

  const parts: Part[] = [
    ...assemblies.map((id) => ({ kind: 'assembly' as const, installed: id, item: rowOf(labels, id).item_id })),
    ...subassemblies.map((id) => ({ kind: 'subassembly' as const, installed: id, item: rowOf(labels, id).item_id })),
  ];
  const { model, obligationOf } = await readModel(db, target, parts, labels);
  const { proposal, alternatives } = plan(model, PLANNER_MAX_ALTERNATIVES);

  const pair = (check: Check) => ({ a: label(check.a), b: label(check.b), status: pairStatus(check.status) });
  const response: PlannerResponse = {
    system: label(system),
    target: label(target),
    keep: [],
    change: [],
    blockers: [],
    checks: [],
    alternatives: alternatives.map((alt) => ({
      changes: alt.changes,
      parts: parts.flatMap((part, i) =>
        alt.chosen[i] === part.installed ? [] : [{ from: label(part.installed), to: label(at(alt.chosen, i)) }],
      ),
    })),
  };
  parts.forEach((part, i) => {
    const blocked = proposal.blocked.get(i);
    const chosen = at(proposal.chosen, i);
    if (blocked) {
      response.blockers.push({
        part: label(part.installed),
        reason: blocked.reason,
        pair: pair({ a: blocked.pair[0], b: blocked.pair[1], status: blocked.status }),
      });
    } else if (chosen === part.installed) {
      const status = restsOn(model, proposal, i);
      response.keep.push({ part: label(part.installed), status: status === undefined ? null : pairStatus(status) });
    } else {
      const because = breakOf(model, proposal, i);
      response.change.push({
        from: label(part.installed),
        to: label(chosen),
        because: because && pair(because),
        options: optionsOf(model, proposal, i).map(label),
      });
    }
  });
  const checks = checksOf(model, proposal);
  response.checks = checks.map(pair);
  if (role !== 'extern') {
    const obligations: PlannerObligation[] = checks
      .filter((check) => check.status === 'conditional')
      .map((check) => ({ a: label(check.a), b: label(check.b), obligation: obligationOf(check.a, check.b) }));
    response.obligations = obligations;
  }
  return response;
}

/**
 * POST /api/planner/systems: the system versions on which all these parts fit, each with its checks,
 * and the closest misses (fewest pairs in the way) with what stands in the way.
 */
export async function systemsFor(
  db: Executor,
  question: { assemblies: string[]; subassemblies: string[] },
): Promise<PlannerSystemsResponse> {
  const assemblies = idsOf(question.assemblies);
  const subassemblies = idsOf(question.subassemblies);
  const labels = await installed(db, [
    ...assemblies.map((id) => ({ kind: 'assembly' as const, id })),
    ...subassemblies.map((id) => ({ kind: 'subassembly' as const, id })),
  ]);
  const itemOf = (id: number) => rowOf(labels, id).item_id;
  const book = new PairBook();
  for (const row of await queries.pairsAmong(db, [...assemblies, ...subassemblies]))
    book.add(row.from_version_id, row.to_version_id, row.status);
  const contained = new Set(
    (await queries.containments(db, assemblies.map(itemOf), subassemblies.map(itemOf))).map(
      (row) => `${row.parent_item_id}:${row.child_item_id}`,
    ),
  );
  // The pairs that do not depend on the system: the same for every candidate.
  const common: Array<Check & { required: boolean }> = [];
  const siblings = (list: number[]) =>
    list.forEach((a, n) => {
      for (const b of list.slice(n + 1))
        if (book.recorded(a, b)) common.push({ a, b, status: book.status(a, b), required: false });
    });
  siblings(assemblies);
  for (const a of assemblies)
    for (const u of subassemblies)
      if (contained.has(`${itemOf(a)}:${itemOf(u)}`))
        common.push({ a, b: u, status: book.status(a, u), required: true });
  siblings(subassemblies);

  const systemPairs = await queries.systemPairsOf(db, assemblies);
  const systems = [...new Set(systemPairs.map((row) => row.from_version_id))];
  for (const row of await queries.versionLabels(db, systems)) labels.set(row.id, row);
  for (const row of systemPairs) book.add(row.from_version_id, row.to_version_id, row.status);

  const label = (id: number) => toLabel(rowOf(labels, id));
  const pair = (check: Check) => ({ a: label(check.a), b: label(check.b), status: pairStatus(check.status) });
  const breaks = (check: Check & { required: boolean }) =>
    check.required ? !fits(check.status) : check.status === 'forbidden';
  const candidates = systems.map((system) => {
    const checks = [
      ...assemblies.map((a) => ({ a: system, b: a, status: book.status(system, a), required: true })),
      ...common,
    ];
    return { system, checks, blocking: checks.filter(breaks) };
  });
  const byLabel = (x: { system: number }, y: { system: number }) => {
    const a = rowOf(labels, x.system);
    const b = rowOf(labels, y.system);
    return naturalCompare(a.parent_name, b.parent_name) || naturalCompare(b.name ?? '', a.name ?? '') || b.id - a.id;
  };
  const shown = (c: (typeof candidates)[number]) => ({
    system: label(c.system),
    checks: c.checks.map(pair),
    blocking: c.blocking.map(pair),
  });
  return {
    fits: candidates
      .filter((c) => c.blocking.length === 0)
      .sort(byLabel)
      .map(shown),
    misses: candidates
      .filter((c) => c.blocking.length > 0)
      .sort((x, y) => x.blocking.length - y.blocking.length || byLabel(x, y))
      .slice(0, PLANNER_MAX_MISSES)
      .map(shown),
  };
}
