import { PLANNER_MAX_ASSEMBLIES, PLANNER_MAX_SUBASSEMBLIES, type PlannerRequest } from '@dp/contract';

/**
 * The planner's whole question, as the address holds it (so a link shares it):
 * ?system=<item>&from=<installed version>&to=<target version>&a=<assembly versions>&u=<sub-assembly versions>,
 * ids only, lists joined by commas.
 */
export interface PlannerQuestion {
  system: number | null;
  from: number | null;
  to: number | null;
  assemblies: number[];
  subassemblies: number[];
}

const id = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && /^[0-9]+$/.test(value) && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const ids = (value: string | null, max: number) =>
  [...new Set((value ?? '').split(',').flatMap((part) => (id(part) === null ? [] : [Number(part)])))].slice(0, max);

export function parsePlannerQuestion(search: URLSearchParams): PlannerQuestion {
  return {
    system: id(search.get('system')),
    from: id(search.get('from')),
    to: id(search.get('to')),
    assemblies: ids(search.get('a'), PLANNER_MAX_ASSEMBLIES),
    subassemblies: ids(search.get('u'), PLANNER_MAX_SUBASSEMBLIES),
  };
}

export function plannerSearch(question: PlannerQuestion): URLSearchParams {
  const search = new URLSearchParams();
  if (question.system !== null) search.set('system', String(question.system));
  if (question.from !== null) search.set('from', String(question.from));
  if (question.to !== null) search.set('to', String(question.to));
  if (question.assemblies.length > 0) search.set('a', question.assemblies.join(','));
  if (question.subassemblies.length > 0) search.set('u', question.subassemblies.join(','));
  return search;
}

/** The link from the delta browser: its system and two versions, the first as installed, the second as target. */
export const plannerLink = (system: number, from: number, to: number) =>
  `/evaluate/upgrade-planner?${plannerSearch({ system, from, to, assemblies: [], subassemblies: [] }).toString()}`;

/** The API's request for a complete question, or null while something is still missing. */
export function plannerRequestOf(question: PlannerQuestion): PlannerRequest | null {
  if (question.from === null || question.to === null || question.assemblies.length === 0) return null;
  return {
    system: `/api/systems/versions/${question.from}`,
    target: `/api/systems/versions/${question.to}`,
    assemblies: question.assemblies.map((a) => `/api/assemblies/versions/${a}`),
    subassemblies: question.subassemblies.map((u) => `/api/subassemblies/versions/${u}`),
  };
}

/**
 * One installed version per part: a version picked for an item that already has one replaces it (the
 * server refuses two versions of one item). `itemOf` names a version's item where it is known.
 */
export function onePerItem(ids: readonly number[], itemOf: ReadonlyMap<number, number>): number[] {
  const byItem = new Map<number, number>();
  for (const id of ids) {
    const item = itemOf.get(id) ?? -id;
    byItem.delete(item);
    byItem.set(item, id);
  }
  return [...byItem.values()];
}
