import type { CompatibilityInfo, CompatibilityRecord, RelationRecord, Role } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { CURSOR_BATCH, inReadSnapshot } from '../../db/read-snapshot.js';
import { kindVersionName, notFound, numbered } from '../../http/errors.js';
import { etagOf } from '../../writes/etag.js';
import { href, type ItemKind } from '../../db/kinds.js';
import * as queries from './compatibility.queries.js';
import type { CompatibilityRow, LinkRow, PartnerNaming } from './compatibility.queries.js';

/** Extern users see the status only: no obligation text, no references. */
function toInfo(
  row: { info_id?: number; id?: number; status: CompatibilityRow['status']; obligation: string },
  role: Role,
): CompatibilityInfo {
  const id = row.info_id ?? row.id ?? 0;
  return {
    href: href.compatibilityInfo(id),
    compatibility_status: row.status,
    ...(role === 'extern' ? {} : { obligation: row.obligation }),
  };
}

/** `to` names the partner (one version's list); the bulk lists give its href only. */
function toRecord(
  row: CompatibilityRow,
  role: Role,
  reversed: boolean,
  to: CompatibilityRecord['to'] | null,
): CompatibilityRecord {
  const [fromKind, fromId, toKind, toId] = reversed
    ? [row.to_kind, row.to_version_id, row.from_kind, row.from_version_id]
    : [row.from_kind, row.from_version_id, row.to_kind, row.to_version_id];
  return {
    href: href.compatibility(fromKind, fromId, toKind, toId),
    from: { href: href.version(fromKind, fromId) },
    to: to ?? { href: href.version(toKind, toId) },
    compatibility_info: toInfo(row, role),
    ...(role === 'extern' ? {} : { references: row.references }),
    etag: etagOf(row.id, row.revision),
  };
}

/**
 * All compatibilities between two kinds, oriented from `fromKind` to `toKind`, in batches from a cursor.
 * A same-kind pair is stored once but listed from both sides, so every version finds all its partners
 * under `from`.
 */
export async function* streamCompatibilities(
  db: Db,
  fromKind: ItemKind,
  toKind: ItemKind,
  role: Role,
  batch = CURSOR_BATCH,
) {
  yield* inReadSnapshot(db, async function* (reader) {
    for await (const rows of reader.batches<CompatibilityRow>(
      queries.compatibilitiesBetween([fromKind, toKind]),
      batch,
    )) {
      yield rows.flatMap((row) =>
        fromKind === toKind
          ? [toRecord(row, role, false, null), toRecord(row, role, true, null)]
          : [toRecord(row, role, row.from_kind !== fromKind, null)],
      );
    }
  });
}

/** One version's compatibilities to versions of `toKind`, seen from it, each partner with its label's parts. */
export async function listCompatibilitiesOfVersion(
  db: Db,
  fromKind: ItemKind,
  toKind: ItemKind,
  role: Role,
  versionId: number,
): Promise<CompatibilityRecord[]> {
  const rows = await queries.listCompatibilitiesOfVersion(db, { ownKind: fromKind, versionId, partnerKind: toKind });
  // The partner goes into the record as it is built: copying each record to add it (object spreads) took
  // 150 µs of a 300-row list's 500.
  return rows.map((row) => {
    const partner = partnerIn(row, versionId);
    return toRecord(row, role, partner.reversed, partner.to);
  });
}

/** listCompatibilitiesOfVersion for many versions at once: every asked version has its list, empty or not. */
export async function listCompatibilitiesOfVersions(
  db: Db,
  fromKind: ItemKind,
  toKind: ItemKind,
  role: Role,
  versionIds: number[],
): Promise<Map<number, CompatibilityRecord[]>> {
  const lists = new Map<number, CompatibilityRecord[]>(versionIds.map((id) => [id, []]));
  for (const row of await queries.listCompatibilitiesOfVersions(db, fromKind, versionIds, toKind)) {
    const partner = partnerIn(row, row.own_id);
    lists.get(row.own_id)?.push(toRecord(row, role, partner.reversed, partner.to));
  }
  return lists;
}

/** listAssemblyWarnings for many versions at once: every asked version has its list. */
export async function listAssemblyWarningsOf(
  db: Db,
  kind: ItemKind,
  versionIds: number[],
): Promise<Map<number, string[]>> {
  const lists = new Map<number, string[]>(versionIds.map((id) => [id, []]));
  for (const row of await queries.listWarnedAssemblyVersionsOf(db, kind, versionIds))
    lists.get(row.own_id)?.push(href.version('assembly', row.id));
  return lists;
}

/** The partner in a row of one version's compatibilities: the side that is not the version, with its label's parts and item. */
function partnerIn(row: CompatibilityRow & PartnerNaming, versionId: number) {
  const reversed = row.from_version_id !== versionId;
  const kind = reversed ? row.from_kind : row.to_kind;
  const to = {
    href: href.version(kind, reversed ? row.from_version_id : row.to_version_id),
    parent_name: row.partner_parent_name,
    name: row.partner_name,
    name2: row.partner_name2,
    parent_href: href.item(kind, row.partner_item_id),
  } satisfies Required<CompatibilityRecord['to']>;
  return { reversed, to };
}

/** The assembly versions of a version's assembly list that carry SPEC 2's assembly warning, as hrefs. */
export async function listAssemblyWarnings(db: Db, kind: ItemKind, versionId: number): Promise<string[]> {
  const ids = await queries.listWarnedAssemblyVersions(db, kind, versionId);
  return ids.map((id) => href.version('assembly', id));
}

export async function listCompatibilityInfos(db: Db, role: Role): Promise<CompatibilityInfo[]> {
  return (await queries.listCompatibilityInfos(db)).map((row) => toInfo(row, role));
}

const toItemLink = (row: LinkRow): RelationRecord => ({
  href: href.containment(row.from_kind, row.from_id, row.to_kind, row.to_id),
  from: { href: href.item(row.from_kind, row.from_id) },
  to: { href: href.item(row.to_kind, row.to_id) },
});

const toVersionLink = (row: LinkRow): RelationRecord => ({
  href: href.versionRelation(row.from_kind, row.from_id, row.to_kind, row.to_id),
  from: { href: href.version(row.from_kind, row.from_id) },
  to: { href: href.version(row.to_kind, row.to_id) },
});

const mirrored = (row: LinkRow): LinkRow => ({
  from_id: row.to_id,
  from_kind: row.to_kind,
  to_id: row.from_id,
  to_kind: row.from_kind,
});

/** Which items contain which (systems → assemblies, assemblies → sub-assemblies). */
export async function listContainments(db: Db, parentKind: ItemKind, childKind: ItemKind) {
  return (await queries.listContainments(db, parentKind, childKind)).map(toItemLink);
}

/** Version relations; same-kind ones are listed from both sides like compatibilities. */
export async function listVersionRelations(db: Db, fromKind: ItemKind, toKind: ItemKind) {
  const rows = await queries.listVersionRelations(db, fromKind, toKind);
  const both = fromKind === toKind ? rows.flatMap((row) => [row, mirrored(row)]) : rows;
  return both.map(toVersionLink);
}

/** Assemblies related to assemblies through any of their versions, from both sides. */
export async function listItemRelations(db: Db, kind: ItemKind) {
  const rows = await queries.listItemPairsOfVersionRelations(db, kind);
  return rows.flatMap((row) => [row, mirrored(row)]).map(toItemLink);
}

export async function assertVersionExists(db: Db, kind: ItemKind, id: number) {
  if (!(await queries.versionExists(db, kind, id))) throw notFound(numbered(kindVersionName(kind), id));
}
