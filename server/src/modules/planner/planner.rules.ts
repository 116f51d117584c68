/**
 * The upgrade planner's rules (issue 43), free of I/O: which versions of the installed parts fit a
 * target system version, and which configuration needs the fewest changes, then the newest versions.
 */

export type Status = 'allowed' | 'conditional' | 'forbidden' | 'irrelevant';

const FITTING: ReadonlySet<Status | null> = new Set<Status | null>(['allowed', 'conditional', 'irrelevant']);

/** A pair fits when its status is allowed, conditional or irrelevant; a pair not recorded never fits. */
export const fits = (status: Status | null) => FITTING.has(status);

/** The element at `i`, which the planner's own bookkeeping guarantees; a miss is a bug, not bad input. */
export function at<T>(list: readonly T[], i: number): T {
  const value = list[i];
  if (value === undefined) throw new Error(`planner: no element ${i}`);
  return value;
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** What is recorded between two versions, whichever way the pair is stored. */
export class PairBook {
  private readonly statuses = new Map<string, Status>();
  private readonly forbiddenWith = new Map<number, number[]>();

  add(a: number, b: number, status: Status) {
    this.statuses.set(pairKey(a, b), status);
    if (status !== 'forbidden') return;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = this.forbiddenWith.get(x);
      if (list) list.push(y);
      else this.forbiddenWith.set(x, [y]);
    }
  }

  /** The recorded status, or null when none is recorded. */
  status(a: number, b: number): Status | null {
    return this.statuses.get(pairKey(a, b)) ?? null;
  }

  recorded(a: number, b: number): boolean {
    return this.statuses.has(pairKey(a, b));
  }

  /** The versions recorded as forbidden with `a`. */
  forbidden(a: number): readonly number[] {
    return this.forbiddenWith.get(a) ?? [];
  }
}

/** An installed assembly or sub-assembly version. */
export interface Part {
  kind: 'assembly' | 'subassembly';
  installed: number;
  item: number;
}

export interface PlanModel {
  target: number;
  /** Installed assemblies first, then sub-assemblies; one part per item. */
  parts: readonly Part[];
  /** Every version of each item, oldest first (the natural version order). */
  versionsOf: ReadonlyMap<number, readonly number[]>;
  /** For a sub-assembly item, the assembly items that contain it. */
  containersOf: ReadonlyMap<number, readonly number[]>;
  pairs: PairBook;
}

/** Why a part cannot be placed: the pair that stands in the way and what is recorded for it. */
export interface Blocked {
  reason: 'forbidden' | 'not_recorded';
  pair: [number, number];
  status: Status | null;
}

/** A configuration: the version chosen for each part (by index in `parts`), and the parts that are blocked. */
export interface Configuration {
  chosen: number[];
  /** Blocked parts keep their installed version in `chosen`. */
  blocked: Map<number, Blocked>;
  changes: number;
  /** How far the changed parts are from their items' newest versions, summed: less is newer. */
  age: number;
}

export interface Plan {
  proposal: Configuration;
  alternatives: Configuration[];
}

/** Enough to settle every case a catalog of this product holds; a larger search keeps the best found so far. */
const MAX_STEPS = 20_000;

/** Fewest blocked parts, then fewest changes, then newest versions. */
const compare = (a: Score, b: Score) => a.blocks - b.blocks || a.changes - b.changes || a.age - b.age;
const scoreOf = (c: Configuration): Score => ({ blocks: c.blocked.size, changes: c.changes, age: c.age });
interface Score {
  blocks: number;
  changes: number;
  age: number;
}

/** The assemblies (as part indexes) whose items contain each sub-assembly part. */
function containerParts(model: PlanModel): number[][] {
  const partOfItem = new Map<number, number>();
  model.parts.forEach((part, index) => {
    if (part.kind === 'assembly') partOfItem.set(part.item, index);
  });
  return model.parts.map((part) =>
    part.kind === 'assembly'
      ? []
      : (model.containersOf.get(part.item) ?? []).flatMap((item) => {
          const index = partOfItem.get(item);
          return index === undefined ? [] : [index];
        }),
  );
}

const reasonOf = (status: Status | null): Blocked['reason'] => (status === 'forbidden' ? 'forbidden' : 'not_recorded');

/**
 * The configuration with the fewest changes (then the newest versions) on the target, and up to
 * `alternatives` others that fit. A part changes only when its installed version no longer fits what
 * was decided before it (the target, its assembly's chosen version, its siblings); parts whose installed
 * version does not fit the target are decided first, so a replacement that breaks a sibling makes that
 * sibling change (counted) or is passed over for an older option.
 */
export function plan(model: PlanModel, alternatives: number): Plan {
  const { parts, pairs, target } = model;
  const containers = containerParts(model);
  const newestFirst = (item: number) => [...(model.versionsOf.get(item) ?? [])].reverse();
  const ageOf = new Map<number, number>();
  for (const versions of model.versionsOf.values()) versions.forEach((v, i) => ageOf.set(v, versions.length - 1 - i));

  // Assemblies: the versions that fit the target, known before the search.
  const onTarget = parts.map((part) =>
    part.kind === 'assembly' ? newestFirst(part.item).filter((v) => fits(pairs.status(target, v))) : [],
  );
  const forced = (index: number) => {
    const part = at(parts, index);
    if (part.kind === 'assembly') return !at(onTarget, index).includes(part.installed);
    return at(containers, index).some((a) => !fits(pairs.status(at(parts, a).installed, part.installed)));
  };
  const indexes = parts.map((_, i) => i);
  const order = [
    ...indexes.filter((i) => at(parts, i).kind === 'assembly' && forced(i)),
    ...indexes.filter((i) => at(parts, i).kind === 'assembly' && !forced(i)),
    ...indexes.filter((i) => at(parts, i).kind === 'subassembly' && forced(i)),
    ...indexes.filter((i) => at(parts, i).kind === 'subassembly' && !forced(i)),
  ];
  // The least a rest of the order must still cost: every assembly that does not fit the target changes (or is blocked).
  const restCost: number[] = new Array<number>(order.length + 1).fill(0);
  for (let k = order.length - 1; k >= 0; k--) {
    const i = at(order, k);
    restCost[k] = at(restCost, k + 1) + (at(parts, i).kind === 'assembly' && forced(i) ? 1 : 0);
  }

  const chosen = parts.map((part) => part.installed);
  const blocked = new Map<number, Blocked>();
  // How many placed parts hold each version, to find a forbidden sibling at once.
  const placed = new Map<number, number>();
  const place = (v: number, delta: number) => placed.set(v, (placed.get(v) ?? 0) + delta);
  const kindOfVersion = new Map<number, Part['kind']>();
  for (const part of parts) for (const v of model.versionsOf.get(part.item) ?? []) kindOfVersion.set(v, part.kind);
  // Only a forbidden pair of the same kind breaks a sibling; assembly–sub-assembly pairs are required ones.
  const siblingOf = (v: number, kind: Part['kind']) =>
    pairs.forbidden(v).find((w) => (placed.get(w) ?? 0) > 0 && kindOfVersion.get(w) === kind);

  // A sub-assembly's versions that fit its assemblies' choice: the search meets the same choice again and again.
  const fittingSeen = new Map<string, number[]>();
  const subFitting = (index: number, item: number, required: number[]) => {
    const key = `${index}:${required.join(',')}`;
    let list = fittingSeen.get(key);
    if (!list) {
      list = newestFirst(item).filter((v) => required.every((r) => fits(pairs.status(r, v))));
      fittingSeen.set(key, list);
    }
    return list;
  };

  const best: Configuration[] = [];
  const keep = alternatives + 1;
  let steps = 0;
  const score: Score = { blocks: 0, changes: 0, age: 0 };

  const record = () => {
    const found: Configuration = {
      chosen: [...chosen],
      blocked: new Map(blocked),
      changes: score.changes,
      age: score.age,
    };
    const position = best.findIndex((other) => compare(score, scoreOf(other)) < 0);
    best.splice(position === -1 ? best.length : position, 0, found);
    if (best.length > keep) best.pop();
  };

  const visit = (k: number) => {
    if (++steps > MAX_STEPS && best.length > 0) return;
    if (k === order.length) return record();
    const worst = best.length === keep ? best[best.length - 1] : undefined;
    if (worst && compare({ ...score, changes: score.changes + at(restCost, k) }, scoreOf(worst)) >= 0) return;
    const index = at(order, k);
    const part = at(parts, index);
    const required = at(containers, index).map((a) => at(chosen, a));
    const fitting = part.kind === 'assembly' ? at(onTarget, index) : subFitting(index, part.item, required);

    let blockedBy: Blocked | undefined;
    if (fitting.length === 0) {
      const anchor =
        part.kind === 'assembly' ? target : (required.find((r) => !fits(pairs.status(r, part.installed))) ?? target);
      const status = pairs.status(anchor, part.installed);
      blockedBy = { reason: reasonOf(status), pair: [anchor, part.installed], status };
    }
    const free = fitting.filter((v) => siblingOf(v, part.kind) === undefined);
    if (!blockedBy && free.length === 0) {
      const first = at(fitting, 0);
      const sibling = siblingOf(first, part.kind) ?? first;
      blockedBy = { reason: 'forbidden', pair: [sibling, first], status: 'forbidden' };
    }
    if (blockedBy) {
      // A blocked part keeps its installed version but constrains no sibling: it is replaced outside this plan.
      blocked.set(index, blockedBy);
      score.blocks++;
      visit(k + 1);
      score.blocks--;
      blocked.delete(index);
      return;
    }
    // The installed version stays whenever it still fits: a change is never made for its own sake.
    const tries = free.includes(part.installed) ? [part.installed] : free;
    for (const v of tries) {
      const changed = v !== part.installed;
      chosen[index] = v;
      place(v, 1);
      if (changed) {
        score.changes++;
        score.age += ageOf.get(v) ?? 0;
      }
      visit(k + 1);
      if (changed) {
        score.changes--;
        score.age -= ageOf.get(v) ?? 0;
      }
      place(v, -1);
      chosen[index] = part.installed;
    }
  };
  visit(0);

  const [proposal, ...others] = best;
  if (!proposal) throw new Error('the planner found no configuration');
  // An alternative blocks no more parts than the proposal: one that blocks more does not fit.
  return { proposal, alternatives: others.filter((other) => other.blocked.size === proposal.blocked.size) };
}

/** A pair the configuration needs, with what is recorded for it. */
export interface Check {
  a: number;
  b: number;
  status: Status | null;
}

/**
 * Every pair a configuration needs: the target with each assembly, assemblies with each other where a
 * compatibility is recorded, each assembly with its sub-assemblies, sub-assemblies with each other where recorded.
 */
export function checksOf(model: PlanModel, config: Configuration): Check[] {
  const { parts, pairs, target } = model;
  const containers = containerParts(model);
  const checks: Check[] = [];
  const add = (a: number, b: number) => checks.push({ a, b, status: pairs.status(a, b) });
  const of = (kind: Part['kind']) => parts.flatMap((part, i) => (part.kind === kind ? [i] : []));
  const assemblies = of('assembly');
  const subassemblies = of('subassembly');
  for (const i of assemblies) add(target, at(config.chosen, i));
  const siblings = (list: number[]) =>
    list.forEach((i, n) => {
      for (const j of list.slice(n + 1))
        if (pairs.recorded(at(config.chosen, i), at(config.chosen, j))) add(at(config.chosen, i), at(config.chosen, j));
    });
  siblings(assemblies);
  for (const i of subassemblies) for (const a of at(containers, i)) add(at(config.chosen, a), at(config.chosen, i));
  siblings(subassemblies);
  return checks;
}

/**
 * The pair that the installed version of a changed part breaks in the configuration: with the target or
 * its assembly (not fitting), or with a sibling (forbidden). Null if it would in fact fit.
 */
export function breakOf(model: PlanModel, config: Configuration, index: number): Check | null {
  const { parts, pairs, target } = model;
  const part = at(parts, index);
  const required =
    part.kind === 'assembly' ? [target] : at(containerParts(model), index).map((a) => at(config.chosen, a));
  for (const r of required) {
    const status = pairs.status(r, part.installed);
    if (!fits(status)) return { a: r, b: part.installed, status };
  }
  const sibling = siblingIn(model, config, index, part.installed);
  return sibling === undefined ? null : { a: sibling, b: part.installed, status: 'forbidden' };
}

/** A version chosen for another part of the same kind (not blocked) that is recorded as forbidden with `version`. */
function siblingIn(model: PlanModel, config: Configuration, index: number, version: number): number | undefined {
  const kind = at(model.parts, index).kind;
  const others = new Set(
    config.chosen.filter((_, i) => i !== index && at(model.parts, i).kind === kind && !config.blocked.has(i)),
  );
  return model.pairs.forbidden(version).find((w) => others.has(w));
}

/**
 * Every version of a part's item that would do in the configuration in place of its choice (fits the
 * target or its assembly, no forbidden sibling): nearest to the installed version first in the natural
 * version order, the newer first among equals.
 */
export function optionsOf(model: PlanModel, config: Configuration, index: number): number[] {
  const { parts, pairs, target } = model;
  const part = at(parts, index);
  const versions = model.versionsOf.get(part.item) ?? [];
  const required =
    part.kind === 'assembly' ? [target] : at(containerParts(model), index).map((a) => at(config.chosen, a));
  const from = versions.indexOf(part.installed);
  return versions
    .map((v, i) => ({ v, i }))
    .filter(
      ({ v }) =>
        v !== part.installed &&
        required.every((r) => fits(pairs.status(r, v))) &&
        siblingIn(model, config, index, v) === undefined,
    )
    .sort((x, y) => Math.abs(x.i - from) - Math.abs(y.i - from) || y.i - x.i)
    .map(({ v }) => v);
}

/** The status a kept part rests on: with the target (assembly) or its assemblies (the first that does not fit, else the first). */
export function restsOn(model: PlanModel, config: Configuration, index: number): Status | null | undefined {
  const part = at(model.parts, index);
  const anchors =
    part.kind === 'assembly' ? [model.target] : at(containerParts(model), index).map((a) => at(config.chosen, a));
  if (anchors.length === 0) return undefined;
  const statuses = anchors.map((a) => model.pairs.status(a, at(config.chosen, index)));
  return statuses.find((s) => !fits(s)) ?? at(statuses, 0);
}
