import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import { intArray } from '../../db/sql.js';

/** What a label shows of a version. */
export type LabelRow = {
  id: number;
  kind: ItemKind;
  parent_name: string;
  name: string | null;
  name2: string | null;
};

/** The versions with these ids, with their item's name; one row per version found. */
export async function findLabelVersions(db: Executor, ids: number[]): Promise<LabelRow[]> {
  const result = await db.execute<LabelRow>(sql`
    select v.id, v.kind, i.name as parent_name, v.name, v.name2
    from versions v join items i on i.id = v.item_id
    where v.id = any(${intArray(ids)})`);
  return result.rows;
}
