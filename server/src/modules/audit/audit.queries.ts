import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';

export type HistoryRow = {
  id: number;
  at: Date;
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  change_set: string;
  /** Whether the entity the entry is about still exists. */
  present: boolean;
};

export interface HistoryFilter {
  entity?: string;
  entityId?: string;
  actor?: string;
  from?: string;
  to?: string;
  /** Only entries older than this one: the next page. */
  beforeId?: number;
  /** Rows to read: a page and one more, which tells whether another page follows. */
  limit: number;
}

// Whether an entry's entity is still there, from its id or, for a pair, the two ids of its href.
const PRESENT = sql.raw(`case
  when a.entity in ('system', 'assembly', 'subassembly')
    then exists (select 1 from items x where x.id = k.id and x.kind::text = a.entity)
  when a.entity in ('system_version', 'assembly_version', 'subassembly_version')
    then exists (select 1 from versions x where x.id = k.id)
  when a.entity = 'compatibility_info' then exists (select 1 from compatibility_infos x where x.id = k.id)
  when a.entity = 'reference' then exists (select 1 from "references" x where x.id = k.id)
  when a.entity = 'comment' then exists (select 1 from comments x where x.id = k.id)
  when a.entity = 'compatibility' then exists (select 1 from compatibilities x
    where (x.from_version_id = k.pair[1] and x.to_version_id = k.pair[2]) or (x.from_version_id = k.pair[2] and x.to_version_id = k.pair[1]))
  when a.entity = 'containment' then exists (select 1 from item_containments x
    where x.parent_item_id = k.pair[1] and x.child_item_id = k.pair[2])
  when a.entity = 'version_relation' then exists (select 1 from version_relations x
    where (x.from_version_id = k.pair[1] and x.to_version_id = k.pair[2]) or (x.from_version_id = k.pair[2] and x.to_version_id = k.pair[1]))
  else false end`);

/** History entries matching the filter, newest first. */
export async function historyEntries(db: Executor, filter: HistoryFilter): Promise<HistoryRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.entity) conditions.push(sql`a.entity = ${filter.entity}`);
  if (filter.entityId) conditions.push(sql`a.entity_id = ${filter.entityId}`);
  if (filter.actor) conditions.push(sql`a.actor = ${filter.actor}`);
  if (filter.from) conditions.push(sql`a.at >= ${filter.from}::timestamptz`);
  if (filter.to) conditions.push(sql`a.at <= ${filter.to}::timestamptz`);
  if (filter.beforeId) conditions.push(sql`a.id < ${filter.beforeId}`);
  const result = await db.execute<HistoryRow>(sql`
    select a.id::int as id, a.at, a.actor, a.action, a.entity, a.entity_id, a.before, a.after,
           a.change_set::text as change_set, ${PRESENT} as present
      from (select * from audit_log a where ${sql.join(conditions, sql` and `)} order by a.id desc limit ${filter.limit}) a
      cross join lateral (
        select case when a.entity_id ~ '^[0-9]{1,9}$' then a.entity_id::int end as id,
               array(select m[1]::int from regexp_matches(a.entity_id, '/([0-9]{1,9})(?=/|$)', 'g') m) as pair) k
     order by a.id desc`);
  return result.rows.map((row) => ({ ...row, at: new Date(row.at) }));
}
