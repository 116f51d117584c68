import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { executePrepared, intArray } from '../../db/sql.js';
import type { LabelRow } from '../evaluation/evaluation.queries.js';
import type { Status } from './planner.rules.js';

const labelColumns = sql`v.id, v.kind, v.item_id, i.name as parent_name, v.name, v.name2`;

/** The versions with these ids, with their items' names. */
export function versionLabels(db: Executor, ids: readonly number[]): Promise<LabelRow[]> {
  return executePrepared(
    db,
    'planner_labels',
    sql`select ${labelColumns} from versions v join items i on i.id = v.item_id where v.id = any(${intArray(ids)})`,
  );
}

/** Every version of these items, each item's in the natural version order, oldest first (versions_natural_order_idx). */
export function versionsOfItems(db: Executor, itemIds: readonly number[]): Promise<LabelRow[]> {
  return executePrepared(
    db,
    'planner_item_versions',
    sql`select ${labelColumns} from versions v join items i on i.id = v.item_id
         where v.item_id = any(${intArray(itemIds)})
         order by v.item_id, (v.name is null), (coalesce(v.name, '') collate "dp_natural"),
                  (v.name2 is null), (coalesce(v.name2, '') collate "dp_natural"), v.id`,
  );
}

/** Which of these assembly items contain which of these sub-assembly items. */
export function containments(
  db: Executor,
  parents: readonly number[],
  children: readonly number[],
): Promise<Array<{ parent_item_id: number; child_item_id: number }>> {
  return executePrepared(
    db,
    'planner_containments',
    sql`select parent_item_id, child_item_id from item_containments
         where parent_item_id = any(${intArray(parents)}) and child_item_id = any(${intArray(children)})`,
  );
}

export interface PairRow {
  from_version_id: number;
  to_version_id: number;
  status: Status;
  obligation: string;
}

/** Every compatibility between two of these versions, from the pair index (compatibilities_pair_unique). */
export function pairsAmong(db: Executor, ids: readonly number[]): Promise<PairRow[]> {
  const list = intArray(ids);
  return executePrepared(
    db,
    'planner_pairs',
    sql`select c.from_version_id, c.to_version_id, ci.compatibility_status as status, ci.obligation
          from compatibilities c join compatibility_infos ci on ci.id = c.compatibility_info_id
         where c.from_version_id = any(${list}) and c.to_version_id = any(${list})`,
  );
}

/** Every compatibility of a system version with one of these assembly versions (compatibilities_to_idx). */
export function systemPairsOf(db: Executor, assemblies: readonly number[]): Promise<PairRow[]> {
  return executePrepared(
    db,
    'planner_system_pairs',
    sql`select c.from_version_id, c.to_version_id, ci.compatibility_status as status, ci.obligation
          from compatibilities c join compatibility_infos ci on ci.id = c.compatibility_info_id
         where c.to_version_id = any(${intArray(assemblies)}) and c.from_kind = 'system'`,
  );
}
