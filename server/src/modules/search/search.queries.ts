import { sql } from 'drizzle-orm';
import type { Executor } from '../../writes/audit.js';
import type { ItemKind } from '../kinds.js';

export type ResultRow = {
  kind: ItemKind;
  version_id: number;
  parent_name: string;
  name: string | null;
  name2: string | null;
};

/** One item's versions, or just one version of it. */
export async function findById(
  db: Executor,
  kind: ItemKind,
  itemId: number,
  versionId: number | null,
): Promise<ResultRow[]> {
  const oneVersion = versionId === null ? sql`` : sql`and v.id = ${versionId}`;
  const result = await db.execute<ResultRow>(sql`
    select v.kind, v.id as version_id, i.name as parent_name, v.name, v.name2
    from versions v join items i on i.id = v.item_id
    where i.kind = ${kind} and i.id = ${itemId} ${oneVersion}
    order by v.name, v.name2, v.id`);
  return result.rows;
}

/** Folds a text with the database's own rule (used to check it agrees with the JavaScript one). */
export async function foldInDatabase(db: Executor, text: string): Promise<string> {
  const result = await db.execute<{ folded: string }>(sql`select dp_fold(${text}) as folded`);
  return result.rows[0]?.folded ?? '';
}
