import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { CompatibilityStatus } from '@dp/contract';
import { intArray } from '../../db/sql.js';

export type SystemVersionRow = {
  id: number;
  item_id: number;
  system_name: string;
  version_name: string;
};

/** The versions of every system, or of one; the service puts them in screen order. */
export async function systemVersions(db: Executor, systemId: number | undefined): Promise<SystemVersionRow[]> {
  const only = systemId === undefined ? sql`` : sql`and i.id = ${systemId}`;
  const result = await db.execute<SystemVersionRow>(sql`
    select v.id, i.id as item_id, i.name as system_name, v.name as version_name
    from versions v join items i on i.id = v.item_id
    where v.kind = 'system' ${only}`);
  return result.rows;
}

export async function systemName(db: Executor, systemId: number): Promise<string | null> {
  const result = await db.execute<{ name: string }>(
    sql`select name from items where id = ${systemId} and kind = 'system'`,
  );
  return result.rows[0]?.name ?? null;
}

/** When the data last changed (the time clients poll), or null before the first change. */
export async function dataModifiedMs(db: Executor): Promise<number | null> {
  const result = await db.execute<{ ms: number }>(
    sql`select (extract(epoch from modification_time) * 1000)::float8 as ms from data_info where id = 1`,
  );
  return result.rows[0]?.ms ?? null;
}

export type ReportRow = {
  system_version_id: number;
  assembly: string;
  part_number: string | null;
  material_number: string | null;
  status: CompatibilityStatus;
  /** Whole seconds, so a spreadsheet never rounds 12:00:59.7 up to the next minute. */
  modified_ms: number;
  /** Only when asked for (not for extern). */
  obligation?: string;
  references?: string[];
  comments?: { author: string; comment: string; ms: number }[];
};

export interface ReportColumns {
  /** Obligation text and references (intern, admin). */
  details: boolean;
  /** Comments (admin). */
  comments: boolean;
}

/**
 * Opens a cursor over the system–assembly compatibilities of the given system versions, ordered as
 * the versions are given, then by assembly and assembly version. Run it inside a transaction and read
 * it with `fetchReportRows`: PostgreSQL sorts once and hands out pages, so neither side ever holds the
 * whole report. Columns the reader may not see are not even selected.
 */
export async function openReportCursor(
  db: Executor,
  cursor: string,
  systemVersionIds: readonly number[],
  columns: ReportColumns,
): Promise<void> {
  const details = columns.details
    ? sql`, ci.obligation,
         coalesce((select array_agg(r.reference order by r.reference)
                   from compatibility_references cr join "references" r on r.id = cr.reference_id
                   where cr.compatibility_id = c.id), '{}') as "references"`
    : sql``;
  const comments = columns.comments
    ? sql`, coalesce((select json_agg(json_build_object('author', cm.author, 'comment', cm.comment,
                                                         'ms', extract(epoch from date_trunc('second', cm.creation_time)) * 1000)
                                      order by cm.creation_time, cm.id)
                      from comments cm where cm.compatibility_id = c.id), '[]') as comments`
    : sql``;
  // Stored pairs are oriented system → assembly (kindRank), so a system version is always `from`.
  await db.execute(sql`
    declare ${sql.identifier(cursor)} no scroll cursor for
    select c.from_version_id as system_version_id, ai.name as assembly, a.name as part_number, a.name2 as material_number,
           ci.compatibility_status as status,
           (extract(epoch from date_trunc('second', c.modification_time)) * 1000)::float8 as modified_ms
           ${details} ${comments}
    from unnest(${intArray(systemVersionIds)}) with ordinality as sv(id, rank)
    join compatibilities c on c.from_version_id = sv.id and c.to_kind = 'assembly'
    join compatibility_infos ci on ci.id = c.compatibility_info_id
    join versions a on a.id = c.to_version_id
    join items ai on ai.id = a.item_id
    order by sv.rank, ai.name, ai.id, a.name, a.name2, a.id`);
}

/** The next page of an open report cursor; fewer than `count` rows means it is exhausted. */
export async function fetchReportRows(db: Executor, cursor: string, count: number): Promise<ReportRow[]> {
  const result = await db.execute<ReportRow>(
    sql`fetch forward ${sql.raw(String(Math.trunc(count)))} from ${sql.identifier(cursor)}`,
  );
  return result.rows;
}
