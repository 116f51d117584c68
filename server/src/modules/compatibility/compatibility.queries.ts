import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import type { compatibilities, compatibilityInfos, references } from '../../db/schema.js';
import { executePrepared, opaque, type SqlRow } from '../../db/sql.js';

type StoredInfo = SqlRow<typeof compatibilityInfos>;

export type CompatibilityRow = Pick<
  SqlRow<typeof compatibilities>,
  'id' | 'from_version_id' | 'from_kind' | 'to_version_id' | 'to_kind' | 'revision'
> &
  Pick<StoredInfo, 'obligation'> & {
    info_id: StoredInfo['id'];
    status: StoredInfo['compatibility_status'];
    references: Array<SqlRow<typeof references>['reference']>;
  };

/** The parts of the label of a version's partner in one of its compatibilities. */
export type PartnerNaming = {
  partner_item_id: number;
  partner_parent_name: string;
  partner_name: string | null;
  partner_name2: string | null;
};

const referencesOf = sql`coalesce((select array_agg(r.reference order by r.reference)
                     from compatibility_references cr join "references" r on r.id = cr.reference_id
                     where cr.compatibility_id = c.id), '{}') as "references"`;
const compatibilityColumns = sql`c.id, c.from_version_id, c.from_kind, c.to_version_id, c.to_kind, c.revision,
           ci.id as info_id, ci.compatibility_status as status, ci.obligation, ${referencesOf}`;
const pairOf = ([a, b]: readonly [ItemKind, ItemKind]) =>
  sql`((c.from_kind = ${a} and c.to_kind = ${b}) or (c.from_kind = ${b} and c.to_kind = ${a}))`;

/** Compatibilities between two kinds as stored (one row per pair); the service orients them for the reader. */
export const compatibilitiesBetween = (kinds: readonly [ItemKind, ItemKind]) => sql`
    select ${compatibilityColumns}
    from compatibilities c
    join compatibility_infos ci on ci.id = c.compatibility_info_id
    where ${pairOf(kinds)}
    order by c.id`;

/** One version's list: the version, its kind, and the kind of the partners listed. */
export interface VersionList {
  ownKind: ItemKind;
  versionId: number;
  partnerKind: ItemKind;
}

/**
 * One version's compatibilities (a version of `ownKind`) to versions of `partnerKind`, each with its
 * partner's label parts, by compatibility. An id that is no version of `ownKind` has none (the caller
 * tells that apart from a version without any). No version is compatible with itself, so the partner is
 * the side that is not it.
 */
export async function listCompatibilitiesOfVersion(
  db: Executor,
  { ownKind, versionId, partnerKind }: VersionList,
): Promise<Array<CompatibilityRow & PartnerNaming>> {
  const [id, own, partner] = [opaque(versionId, 'int'), opaque(ownKind, 'item_kind'), opaque(partnerKind, 'item_kind')];
  return executePrepared(
    db,
    'compatibilities_of_version',
    sql`
    select ${compatibilityColumns},
           pi.id as partner_item_id, pi.name as partner_parent_name, pv.name as partner_name,
           pv.name2 as partner_name2
    from compatibilities c
    join compatibility_infos ci on ci.id = c.compatibility_info_id
    join versions pv on pv.id = case when c.from_version_id = ${id} then c.to_version_id else c.from_version_id end
    join items pi on pi.id = pv.item_id
    where (c.from_version_id = ${id} and c.from_kind = ${own} and c.to_kind = ${partner})
       or (c.to_version_id = ${id} and c.to_kind = ${own} and c.from_kind = ${partner})
    order by c.id`,
  );
}

/**
 * The lists of many versions of `ownKind` at once (listCompatibilitiesOfVersion's rows, each with the
 * version it belongs to as `own_id`), by version, then by compatibility: one statement for a whole
 * offline bundle's level instead of one per version. Each stored side is looked up by its own index.
 */
export async function listCompatibilitiesOfVersions(
  db: Executor,
  ownKind: ItemKind,
  versionIds: number[],
  partnerKind: ItemKind,
): Promise<Array<CompatibilityRow & PartnerNaming & { own_id: number }>> {
  const ids = sql`${`{${versionIds.join(',')}}`}::int[]`;
  const partnerColumns = sql`pi.id as partner_item_id, pi.name as partner_parent_name, pv.name as partner_name,
           pv.name2 as partner_name2`;
  const result = await db.execute<CompatibilityRow & PartnerNaming & { own_id: number }>(sql`
    select * from (
      select ${compatibilityColumns}, c.from_version_id as own_id, ${partnerColumns}
      from compatibilities c
      join compatibility_infos ci on ci.id = c.compatibility_info_id
      join versions pv on pv.id = c.to_version_id
      join items pi on pi.id = pv.item_id
      where c.from_version_id = any(${ids}) and c.from_kind = ${ownKind} and c.to_kind = ${partnerKind}
      union all
      select ${compatibilityColumns}, c.to_version_id as own_id, ${partnerColumns}
      from compatibilities c
      join compatibility_infos ci on ci.id = c.compatibility_info_id
      join versions pv on pv.id = c.from_version_id
      join items pi on pi.id = pv.item_id
      where c.to_version_id = any(${ids}) and c.to_kind = ${ownKind} and c.from_kind = ${partnerKind}
    ) lists
    order by own_id, id`);
  return result.rows;
}

/** listWarnedAssemblyVersions for many versions at once, as (version, warned assembly version) pairs. */
export async function listWarnedAssemblyVersionsOf(
  db: Executor,
  kind: ItemKind,
  versionIds: number[],
): Promise<Array<{ own_id: number; id: number }>> {
  const ids = sql`${`{${versionIds.join(',')}}`}::int[]`;
  const result = await db.execute<{ own_id: number; id: number }>(sql`
    with partners as (
      select from_version_id as own_id, to_version_id as id from compatibilities
       where from_version_id = any(${ids}) and from_kind = ${kind} and to_kind = 'assembly'
      union
      select to_version_id, from_version_id from compatibilities
       where to_version_id = any(${ids}) and to_kind = ${kind} and from_kind = 'assembly')
    select p.own_id, p.id from partners p
    where exists (
      select 1 from compatibilities aa
      join compatibility_infos ci on ci.id = aa.compatibility_info_id
      where aa.from_kind = 'assembly' and aa.to_kind = 'assembly'
        and (aa.from_version_id = p.id or aa.to_version_id = p.id)
        and ci.compatibility_status in ('conditional', 'forbidden'))
    order by p.own_id, p.id`);
  return result.rows;
}

/**
 * Of the assembly versions compatible with one version, those with a conditional or forbidden
 * assembly-assembly compatibility (SPEC 2's hint to check those). One statement for a whole list.
 */
export async function listWarnedAssemblyVersions(db: Executor, kind: ItemKind, versionId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    with partners as (
      select to_version_id as id from compatibilities
       where from_version_id = ${versionId} and from_kind = ${kind} and to_kind = 'assembly'
      union
      select from_version_id from compatibilities
       where to_version_id = ${versionId} and to_kind = ${kind} and from_kind = 'assembly')
    select p.id from partners p
    where exists (
      select 1 from compatibilities aa
      join compatibility_infos ci on ci.id = aa.compatibility_info_id
      where aa.from_kind = 'assembly' and aa.to_kind = 'assembly'
        and (aa.from_version_id = p.id or aa.to_version_id = p.id)
        and ci.compatibility_status in ('conditional', 'forbidden'))
    order by p.id`);
  return result.rows.map((row) => row.id);
}

export type CompatibilityInfoRow = Pick<StoredInfo, 'id' | 'obligation'> & {
  status: StoredInfo['compatibility_status'];
};

export async function listCompatibilityInfos(db: Executor): Promise<CompatibilityInfoRow[]> {
  const result = await db.execute<CompatibilityInfoRow>(
    sql`select id, compatibility_status as status, obligation from compatibility_infos order by compatibility_status, obligation, id`,
  );
  return result.rows;
}

export type LinkRow = {
  from_id: number;
  from_kind: ItemKind;
  to_id: number;
  to_kind: ItemKind;
};

export async function listContainments(db: Executor, parentKind: ItemKind, childKind: ItemKind): Promise<LinkRow[]> {
  const result = await db.execute<LinkRow>(sql`
    select parent_item_id as from_id, parent_kind as from_kind, child_item_id as to_id, child_kind as to_kind
    from item_containments where parent_kind = ${parentKind} and child_kind = ${childKind} order by id`);
  return result.rows;
}

export async function listVersionRelations(db: Executor, fromKind: ItemKind, toKind: ItemKind): Promise<LinkRow[]> {
  const result = await db.execute<LinkRow>(sql`
    select from_version_id as from_id, from_kind, to_version_id as to_id, to_kind
    from version_relations where from_kind = ${fromKind} and to_kind = ${toKind} order by id`);
  return result.rows;
}

/** Item pairs whose versions are related (assembly ↔ assembly), each pair once with the smaller id first. */
export async function listItemPairsOfVersionRelations(db: Executor, kind: ItemKind): Promise<LinkRow[]> {
  const result = await db.execute<LinkRow>(sql`
    select distinct least(fv.item_id, tv.item_id) as from_id, ${kind}::item_kind as from_kind,
                    greatest(fv.item_id, tv.item_id) as to_id, ${kind}::item_kind as to_kind
    from version_relations vr
    join versions fv on fv.id = vr.from_version_id
    join versions tv on tv.id = vr.to_version_id
    where vr.from_kind = ${kind} and vr.to_kind = ${kind} and fv.item_id <> tv.item_id
    order by 1, 3`);
  return result.rows;
}

export async function versionExists(db: Executor, kind: ItemKind, id: number): Promise<boolean> {
  const rows = await executePrepared(
    db,
    'version_exists',
    sql`select 1 from versions where kind = ${opaque(kind, 'item_kind')} and id = ${opaque(id, 'int')}`,
  );
  return rows.length > 0;
}
