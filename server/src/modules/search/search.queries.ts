import { sql } from 'drizzle-orm';
import type { Executor } from '../../writes/audit.js';
import type { ItemKind } from '../kinds.js';

export type HintRow = {
  kind: ItemKind;
  item_id: number;
  version_id: number | null;
  parent_name: string;
  name: string | null;
  name2: string | null;
}

export type ResultRow = {
  kind: ItemKind;
  version_id: number;
  parent_name: string;
  name: string | null;
  name2: string | null;
}

const kindOrder = sql`array_position(array['system','assembly','subassembly']::item_kind[], kind)`;

/**
 * Items whose name contains the folded word, and versions whose item name or numbers contain it;
 * hits that start with the word first, an item before its versions. `name_folded` and friends are stored, already folded, so this is a plain scan of short text.
 */
export async function findHints(db: Executor, folded: string, limit: number): Promise<HintRow[]> {
  const result = await db.execute<HintRow>(sql`
    select kind, item_id, version_id, parent_name, name, name2 from (
      select i.kind, i.id as item_id, null::int as version_id, i.name as parent_name, null::text as name, null::text as name2,
             strpos(i.name_folded, ${folded}) as position
      from items i where strpos(i.name_folded, ${folded}) > 0
      union all
      select v.kind, v.item_id, v.id, i.name, v.name, v.name2,
             least(nullif(strpos(i.name_folded, ${folded}), 0), nullif(strpos(v.name_folded, ${folded}), 0), nullif(strpos(v.name2_folded, ${folded}), 0))
      from versions v join items i on i.id = v.item_id
      where strpos(i.name_folded, ${folded}) > 0 or strpos(v.name_folded, ${folded}) > 0 or strpos(v.name2_folded, ${folded}) > 0
    ) hits
    order by position = 1 desc, ${kindOrder}, parent_name, version_id nulls first, name, name2
    limit ${limit}`);
  return result.rows;
}

/**
 * Full search (SPEC 5): versions whose parent name, name or name2 contains `search`, kept only when the
 * whole typed text contains one of those fields or one of them contains the typed text.
 */
export async function findVersions(db: Executor, search: string, typed: string, limitPerKind: number): Promise<ResultRow[]> {
  const result = await db.execute<ResultRow>(sql`
    select kind, version_id, parent_name, name, name2 from (
      select v.kind, v.id as version_id, i.name as parent_name, v.name, v.name2,
             row_number() over (partition by v.kind order by i.name, v.name, v.name2, v.id) as rank
      from versions v join items i on i.id = v.item_id
      where (strpos(i.name_folded, ${search}) > 0 or strpos(v.name_folded, ${search}) > 0 or strpos(v.name2_folded, ${search}) > 0)
        and (strpos(i.name_folded, ${typed}) > 0 or strpos(v.name_folded, ${typed}) > 0 or strpos(v.name2_folded, ${typed}) > 0
             or strpos(${typed}, i.name_folded) > 0
             or (v.name_folded <> '' and strpos(${typed}, v.name_folded) > 0)
             or (v.name2_folded <> '' and strpos(${typed}, v.name2_folded) > 0))
    ) hits
    where rank <= ${limitPerKind}
    order by ${kindOrder}, parent_name, name, name2`);
  return result.rows;
}

/** One item's versions, or just one version of it. */
export async function findById(db: Executor, kind: ItemKind, itemId: number, versionId: number | null): Promise<ResultRow[]> {
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
