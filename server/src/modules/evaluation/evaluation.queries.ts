import { sql } from 'drizzle-orm';
import type { Executor } from '../../writes/audit.js';
import type { ItemKind } from '../kinds.js';
import { intArray } from '../sql.js';

export type LabelRow = {
  id: number;
  kind: ItemKind;
  item_id: number;
  parent_name: string;
  name: string | null;
  name2: string | null;
};

export async function versionLabels(db: Executor, kind: ItemKind, ids: number[]): Promise<LabelRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<LabelRow>(sql`
    select v.id, v.kind, v.item_id, i.name as parent_name, v.name, v.name2
    from versions v join items i on i.id = v.item_id
    where v.kind = ${kind} and v.id = any(${intArray(ids)})`);
  return result.rows;
}

export type CellRow = {
  from_version_id: number;
  to_version_id: number;
  status: 'allowed' | 'conditional' | 'forbidden' | 'irrelevant';
  obligation: string;
};

/** Compatibilities between any of `a` and any of `b`, whichever way they are stored. */
export async function cellsBetween(db: Executor, a: number[], b: number[]): Promise<CellRow[]> {
  const result = await db.execute<CellRow>(sql`
    select c.from_version_id, c.to_version_id, ci.compatibility_status as status, ci.obligation
    from compatibilities c join compatibility_infos ci on ci.id = c.compatibility_info_id
    where (c.from_version_id = any(${intArray(a)}) and c.to_version_id = any(${intArray(b)}))
       or (c.from_version_id = any(${intArray(b)}) and c.to_version_id = any(${intArray(a)}))`);
  return result.rows;
}
