import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import type { dataInfo, items, versions } from '../../db/schema.js';
import {
  containingFolded,
  containsFolded,
  naturally,
  sortedByColumn,
  type ColumnKey,
  type SortColumn,
  type SqlRow,
} from '../../db/sql.js';

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
/*
 * Items by name, an item's versions by their numbers, all in natural order ("2.10" after "2.9"); versions
 * without a name or name2 after those with one. These expressions are those of items_kind_name_natural_idx
 * and versions_natural_order_idx, so PostgreSQL reads the listings in order from them.
 */
const itemName = naturally(sql`i.name`);
export const inItemOrder = sql`v.name is null, ${naturally(sql`coalesce(v.name, '')`)}, v.name2 is null,
  ${naturally(sql`coalesce(v.name2, '')`)}, v.id`;
// Item names are unique per kind, so the item's name and the order within it are the whole order.
const versionOrder = sql`${itemName}, ${inItemOrder}`;

/** A kind's items in listing order. */
export const itemsOfKind = (kind: ItemKind) =>
  sql`select ${itemColumns} from items i where i.kind = ${kind} order by ${itemName}`;

/**
 * A kind's versions (or one item's) in listing order: by item in the items' order (names are unique per
 * kind and the collation is deterministic, so that order is total), then naturally within each item.
 */
export function versionsOfKind(kind: ItemKind, itemId?: number) {
  const byItem = itemId === undefined ? sql`` : sql`and v.item_id = ${itemId}`;
  return sql`select ${versionColumns} from versions v join items i on i.id = v.item_id
        where v.kind = ${kind} ${byItem} order by ${versionOrder}`;
}

export async function listItems(db: Executor, kind: ItemKind): Promise<ItemRow[]> {
  return (await db.execute<ItemRow>(itemsOfKind(kind))).rows;
}

/** How GET /api/{kind}/page orders: a column of items, ascending or descending, then the id. */
export interface ItemOrder {
  column: 'name' | 'creation_time' | 'modification_time' | 'updated_by';
  desc: boolean;
}

const itemSortExpressions: Record<ItemOrder['column'], SortColumn> = {
  name: { expression: itemName, type: sql`text` },
  creation_time: { expression: sql`i.creation_time`, type: sql`timestamptz` },
  modification_time: { expression: sql`i.modification_time`, type: sql`timestamptz` },
  updated_by: { expression: sql`i.updated_by`, type: sql`text` },
};

/**
 * One keyset page of a kind's items in `order`, optionally only those whose name or last editor contains
 * a text (folded like the search); each row carries its sort value as text for the next cursor. Asks for
 * `limit` rows; the caller asks one more to learn whether a next page exists.
 */
export async function listItemPage(
  db: Executor,
  kind: ItemKind,
  {
    order,
    name,
    updatedBy,
    after,
    limit,
  }: { order: ItemOrder; name: string | null; updatedBy: string | null; after: ColumnKey | null; limit: number },
): Promise<Array<ItemRow & { sort_value: string }>> {
  const page = sortedByColumn(itemSortExpressions[order.column], sql`i.id`, order.desc, after);
  const byName = name === null ? sql`` : sql`and ${containsFolded(sql`i.name_folded`, name)}`;
  const byEditor = updatedBy === null ? sql`` : sql`and dp_fold(i.updated_by) like ${containingFolded(updatedBy)}`;
  const result = await db.execute<ItemRow & { sort_value: string }>(sql`
    select ${itemColumns}, ${page.sortValue} as sort_value from items i
    where i.kind = ${kind} ${byName} ${byEditor} ${page.after}
    order by ${page.order}
    limit ${limit}`);
  return result.rows;
}

export async function findItem(db: Executor, kind: ItemKind, id: number): Promise<ItemRow | null> {
  const result = await db.execute<ItemRow>(
    sql`select ${itemColumns} from items i where i.kind = ${kind} and i.id = ${id}`,
  );
  return result.rows[0] ?? null;
}

export async function listVersions(db: Executor, kind: ItemKind, itemId?: number): Promise<VersionRow[]> {
  return (await db.execute<VersionRow>(versionsOfKind(kind, itemId))).rows;
}

/** Where a page ends: the sort key of its last version (the item's name and id, the version's names and id). */
export interface VersionKey {
  itemName: string;
  itemId: number;
  name: string | null;
  name2: string | null;
  id: number;
}

/**
 * The folded label (item name, name, name2; empty parts left out) from the stored folded columns:
 * equal to dp_fold() of the label, without folding every row again while the list is walked.
 */
const foldedLabel = sql`concat_ws(' ', nullif(i.name_folded, ''), nullif(v.name_folded, ''), nullif(v.name2_folded, ''))`;

/**
 * A text filter: the label must contain `text`, both folded by dp_fold(); `word`, its longest word, lies within
 * one part of the label (the parts are joined by spaces), so its trigram indexes narrow the items.
 */
export interface VersionFilter {
  text: string;
  word: string;
}

/** Only items that can hold a match: the filter's word is within their name or one of their versions' numbers. */
const candidateItemsOf = (kind: ItemKind, filter: VersionFilter) =>
  sql`and (${containsFolded(sql`i.name_folded`, filter.word)} or i.id in (
          select item_id from versions where kind = ${kind}
            and (${containsFolded(sql`name_folded`, filter.word)} or ${containsFolded(sql`name2_folded`, filter.word)})))`;

/**
 * One keyset page of a kind's versions in listing order (as listVersions): items walked in name order
 * (items_kind_name_natural_idx), each item's versions in natural order (versions_natural_order_idx), so the
 * database reads about `limit` rows whatever the size of the catalog; a filter is checked on the way.
 * Asks for `limit` rows; the caller asks one more to learn whether a next page exists.
 */
export async function listVersionPage(
  db: Executor,
  kind: ItemKind,
  { filter, after, limit }: { filter: VersionFilter | null; after: VersionKey | null; limit: number },
): Promise<VersionRow[]> {
  const matching = filter === null ? sql`` : sql`and ${foldedLabel} like ${containingFolded(filter.text)}`;
  const candidateItems = filter === null ? sql`` : candidateItemsOf(kind, filter);
  // The rest of the item the last page ended in; then the items after it, from their first version.
  const restOfItem = after
    ? sql`(select ${versionColumns}, 0 as part from versions v join items i on i.id = v.item_id
          where v.item_id = ${after.itemId} and v.kind = ${kind}
            and (${inItemOrder}) > (${after.name === null}, ${after.name ?? ''}, ${after.name2 === null},
                                  ${after.name2 ?? ''}, ${after.id}) ${matching}
          order by ${inItemOrder} limit ${limit})
        union all`
    : sql``;
  const laterItems = after ? sql`and ${itemName} > ${after.itemName}` : sql``;
  const result = await db.execute<VersionRow>(sql`
    select * from (
      ${restOfItem}
      (select ${versionColumns}, 1 as part from items i
        cross join lateral (
          select * from versions v where v.item_id = i.id ${matching} order by ${inItemOrder} limit ${limit}
        ) v
        where i.kind = ${kind} ${laterItems} ${candidateItems}
        order by ${versionOrder} limit ${limit})
    ) page
    order by part, ${naturally(sql`parent_name`)}, name is null, ${naturally(sql`coalesce(name, '')`)},
      name2 is null, ${naturally(sql`coalesce(name2, '')`)}, id
    limit ${limit}`);
  return result.rows;
}

/**
 * The first version in listing order whose folded label equals the filter's text, else the first whose
 * label contains it: where a browser link's `data` leads (SPEC 2). The filter's word narrows the items
 * through their trigram indexes, as in listVersionPage.
 */
export async function findVersionByLabel(
  db: Executor,
  kind: ItemKind,
  filter: VersionFilter,
): Promise<VersionRow | null> {
  const result = await db.execute<VersionRow>(sql`
    select ${versionColumns} from versions v join items i on i.id = v.item_id
    where v.kind = ${kind} and ${foldedLabel} like ${containingFolded(filter.text)} ${candidateItemsOf(kind, filter)}
    order by ${foldedLabel} = dp_fold(${filter.text}) desc, ${versionOrder}
    limit 1`);
  return result.rows[0] ?? null;
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
