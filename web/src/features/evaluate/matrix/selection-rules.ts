import { MATRIX_MAX_ROWS } from '@dp/contract';

/** SPEC 9: up to 15 chosen assemblies (main selection and per block) and 20 other assemblies. */
export const MAX_ASSEMBLIES = MATRIX_MAX_ROWS;
export const MAX_OTHER_ASSEMBLIES = 20;

/** What one selector block holds: a system, one of its versions and assembly versions (all ids). */
export interface SystemBlock {
  system: number | null;
  version: number | null;
  assemblies: number[];
}

export const EMPTY_BLOCK: SystemBlock = { system: null, version: null, assemblies: [] };

export type SelectionField = 'system' | 'version' | 'assembly' | 'other';

/** A selection that was left out because it is unknown or does not fit; the screen names it. */
export interface Dropped {
  field: SelectionField;
  value: string;
  /** The selector block (0, 1, 2) of the three-block matrix. */
  block?: number;
}

/** A selection after checking it against the data, with what was left out. */
export interface Checked<S> {
  selection: S;
  dropped: Dropped[];
  /** False while some of the data needed to judge the selection is still loading. */
  complete: boolean;
}

/** SPEC 5: duplicates are ignored, and so is whatever goes beyond `max` (earlier picks stay). */
export function limitSelection(ids: readonly number[], max: number): number[] {
  const result: number[] = [];
  for (const id of ids) {
    if (result.length >= max) break;
    if (!result.includes(id)) result.push(id);
  }
  return result;
}

/** The versions related to any of `ids`, and whether the related lists of all of them are loaded. */
export function relatedTo(
  ids: readonly number[],
  related: ReadonlyMap<number, ReadonlySet<number>>,
): { ids: Set<number>; complete: boolean } {
  const result = new Set<number>();
  let complete = true;
  for (const id of ids) {
    const list = related.get(id);
    if (list) for (const other of list) result.add(other);
    else complete = false;
  }
  return { ids: result, complete };
}

/** What a block may hold; `undefined` while the data to decide is loading. */
export interface BlockOptions {
  /** The ids of a system's versions on offer: null when the system is not on offer. */
  versionsOf: (system: number) => readonly number[] | null | undefined;
  /** The assembly versions on offer for a system version. */
  assembliesOf: (version: number) => ReadonlySet<number> | undefined;
}

/**
 * Keeps the choices of a block that its options allow. A choice that depends on a dropped one is
 * dropped with it; a choice that cannot be judged yet is kept and the result is incomplete.
 */
export function checkBlock(
  block: SystemBlock,
  options: BlockOptions,
  dropped: Dropped[],
  blockIndex?: number,
): { block: SystemBlock; complete: boolean } {
  const drop = (field: SelectionField, ids: readonly (number | null)[]) => {
    for (const id of ids)
      if (id !== null)
        dropped.push({ field, value: String(id), ...(blockIndex === undefined ? {} : { block: blockIndex }) });
  };
  const { system, version, assemblies } = block;
  const versions = system === null ? null : options.versionsOf(system);
  if (versions === null) {
    drop('system', [system]);
    drop('version', [version]);
    drop('assembly', assemblies);
    return { block: EMPTY_BLOCK, complete: true };
  }
  if (versions === undefined) return { block, complete: false };
  if (version === null || !versions.includes(version)) {
    drop('version', [version]);
    drop('assembly', assemblies);
    return { block: { system, version: null, assemblies: [] }, complete: true };
  }
  if (assemblies.length === 0) return { block, complete: true };
  const allowed = options.assembliesOf(version);
  if (!allowed) return { block, complete: false };
  drop(
    'assembly',
    assemblies.filter((id) => !allowed.has(id)),
  );
  return { block: { system, version, assemblies: assemblies.filter((id) => allowed.has(id)) }, complete: true };
}

// ---- the URL: ids as decimal numbers, lists comma-separated

const ID_PATTERN = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

const toId = (text: string): number | null => (ID_PATTERN.test(text) && Number(text) <= MAX_ID ? Number(text) : null);

/** Reads one id; anything else there is reported as dropped. */
export function readId(
  params: URLSearchParams,
  key: string,
  field: SelectionField,
  dropped: Dropped[],
  block?: number,
): number | null {
  const text = params.get(key)?.trim();
  if (!text) return null;
  const id = toId(text);
  if (id === null) dropped.push({ field, value: text, ...(block === undefined ? {} : { block }) });
  return id;
}

/** Reads a comma-separated id list under the rules of `limitSelection`; what does not fit is reported. */
export function readIds(
  params: URLSearchParams,
  key: string,
  field: SelectionField,
  max: number,
  dropped: Dropped[],
  block?: number,
): number[] {
  const where = block === undefined ? {} : { block };
  const ids: number[] = [];
  for (const part of (params.get(key) ?? '').split(',')) {
    const text = part.trim();
    if (!text) continue;
    const id = toId(text);
    if (id === null) dropped.push({ field, value: text, ...where });
    else if (!ids.includes(id)) ids.push(id);
  }
  for (const id of ids.slice(max)) dropped.push({ field, value: String(id), ...where });
  return ids.slice(0, max);
}

/** A query string of ids; built by hand so that the commas stay readable in a shared link. */
export function searchOf(entries: ReadonlyArray<readonly [string, number | null | readonly number[]]>): string {
  const parts: string[] = [];
  for (const [key, value] of entries) {
    if (value === null) continue;
    if (typeof value === 'number') parts.push(`${key}=${value}`);
    else if (value.length > 0) parts.push(`${key}=${value.join(',')}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
