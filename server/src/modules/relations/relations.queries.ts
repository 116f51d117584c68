import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import { type DbTime } from '../../db/time.js';
import { inItemOrder } from '../catalog/catalog.queries.js';
import {
  containingFolded,
  containsFolded,
  intArray,
  keysetAfter,
  keysetOrder,
  naturally,
  type KeysetColumn,
} from '../../db/sql.js';

/** Items by name in natural order, as the catalog lists them (items_kind_name_natural_idx). */
const itemName = naturally(sql`i.name`);

export type StoredCompatibility = {
  id: number;
  from_version_id: number;
  to_version_id: number;
  compatibility_info_id: number;
  revision: number;
  updated_by: string;
  modification_time: DbTime;
  references: number[];
};

const storedCompatibility = sql`
  select c.id, c.from_version_id, c.to_version_id, c.compatibility_info_id, c.revision, c.updated_by, c.modification_time,
         coalesce((select array_agg(reference_id order by reference_id) from compatibility_references where compatibility_id = c.id), '{}') as "references"
  from compatibilities c`;

/** The compatibility between two versions, whichever way it is stored, locked for this transaction. */
export async function lockCompatibility(tx: Executor, a: number, b: number): Promise<StoredCompatibility | null> {
  const result = await tx.execute<StoredCompatibility>(sql`${storedCompatibility}
    where (c.from_version_id = ${a} and c.to_version_id = ${b}) or (c.from_version_id = ${b} and c.to_version_id = ${a})
    for update`);
  return result.rows[0] ?? null;
}

/** A version's compatibilities to one kind, locked for this transaction. */
export async function lockCompatibilitiesOf(
  tx: Executor,
  versionId: number,
  otherKind: ItemKind,
): Promise<StoredCompatibility[]> {
  const result = await tx.execute<StoredCompatibility>(sql`${storedCompatibility}
    where (c.from_version_id = ${versionId} and c.to_kind = ${otherKind}) or (c.to_version_id = ${versionId} and c.from_kind = ${otherKind})
    for update`);
  return result.rows;
}

export async function versionKinds(tx: Executor, ids: number[]): Promise<Map<number, ItemKind>> {
  const result = await tx.execute<{ id: number; kind: ItemKind }>(
    sql`select id, kind from versions where id = any(${intArray(ids)})`,
  );
  return new Map(result.rows.map((r) => [r.id, r.kind]));
}

export async function existingIds(
  tx: Executor,
  table: 'compatibility_infos' | 'references',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await tx.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where id = any(${intArray(ids)})`,
  );
  return new Set(result.rows.map((r) => r.id));
}

/** Inserts many compatibilities of one kind pair at once; answers their ids by stored pair. */
export async function insertCompatibilities(
  tx: Executor,
  kinds: { fromKind: ItemKind; toKind: ItemKind },
  rows: Array<{ from: number; to: number; infoId: number }>,
  actor: string,
): Promise<Array<{ id: number; from_version_id: number; to_version_id: number }>> {
  if (rows.length === 0) return [];
  const result = await tx.execute<{ id: number; from_version_id: number; to_version_id: number }>(sql`
    insert into compatibilities (from_version_id, from_kind, to_version_id, to_kind, compatibility_info_id, created_by, updated_by)
    select r.f, ${kinds.fromKind}, r.t, ${kinds.toKind}, r.info, ${actor}, ${actor}
    from unnest(${intArray(rows.map((r) => r.from))}, ${intArray(rows.map((r) => r.to))}, ${intArray(rows.map((r) => r.infoId))}) as r(f, t, info)
    returning id, from_version_id, to_version_id`);
  return result.rows;
}

/**
 * Sets the obligation text of many compatibilities at once. Every one of them moves its revision (its
 * ETag), also when only its references changed: they are part of the compatibility.
 */
export async function updateCompatibilities(tx: Executor, rows: Array<{ id: number; infoId: number }>, actor: string) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update compatibilities c set compatibility_info_id = u.info, updated_by = ${actor}, modification_time = clock_timestamp(), revision = c.revision + 1
    from unnest(${intArray(rows.map((r) => r.id))}, ${intArray(rows.map((r) => r.infoId))}) as u(id, info)
    where c.id = u.id`);
}

export async function deleteCompatibilities(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from compatibilities where id = any(${intArray(ids)})`);
}

/** Adds and removes (compatibility, reference) links, many at once. */
export async function changeReferences(tx: Executor, add: Array<[number, number]>, remove: Array<[number, number]>) {
  if (remove.length > 0) {
    await tx.execute(sql`
      delete from compatibility_references cr
      using unnest(${intArray(remove.map(([c]) => c))}, ${intArray(remove.map(([, r]) => r))}) as x(c, r)
      where cr.compatibility_id = x.c and cr.reference_id = x.r`);
  }
  if (add.length > 0) {
    await tx.execute(sql`
      insert into compatibility_references (compatibility_id, reference_id)
      select c, r from unnest(${intArray(add.map(([c]) => c))}, ${intArray(add.map(([, r]) => r))}) as x(c, r)
      on conflict do nothing`);
  }
}

export type CommentRow = {
  id: number;
  compatibility_id: number;
  comment: string;
  author: string;
  from_version_id: number;
  to_version_id: number;
  from_kind: ItemKind;
  to_kind: ItemKind;
  creation_time: DbTime;
  modification_time: DbTime;
  revision: number;
};

const commentColumns = sql`cm.id, cm.compatibility_id, cm.comment, cm.author, c.from_version_id, c.to_version_id, c.from_kind, c.to_kind,
  cm.creation_time, cm.modification_time, cm.revision`;

export async function listComments(tx: Executor, versionId: number, otherKind: ItemKind): Promise<CommentRow[]> {
  const result = await tx.execute<CommentRow>(sql`
    select ${commentColumns} from comments cm join compatibilities c on c.id = cm.compatibility_id
    where (c.from_version_id = ${versionId} and c.to_kind = ${otherKind}) or (c.to_version_id = ${versionId} and c.from_kind = ${otherKind})
    order by cm.creation_time, cm.id`);
  return result.rows;
}

export async function findComment(tx: Executor, id: number, lock = false): Promise<CommentRow | null> {
  const forUpdate = lock ? sql`for update of cm` : sql``;
  const result = await tx.execute<CommentRow>(sql`
    select ${commentColumns} from comments cm join compatibilities c on c.id = cm.compatibility_id where cm.id = ${id} ${forUpdate}`);
  return result.rows[0] ?? null;
}

export async function insertComment(
  tx: Executor,
  compatibilityId: number,
  author: string,
  text: string,
): Promise<number> {
  const result = await tx.execute<{ id: number }>(
    sql`insert into comments (compatibility_id, comment, author) values (${compatibilityId}, ${text}, ${author}) returning id`,
  );
  const [row] = result.rows;
  if (!row) throw new Error('insert into comments returned no id');
  return row.id;
}

export async function updateComment(tx: Executor, id: number, text: string) {
  await tx.execute(
    sql`update comments set comment = ${text}, modification_time = clock_timestamp(), revision = revision + 1 where id = ${id}`,
  );
}

export async function deleteComment(tx: Executor, id: number) {
  await tx.execute(sql`delete from comments where id = ${id}`);
}

/** Many comments by id; locked for this transaction when `lock` is set. */
export async function findComments(tx: Executor, ids: number[], lock = false): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  const forUpdate = lock ? sql`for update of cm` : sql``;
  const result = await tx.execute<CommentRow>(sql`
    select ${commentColumns} from comments cm join compatibilities c on c.id = cm.compatibility_id
    where cm.id = any(${intArray(ids)}) order by cm.id ${forUpdate}`);
  return result.rows;
}

/** Adds many comments of one author at once; answers their ids. */
export async function insertComments(
  tx: Executor,
  rows: Array<{ compatibilityId: number; text: string }>,
  author: string,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const result = await tx.execute<{ id: number }>(sql`
    insert into comments (compatibility_id, comment, author)
    select x.c, x.t, ${author} from json_to_recordset(${JSON.stringify(rows.map((r) => ({ c: r.compatibilityId, t: r.text })))}::json) as x(c int, t text)
    returning id`);
  return result.rows.map((r) => r.id);
}

/** Changes the texts of many comments at once; each one moves its revision (its ETag). */
export async function updateComments(tx: Executor, rows: Array<{ id: number; text: string }>) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update comments cm set comment = x.t, modification_time = clock_timestamp(), revision = cm.revision + 1
    from json_to_recordset(${JSON.stringify(rows.map((r) => ({ i: r.id, t: r.text })))}::json) as x(i int, t text)
    where cm.id = x.i`);
}

export async function deleteComments(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from comments where id = any(${intArray(ids)})`);
}

export type ContainmentRow = {
  href_id: number;
  name: string;
  relation_id: number | null;
};

/** Every item of the child kind, with whether the parent contains it. */
export async function listContainmentCandidates(
  tx: Executor,
  parentId: number,
  childKind: ItemKind,
): Promise<ContainmentRow[]> {
  const result = await tx.execute<ContainmentRow>(sql`
    select i.id as href_id, i.name, ic.id as relation_id
    from items i left join item_containments ic on ic.child_item_id = i.id and ic.parent_item_id = ${parentId}
    where i.kind = ${childKind} order by ${itemName}`);
  return result.rows;
}

/** How the relation editor's rows are ordered: by name, or related (or unrelated) first and then by name. */
export type ContainmentOrder = 'name' | '-name' | 'related' | '-related';

/** Where a page of candidates ends: its last row's name, id and whether it was related. */
export interface ContainmentKey {
  name: string;
  id: number;
  related: boolean;
}

/**
 * One keyset page of the items of the child kind with whether the parent contains them, in `order`,
 * optionally only those whose name contains a text (folded like the search).
 */
export async function listContainmentCandidatePage(
  tx: Executor,
  parentId: number,
  childKind: ItemKind,
  {
    order,
    name,
    after,
    limit,
  }: { order: ContainmentOrder; name: string | null; after: ContainmentKey | null; limit: number },
): Promise<ContainmentRow[]> {
  const related = sql`(ic.id is not null)`;
  const byName: KeysetColumn = {
    expression: itemName,
    value: sql`${after?.name ?? ''}`,
    desc: order === '-name',
  };
  const byId: KeysetColumn = { expression: sql`i.id`, value: sql`${after?.id ?? 0}`, desc: order === '-name' };
  const keyset: KeysetColumn[] = order.endsWith('related')
    ? [{ expression: related, value: sql`${after?.related ?? false}`, desc: order === '-related' }, byName, byId]
    : [byName, byId];
  const filter = name === null ? sql`` : sql`and ${containsFolded(sql`i.name_folded`, name)}`;
  const afterKey = after === null ? sql`` : sql`and ${keysetAfter(keyset)}`;
  const result = await tx.execute<ContainmentRow>(sql`
    select i.id as href_id, i.name, ic.id as relation_id
    from items i left join item_containments ic on ic.child_item_id = i.id and ic.parent_item_id = ${parentId}
    where i.kind = ${childKind} ${filter} ${afterKey}
    order by ${keysetOrder(keyset)}
    limit ${limit}`);
  return result.rows;
}

export async function itemKind(tx: Executor, id: number): Promise<ItemKind | null> {
  const result = await tx.execute<{ kind: ItemKind }>(sql`select kind from items where id = ${id}`);
  return result.rows[0]?.kind ?? null;
}

export async function insertContainment(
  tx: Executor,
  parent: { id: number; kind: ItemKind },
  child: { id: number; kind: ItemKind },
  actor: string,
) {
  const result = await tx.execute<{ id: number }>(sql`
    insert into item_containments (parent_item_id, parent_kind, child_item_id, child_kind, created_by)
    values (${parent.id}, ${parent.kind}, ${child.id}, ${child.kind}, ${actor}) on conflict do nothing returning id`);
  return result.rows[0]?.id ?? null;
}

export async function deleteContainment(tx: Executor, parentId: number, childId: number): Promise<boolean> {
  const result = await tx.execute(
    sql`delete from item_containments where parent_item_id = ${parentId} and child_item_id = ${childId} returning id`,
  );
  return result.rows.length > 0;
}

export async function listVersionRelationsOf(tx: Executor, versionId: number, otherKind: ItemKind): Promise<number[]> {
  const result = await tx.execute<{ other: number }>(sql`
    select case when from_version_id = ${versionId} then to_version_id else from_version_id end as other
    from version_relations
    where (from_version_id = ${versionId} and to_kind = ${otherKind}) or (to_version_id = ${versionId} and from_kind = ${otherKind})`);
  return result.rows.map((r) => r.other);
}

export async function insertVersionRelation(
  tx: Executor,
  pair: { from: number; fromKind: ItemKind; to: number; toKind: ItemKind },
  actor: string,
) {
  const result = await tx.execute<{ id: number }>(sql`
    insert into version_relations (from_version_id, from_kind, to_version_id, to_kind, created_by)
    values (${pair.from}, ${pair.fromKind}, ${pair.to}, ${pair.toKind}, ${actor}) on conflict do nothing returning id`);
  return result.rows[0]?.id ?? null;
}

/** Sets the flag of many pairs (stored orientation) at once; answers the pairs that were not set before. */
export async function insertVersionRelations(
  tx: Executor,
  kinds: { fromKind: ItemKind; toKind: ItemKind },
  pairs: Array<{ from: number; to: number }>,
  actor: string,
): Promise<Array<{ from_version_id: number; to_version_id: number }>> {
  if (pairs.length === 0) return [];
  const result = await tx.execute<{ from_version_id: number; to_version_id: number }>(sql`
    insert into version_relations (from_version_id, from_kind, to_version_id, to_kind, created_by)
    select x.f, ${kinds.fromKind}, x.t, ${kinds.toKind}, ${actor}
    from unnest(${intArray(pairs.map((p) => p.from))}, ${intArray(pairs.map((p) => p.to))}) as x(f, t)
    on conflict do nothing returning from_version_id, to_version_id`);
  return result.rows;
}

/** Clears the flag of many pairs (stored orientation) at once; answers the pairs that were set. */
export async function deleteVersionRelations(
  tx: Executor,
  pairs: Array<{ from: number; to: number }>,
): Promise<Array<{ from_version_id: number; to_version_id: number }>> {
  if (pairs.length === 0) return [];
  const result = await tx.execute<{ from_version_id: number; to_version_id: number }>(sql`
    delete from version_relations v
    using unnest(${intArray(pairs.map((p) => p.from))}, ${intArray(pairs.map((p) => p.to))}) as x(f, t)
    where v.from_version_id = x.f and v.to_version_id = x.t
    returning v.from_version_id, v.to_version_id`);
  return result.rows;
}

export async function deleteVersionRelation(tx: Executor, a: number, b: number): Promise<boolean> {
  const result = await tx.execute(sql`
    delete from version_relations where (from_version_id = ${a} and to_version_id = ${b}) or (from_version_id = ${b} and to_version_id = ${a})
    returning id`);
  return result.rows.length > 0;
}

// ── a relation table's rows, a page at a time ────────────────────────────────────────────────────

/** A candidate version of a relation table with its compatibility with the chosen version, if any. */
export type RelationRowRow = {
  id: number;
  parent_name: string;
  name: string | null;
  name2: string | null;
  compatibility_id: number | null;
  revision: number | null;
  info_id: number | null;
  status: string | null;
  /** Reference names, sorted; `reference_ids` holds their ids in the same order. */
  references: string[];
  reference_ids: number[];
  flag: boolean;
};

/** Where a page of rows ends: every sort value of its last row (those not sorted by go unused). */
export interface RelationRowKey {
  itemName: string;
  name: string | null;
  name2: string | null;
  id: number;
  infoId: number;
  status: string;
  flag: boolean;
}

export type RelationRowOrder = 'item' | 'version' | 'name2' | 'obligation' | 'flag';

export interface RelationRowFilter {
  item: string | null;
  version: string | null;
  name2: string | null;
  obligation: string | null;
  reference: string | null;
}

const natural = (expression: SQL) => naturally(sql`coalesce(${expression}, '')`);

/**
 * One keyset page of a relation table (SPEC 2): the versions of `otherKind` except the chosen one, each with
 * its compatibility with the chosen version (obligation, references with their ids, ETag) and, where the
 * relation has one, the version flag; filtered, in `order` (descending with `desc`), then by version id.
 */
export async function listRelationRowPage(
  tx: Executor,
  { versionId, otherKind, withFlag }: { versionId: number; otherKind: ItemKind; withFlag: boolean },
  {
    order,
    desc,
    filter,
    after,
    limit,
  }: { order: RelationRowOrder; desc: boolean; filter: RelationRowFilter; after: RelationRowKey | null; limit: number },
): Promise<RelationRowRow[]> {
  const k = after;
  const column = (expression: SQL, value: SQL): KeysetColumn => ({ expression, value, desc });
  const byId = column(sql`v.id`, sql`${k?.id ?? 0}`);
  const nameColumns = (nameExpression: SQL, value: string | null | undefined) => [
    column(sql`(${nameExpression} is null)`, sql`${value === null}`),
    column(natural(nameExpression), naturally(sql`${value ?? ''}::text`)),
  ];
  const keysets: Record<RelationRowOrder, KeysetColumn[]> = {
    item: [
      column(itemName, sql`${k?.itemName ?? ''}`),
      ...nameColumns(sql`v.name`, k?.name),
      ...nameColumns(sql`v.name2`, k?.name2),
      byId,
    ],
    version: [...nameColumns(sql`v.name`, k?.name), byId],
    name2: [...nameColumns(sql`v.name2`, k?.name2), byId],
    // Rows with a compatibility first, by status, then by obligation text (read from the cursor's text's id).
    obligation: [
      column(sql`(ci.id is null)`, sql`${k ? k.infoId === 0 : false}`),
      column(sql`coalesce(ci.compatibility_status::text, '')`, sql`${k?.status ?? ''}`),
      column(
        sql`coalesce(ci.obligation, '')`,
        sql`coalesce((select obligation from compatibility_infos where id = ${k?.infoId ?? 0}), '')`,
      ),
      column(sql`coalesce(ci.id, 0)`, sql`${k?.infoId ?? 0}`),
      byId,
    ],
    flag: [column(sql`f.flag`, sql`${k?.flag ?? false}`), byId],
  };
  const keyset = keysets[order];
  const partnersOf = (condition: SQL) => sql`(
    select case when from_version_id = ${versionId} then to_version_id else from_version_id end
    from compatibilities where (from_version_id = ${versionId} or to_version_id = ${versionId}) and ${condition})`;
  const versionFilters = sql.join(
    [
      filter.version === null ? sql`` : sql`and v.name_folded like ${containingFolded(filter.version)}`,
      filter.name2 === null ? sql`` : sql`and v.name2_folded like ${containingFolded(filter.name2)}`,
    ],
    sql` `,
  );
  // In catalog order, the items before the cursor's need not be walked at all.
  const itemRange =
    order !== 'item' || after === null
      ? sql``
      : desc
        ? sql`and ${itemName} <= ${after.itemName}`
        : sql`and ${itemName} >= ${after.itemName}`;
  const byCompatibility = filter.obligation !== null || filter.reference !== null;
  const candidates = byCompatibility
    ? // A filter on the compatibility: the chosen version's own (few) partners, joined to their items.
      sql`from versions v join items i on i.id = v.item_id and v.id <> ${versionId} ${versionFilters}`
    : // Items in name order (their index), each item's versions in natural order: the catalog order is
      // read, not sorted, so a page in that order costs its rows.
      sql`from items i cross join lateral (
          select * from versions v where v.item_id = i.id and v.id <> ${versionId} ${versionFilters}
          order by ${inItemOrder}) v`;
  const conditions = [
    filter.item === null ? sql`` : sql`and ${containsFolded(sql`i.name_folded`, filter.item)}`,
    // Filters on the compatibility start from the chosen version's own (few) compatibilities.
    filter.obligation === null
      ? sql``
      : sql`and v.id in ${partnersOf(sql`compatibility_info_id in (
          select id from compatibility_infos where dp_fold(obligation) like ${containingFolded(filter.obligation)})`)}`,
    filter.reference === null
      ? sql``
      : sql`and v.id in ${partnersOf(sql`id in (
          select cr.compatibility_id from compatibility_references cr join "references" r on r.id = cr.reference_id
          where dp_fold(r.reference) like ${containingFolded(filter.reference)})`)}`,
    after === null ? sql`` : sql`and ${keysetAfter(keyset)}`,
  ];
  const flag = withFlag
    ? sql`exists (select 1 from version_relations vr
        where (vr.from_version_id = ${versionId} and vr.to_version_id = v.id)
           or (vr.to_version_id = ${versionId} and vr.from_version_id = v.id))`
    : sql`false`;
  const result = await tx.execute<RelationRowRow>(sql`
    select v.id, i.name as parent_name, v.name, v.name2, c.id as compatibility_id, c.revision,
           ci.id as info_id, ci.compatibility_status::text as status, f.flag,
           coalesce(refs.names, '{}') as "references", coalesce(refs.ids, '{}') as reference_ids
    ${candidates}
    left join lateral (
      select id, revision, compatibility_info_id from compatibilities
      where (from_version_id = ${versionId} and to_version_id = v.id)
         or (to_version_id = ${versionId} and from_version_id = v.id)
      limit 1) c on true
    left join lateral (
      select array_agg(r.reference order by r.reference) as names, array_agg(r.id order by r.reference) as ids
      from compatibility_references cr join "references" r on r.id = cr.reference_id
      where cr.compatibility_id = c.id) refs on true
    left join compatibility_infos ci on ci.id = c.compatibility_info_id
    cross join lateral (select ${flag} as flag) f
    where i.kind = ${otherKind} ${itemRange} ${sql.join(conditions, sql` `)}
    order by ${keysetOrder(keyset)}
    limit ${limit}`);
  return result.rows;
}
