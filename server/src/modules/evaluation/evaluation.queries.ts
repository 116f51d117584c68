import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import type { compatibilities, compatibilityInfos, versions } from '../../db/schema.js';
import { executePrepared, intArray, type SqlRow } from '../../db/sql.js';

export type LabelRow = Pick<SqlRow<typeof versions>, 'id' | 'kind' | 'item_id' | 'name' | 'name2'> & {
  parent_name: string;
};

export async function versionLabels(db: Executor, kind: ItemKind, ids: number[]): Promise<LabelRow[]> {
  if (ids.length === 0) return [];
  return executePrepared(
    db,
    'version_labels',
    sql`
    select v.id, v.kind, v.item_id, i.name as parent_name, v.name, v.name2
    from versions v join items i on i.id = v.item_id
    where v.kind = ${kind} and v.id = any(${intArray(ids)})`,
  );
}

export type CellRow = Pick<SqlRow<typeof compatibilities>, 'from_version_id' | 'to_version_id'> &
  Pick<SqlRow<typeof compatibilityInfos>, 'obligation'> & {
    status: SqlRow<typeof compatibilityInfos>['compatibility_status'];
  };

/** Compatibilities between any of `a` and any of `b`, whichever way they are stored. */
export async function cellsBetween(db: Executor, a: number[], b: number[]): Promise<CellRow[]> {
  return executePrepared(
    db,
    'cells_between',
    sql`
    select c.from_version_id, c.to_version_id, ci.compatibility_status as status, ci.obligation
    from compatibilities c join compatibility_infos ci on ci.id = c.compatibility_info_id
    where (c.from_version_id = any(${intArray(a)}) and c.to_version_id = any(${intArray(b)}))
       or (c.from_version_id = any(${intArray(b)}) and c.to_version_id = any(${intArray(a)}))`,
  );
}
