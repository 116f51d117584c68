import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import type { dataInfo, items, versions } from '../../db/schema.js';
import type { SqlRow } from '../../db/sql.js';

export type ItemRow = Omit<SqlRow<typeof items>, 'name_folded'>;

export type VersionRow = Omit<SqlRow<typeof versions>, 'name_folded' | 'name2_folded'> & {
  parent_name: string;
  parent_description: string;
};

const itemColumns = sql`i.id, i.kind, i.name, i.description, i.image_original, i.image_thumbnail,
  i.creation_time, i.modification_time, i.created_by, i.updated_by, i.revision`;
const versionColumns = sql`v.id, v.item_id, v.kind, v.name, v.name2, v.description, v.rscp_link, v.image_original,
  v.image_thumbnail, v.creation_time, v.modification_time, v.created_by, v.updated_by, v.revision,
  i.name as parent_name, i.description as parent_description`;
// Natural order of version numbers ("2.10" after "2.9"): compare the runs of digits as numbers.
const versionOrder = sql`i.name,
  (select array_agg(t.m[1]::numeric) from regexp_matches(coalesce(v.name, ''), '[0-9]+', 'g') as t(m)),
  v.name, v.name2, v.id`;

export async function listItems(db: Executor, kind: ItemKind): Promise<ItemRow[]> {
  const result = await db.execute<ItemRow>(
    sql`select ${itemColumns} from items i where i.kind = ${kind} order by i.name`,
  );
  return result.rows;
}

export async function findItem(db: Executor, kind: ItemKind, id: number): Promise<ItemRow | null> {
  const result = await db.execute<ItemRow>(
    sql`select ${itemColumns} from items i where i.kind = ${kind} and i.id = ${id}`,
  );
  return result.rows[0] ?? null;
}

export async function listVersions(db: Executor, kind: ItemKind, itemId?: number): Promise<VersionRow[]> {
  const byItem = itemId === undefined ? sql`` : sql`and v.item_id = ${itemId}`;
  const result = await db.execute<VersionRow>(
    sql`select ${versionColumns} from versions v join items i on i.id = v.item_id
        where v.kind = ${kind} ${byItem} order by ${versionOrder}`,
  );
  return result.rows;
}

export async function findVersion(db: Executor, kind: ItemKind, id: number): Promise<VersionRow | null> {
  const result = await db.execute<VersionRow>(
    sql`select ${versionColumns} from versions v join items i on i.id = v.item_id where v.kind = ${kind} and v.id = ${id}`,
  );
  return result.rows[0] ?? null;
}

type DataInfoRow = SqlRow<typeof dataInfo>;

export async function readModificationTime(db: Executor): Promise<DataInfoRow['modification_time']> {
  const result = await db.execute<Pick<DataInfoRow, 'modification_time'>>(
    sql`select modification_time from data_info where id = 1`,
  );
  return result.rows[0]?.modification_time ?? new Date(0);
}
