import type { ReferenceSortColumn } from '@dp/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemRow, VersionRow } from '../catalog/catalog.queries.js';
import { onlyRow } from '../../db/rows.js';
import * as catalog from '../catalog/catalog.queries.js';
import type { ItemKind } from '../../db/kinds.js';
import type { compatibilities, compatibilityInfos, compatibilityReferences, references } from '../../db/schema.js';
import {
  containingFolded,
  intArray,
  naturally,
  sortedByColumn,
  type ColumnKey,
  type SortColumn,
  type SqlRow,
} from '../../db/sql.js';

/** Reads back a row this transaction has just written: not finding it is a broken invariant, not a user error. */
async function reread<T>(row: Promise<T | null>): Promise<T> {
  const found = await row;
  if (found === null) throw new Error('A row written in this transaction could not be read back');
  return found;
}

/** The item, locked for the rest of the transaction. */
export async function lockItem(tx: Executor, kind: ItemKind, id: number): Promise<ItemRow | null> {
  await tx.execute(sql`select 1 from items where kind = ${kind} and id = ${id} for update`);
  return catalog.findItem(tx, kind, id);
}

export async function insertItem(
  tx: Executor,
  kind: ItemKind,
  actor: string,
  v: { name: string; description: string; image: Image },
) {
  const result = await tx.execute<{ id: number }>(sql`
    insert into items (kind, name, description, image_original, image_thumbnail, created_by, updated_by)
    values (${kind}, ${v.name}, ${v.description}, ${v.image?.original ?? null}, ${v.image?.thumbnail ?? null}, ${actor}, ${actor})
    returning id`);
  return reread(catalog.findItem(tx, kind, onlyRow(result.rows).id));
}

type Image = { original: string; thumbnail: string } | null;

export async function updateItem(
  tx: Executor,
  row: ItemRow,
  actor: string,
  v: { name: string; description: string; image: Image },
) {
  await tx.execute(sql`
    update items set name = ${v.name}, description = ${v.description}, image_original = ${v.image?.original ?? null},
      image_thumbnail = ${v.image?.thumbnail ?? null}, updated_by = ${actor}, modification_time = clock_timestamp(),
      revision = revision + 1
    where id = ${row.id}`);
  return reread(catalog.findItem(tx, row.kind, row.id));
}

export async function deleteById(
  tx: Executor,
  table: 'items' | 'versions' | 'references' | 'compatibility_infos',
  id: number,
) {
  await tx.execute(sql`delete from ${sql.identifier(table)} where id = ${id}`);
}

export async function countVersions(tx: Executor, itemId: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from versions where item_id = ${itemId}`,
  );
  return result.rows[0]?.n ?? 0;
}

export async function lockVersion(tx: Executor, kind: ItemKind, id: number): Promise<VersionRow | null> {
  await tx.execute(sql`select 1 from versions where kind = ${kind} and id = ${id} for update`);
  return catalog.findVersion(tx, kind, id);
}

export interface VersionValues {
  name: string | null;
  name2: string | null;
  description: string;
  rscp_link: string | null;
  image: Image;
}

export async function insertVersion(tx: Executor, kind: ItemKind, itemId: number, actor: string, v: VersionValues) {
  const result = await tx.execute<{ id: number }>(sql`
    insert into versions (item_id, kind, name, name2, description, rscp_link, image_original, image_thumbnail, created_by, updated_by)
    values (${itemId}, ${kind}, ${v.name}, ${v.name2}, ${v.description}, ${v.rscp_link}, ${v.image?.original ?? null},
      ${v.image?.thumbnail ?? null}, ${actor}, ${actor})
    returning id`);
  return reread(catalog.findVersion(tx, kind, onlyRow(result.rows).id));
}

export async function updateVersion(tx: Executor, row: VersionRow, actor: string, v: VersionValues) {
  await tx.execute(sql`
    update versions set name = ${v.name}, name2 = ${v.name2}, description = ${v.description}, rscp_link = ${v.rscp_link},
      image_original = ${v.image?.original ?? null}, image_thumbnail = ${v.image?.thumbnail ?? null}, updated_by = ${actor},
      modification_time = clock_timestamp(), revision = revision + 1
    where id = ${row.id}`);
  return reread(catalog.findVersion(tx, row.kind, row.id));
}

export async function countCompatibilitiesOfVersion(tx: Executor, versionId: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from compatibilities where from_version_id = ${versionId} or to_version_id = ${versionId}`,
  );
  return result.rows[0]?.n ?? 0;
}

export async function countVersionRelationsOfVersion(tx: Executor, versionId: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from version_relations where from_version_id = ${versionId} or to_version_id = ${versionId}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** A compatibility of one version as it was just before its delete, for the audit log. */
export type VersionCompatibility = CopiedPair & { id: number; compatibility_info_id: number; references: number[] };

/** The version's compatibilities (either side) with their reference ids, locked for this transaction. */
export async function lockCompatibilitiesOfVersion(tx: Executor, versionId: number): Promise<VersionCompatibility[]> {
  const result = await tx.execute<VersionCompatibility>(sql`
    select c.id, c.from_version_id, c.from_kind, c.to_version_id, c.to_kind, c.compatibility_info_id,
           coalesce((select array_agg(cr.reference_id order by cr.reference_id)
                     from compatibility_references cr where cr.compatibility_id = c.id), '{}') as "references"
    from compatibilities c
    where c.from_version_id = ${versionId} or c.to_version_id = ${versionId}
    order by c.id
    for update of c`);
  return result.rows;
}

/** Deletes the version's compatibilities; their references and comments go with them (ON DELETE CASCADE). */
export async function deleteCompatibilitiesOfVersion(tx: Executor, versionId: number) {
  await tx.execute(
    sql`delete from compatibilities where from_version_id = ${versionId} or to_version_id = ${versionId}`,
  );
}

/** A compatibility or version relation as the copy created it, for the audit log. */
export type CopiedPair = Pick<
  SqlRow<typeof compatibilities>,
  'from_version_id' | 'from_kind' | 'to_version_id' | 'to_kind'
>;

export interface CopiedRelations {
  compatibilities: Array<
    CopiedPair & Pick<SqlRow<typeof compatibilities>, 'compatibility_info_id'> & { references: number[] }
  >;
  versionRelations: CopiedPair[];
}

/**
 * Gives the copy every compatibility (with its references) and version relation of the original.
 * A same-kind pair keeps the smaller id first; the copy's id is the largest, so it goes second.
 */
export async function copyRelations(
  tx: Executor,
  fromId: number,
  toId: number,
  actor: string,
): Promise<CopiedRelations> {
  const copied = await tx.execute<
    CopiedPair & Pick<SqlRow<typeof compatibilities>, 'id' | 'compatibility_info_id'> & { original_id: number }
  >(sql`
    with source as (
      select c.id as original_id,
             case when c.from_version_id = ${fromId} then ${toId} else c.from_version_id end as new_from,
             c.from_kind,
             case when c.to_version_id = ${fromId} then ${toId} else c.to_version_id end as new_to,
             c.to_kind, c.compatibility_info_id
      from compatibilities c where c.from_version_id = ${fromId} or c.to_version_id = ${fromId}
    ), oriented as (
      select original_id, from_kind, to_kind, compatibility_info_id,
             case when from_kind = to_kind then least(new_from, new_to) else new_from end as f,
             case when from_kind = to_kind then greatest(new_from, new_to) else new_to end as t
      from source
    ), inserted as (
      insert into compatibilities (from_version_id, from_kind, to_version_id, to_kind, compatibility_info_id, created_by, updated_by)
      select f, from_kind, t, to_kind, compatibility_info_id, ${actor}, ${actor} from oriented order by original_id
      returning id, from_version_id, from_kind, to_version_id, to_kind, compatibility_info_id
    )
    select i.*, o.original_id from inserted i join oriented o on o.f = i.from_version_id and o.t = i.to_version_id`);
  const references = new Map<number, number[]>();
  if (copied.rows.length > 0) {
    const pairs = copied.rows;
    const linked = await tx.execute<SqlRow<typeof compatibilityReferences>>(sql`
      insert into compatibility_references (compatibility_id, reference_id)
      select p.id, cr.reference_id
      from unnest(${intArray(pairs.map((p) => p.id))}, ${intArray(pairs.map((p) => p.original_id))}) as p(id, original_id)
      join compatibility_references cr on cr.compatibility_id = p.original_id
      returning compatibility_id, reference_id`);
    for (const link of linked.rows)
      references.set(link.compatibility_id, [...(references.get(link.compatibility_id) ?? []), link.reference_id]);
  }
  const relations = await tx.execute<CopiedPair>(sql`
    insert into version_relations (from_version_id, from_kind, to_version_id, to_kind, created_by)
    select case when r.from_kind = r.to_kind then least(x.f, x.t) else x.f end,
           r.from_kind,
           case when r.from_kind = r.to_kind then greatest(x.f, x.t) else x.t end,
           r.to_kind, ${actor}
    from version_relations r
    cross join lateral (select case when r.from_version_id = ${fromId} then ${toId} else r.from_version_id end as f,
                               case when r.to_version_id = ${fromId} then ${toId} else r.to_version_id end as t) x
    where r.from_version_id = ${fromId} or r.to_version_id = ${fromId}
    returning from_version_id, from_kind, to_version_id, to_kind`);
  return {
    compatibilities: copied.rows.map(
      ({ id, from_version_id, from_kind, to_version_id, to_kind, compatibility_info_id }) => ({
        from_version_id,
        from_kind,
        to_version_id,
        to_kind,
        compatibility_info_id,
        references: (references.get(id) ?? []).sort((a, b) => a - b),
      }),
    ),
    versionRelations: relations.rows,
  };
}

export type ReferenceRow = SqlRow<typeof references>;

const referenceColumns = sql`id, reference, description, creation_time, modification_time, created_by, updated_by, revision`;

/** The references' listing order: by name, naturally (references_natural_order_idx). */
const referenceOrder = naturally(sql`reference`);

export async function listReferences(tx: Executor): Promise<ReferenceRow[]> {
  return (await tx.execute<ReferenceRow>(sql`select ${referenceColumns} from "references" order by ${referenceOrder}`))
    .rows;
}

/**
 * How GET /api/references/page sorts: names in natural order, as the items (references_natural_order_idx;
 * the other orders sort the table, 12,500 references at L). A description runs to 4,000 characters, more
 * than a cursor carries, so descriptions sort by their first 100 (then by id).
 */
const referenceSortExpressions: Record<ReferenceSortColumn, SortColumn> = {
  reference: { expression: naturally(sql`r.reference`), type: sql`text` },
  description: { expression: naturally(sql`left(r.description, 100)`), type: sql`text` },
  creation_time: { expression: sql`r.creation_time`, type: sql`timestamptz` },
  modification_time: { expression: sql`r.modification_time`, type: sql`timestamptz` },
  updated_by: { expression: sql`r.updated_by`, type: sql`text` },
};

/** One page of the references in `order`, optionally only those whose columns contain the filters' texts. */
export async function listReferencePage(
  tx: Executor,
  {
    order,
    filters,
    after,
    limit,
  }: {
    order: { column: ReferenceSortColumn; desc: boolean };
    filters: { reference: string | null; description: string | null; updated_by: string | null };
    after: ColumnKey | null;
    limit: number;
  },
): Promise<Array<ReferenceRow & { sort_value: string }>> {
  const page = sortedByColumn(referenceSortExpressions[order.column], sql`r.id`, order.desc, after);
  const filtered = Object.entries(filters).map(([column, text]) =>
    text === null
      ? sql``
      : sql`and dp_fold(${sql.identifier('r')}.${sql.identifier(column)}) like ${containingFolded(text)}`,
  );
  const result = await tx.execute<ReferenceRow & { sort_value: string }>(sql`
    select ${referenceColumns}, ${page.sortValue} as sort_value from "references" r
    where true ${sql.join(filtered, sql` `)} ${page.after}
    order by ${page.order}
    limit ${limit}`);
  return result.rows;
}

/** Every reference's id and name, in the order of GET /api/references. */
export async function listReferenceNames(tx: Executor): Promise<Array<Pick<ReferenceRow, 'id' | 'reference'>>> {
  return (
    await tx.execute<Pick<ReferenceRow, 'id' | 'reference'>>(
      sql`select id, reference from "references" order by ${referenceOrder}`,
    )
  ).rows;
}

export async function findReference(tx: Executor, id: number, lock = false): Promise<ReferenceRow | null> {
  const forUpdate = lock ? sql`for update` : sql``;
  return (
    (await tx.execute<ReferenceRow>(sql`select ${referenceColumns} from "references" where id = ${id} ${forUpdate}`))
      .rows[0] ?? null
  );
}

export async function insertReference(tx: Executor, actor: string, v: { reference: string; description: string }) {
  const result = await tx.execute<ReferenceRow>(sql`
    insert into "references" (reference, description, created_by, updated_by) values (${v.reference}, ${v.description}, ${actor}, ${actor})
    returning ${referenceColumns}`);
  return onlyRow(result.rows);
}

export async function updateReference(
  tx: Executor,
  id: number,
  actor: string,
  v: { reference: string; description: string },
) {
  const result = await tx.execute<ReferenceRow>(sql`
    update "references" set reference = ${v.reference}, description = ${v.description}, updated_by = ${actor},
      modification_time = clock_timestamp(), revision = revision + 1
    where id = ${id} returning ${referenceColumns}`);
  return onlyRow(result.rows);
}

export async function countReferenceUses(tx: Executor, id: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from compatibility_references where reference_id = ${id}`,
  );
  return result.rows[0]?.n ?? 0;
}

type StoredInfo = SqlRow<typeof compatibilityInfos>;
export type InfoRow = Pick<StoredInfo, 'id' | 'obligation' | 'modification_time' | 'updated_by' | 'revision'> & {
  status: StoredInfo['compatibility_status'];
};

const infoColumns = sql`id, compatibility_status as status, obligation, modification_time, updated_by, revision`;

export async function findInfo(tx: Executor, id: number, lock = false): Promise<InfoRow | null> {
  const forUpdate = lock ? sql`for update` : sql``;
  return (
    (await tx.execute<InfoRow>(sql`select ${infoColumns} from compatibility_infos where id = ${id} ${forUpdate}`))
      .rows[0] ?? null
  );
}

export async function insertInfo(
  tx: Executor,
  actor: string,
  v: { compatibility_status: InfoRow['status']; obligation: string },
) {
  const result = await tx.execute<InfoRow>(sql`
    insert into compatibility_infos (compatibility_status, obligation, created_by, updated_by)
    values (${v.compatibility_status}, ${v.obligation}, ${actor}, ${actor}) returning ${infoColumns}`);
  return onlyRow(result.rows);
}

export async function updateInfo(
  tx: Executor,
  id: number,
  actor: string,
  v: { compatibility_status: InfoRow['status']; obligation: string },
) {
  const result = await tx.execute<InfoRow>(sql`
    update compatibility_infos set compatibility_status = ${v.compatibility_status}, obligation = ${v.obligation},
      updated_by = ${actor}, modification_time = clock_timestamp(), revision = revision + 1
    where id = ${id} returning ${infoColumns}`);
  return onlyRow(result.rows);
}

export async function countInfoUses(tx: Executor, id: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from compatibilities where compatibility_info_id = ${id}`,
  );
  return result.rows[0]?.n ?? 0;
}
