import type {
  CompatibilityInfo,
  CompatibilityInfoValues,
  CopyVersionValues,
  Item,
  ItemValues,
  Reference,
  ReferenceName,
  ReferencePage,
  ReferencePageQuery,
  ReferenceValues,
  Version,
  VersionUsage,
  VersionValues,
} from '@dp/contract';
import { versionLabelText } from '@dp/contract';
import type { Db, Tx } from '../../db/connection.js';
import { HttpError, kindName, kindVersionName, msg, notFound, numbered, plural } from '../../http/errors.js';
import { columnPage, pageOf, textFilter } from '../../http/cursor.js';
import { recordChanges, type Change } from '../../writes/audit.js';
import { cascadedDeletes } from '../../writes/cascades.js';
import { etagOf } from '../../writes/etag.js';
import { createRow, defineResource, deleteRow, inTransaction, updateRow } from '../../writes/guarded-write.js';
import { toItem, toVersion } from '../catalog/catalog.service.js';
import * as catalog from '../catalog/catalog.queries.js';
import { href, type ItemKind } from '../../db/kinds.js';
import * as queries from './base-data.queries.js';
import type { InfoRow, ReferenceRow } from './base-data.queries.js';
import type { ItemRow, VersionRow } from '../catalog/catalog.queries.js';
import { toIso } from '../../db/time.js';

const itemMessages = (kind: ItemKind, name: string) => ({
  items_kind_name_unique: msg(`item.nameExists.${kind}`, { name }),
  items_name_not_blank: msg('item.nameBlank'),
});

const versionMessages = {
  versions_item_names_unique: msg('version.numbersExist'),
  versions_names_rule: msg('version.numbersRule'),
};

/** SPEC 3: a system version has a version number and no material number; others need at least one. */
function checkVersionNumbers(kind: ItemKind, v: { name: string | null; name2: string | null }) {
  if (kind === 'system') {
    if (!v.name) throw new HttpError(400, msg('version.systemNeedsNumber'));
    if (v.name2) throw new HttpError(400, msg('version.systemNoMaterial'));
  } else if (!v.name && !v.name2) {
    throw new HttpError(400, msg('version.needsNumber'));
  }
}

export interface Actor {
  username: string;
}

// ── items ────────────────────────────────────────────────────────────────────────────────────────

const itemResources = Object.fromEntries(
  (['system', 'assembly', 'subassembly'] as const).map((kind) => [
    kind,
    defineResource<ItemRow, Item, ItemValues>({
      entity: kind,
      label: kindName(kind),
      toApi: toItem,
      messages: (input) => itemMessages(kind, input.name),
      load: (tx, id) => queries.lockItem(tx, kind, id),
      insert: (tx, actor, input) => queries.insertItem(tx, kind, actor, input),
      update: (tx, row, actor, input) => queries.updateItem(tx, row, actor, input),
      remove: (tx, row) => queries.deleteById(tx, 'items', row.id),
      cascades: (tx, row, actor) => cascadedDeletes.ofItems(tx, actor, [row.id]),
      refuse: async (tx, row) => {
        const count = await queries.countVersions(tx, row.id);
        return count > 0 ? plural('item.hasVersions', count, { kind: kindName(kind), name: row.name }) : null;
      },
    }),
  ]),
) as Record<ItemKind, ReturnType<typeof defineResource<ItemRow, Item, ItemValues>>>;

export const createItem = (db: Db, actor: Actor, kind: ItemKind, input: ItemValues) =>
  itemResources[kind].create(db, actor.username, input);
export const updateItem = (db: Db, actor: Actor, kind: ItemKind, id: number, input: ItemValues, ifMatch?: string) =>
  itemResources[kind].update(db, actor.username, id, input, ifMatch);
export const deleteItem = (db: Db, actor: Actor, kind: ItemKind, id: number, ifMatch?: string) =>
  itemResources[kind].remove(db, actor.username, id, ifMatch);

// ── versions ─────────────────────────────────────────────────────────────────────────────────────

export async function createVersion(
  db: Db,
  actor: Actor,
  kind: ItemKind,
  itemId: number,
  input: VersionValues,
): Promise<Version> {
  checkVersionNumbers(kind, input);
  return createRow({
    db,
    actor: actor.username,
    entity: `${kind}_version`,
    toApi: (row: VersionRow) => toVersion(row, 'admin'),
    messages: versionMessages,
    insert: async (tx) => {
      if (!(await queries.lockItem(tx, kind, itemId))) throw notFound(numbered(kindName(kind), itemId));
      return queries.insertVersion(tx, kind, itemId, actor.username, input);
    },
  });
}

export function updateVersion(
  db: Db,
  actor: Actor,
  kind: ItemKind,
  id: number,
  input: VersionValues,
  ifMatch?: string,
): Promise<Version> {
  checkVersionNumbers(kind, input);
  return updateRow({
    db,
    actor: actor.username,
    entity: `${kind}_version`,
    label: numbered(kindVersionName(kind), id),
    toApi: (row: VersionRow) => toVersion(row, 'admin'),
    messages: versionMessages,
    ifMatch,
    load: (tx) => queries.lockVersion(tx, kind, id),
    update: (tx, row) => queries.updateVersion(tx, row, actor.username, input),
  });
}

/** What copying the version would take along and what deleting it with its compatibilities would remove. */
export async function versionUsage(db: Db, kind: ItemKind, id: number): Promise<VersionUsage> {
  const version = await catalog.findVersion(db, kind, id);
  if (!version) throw notFound(numbered(kindVersionName(kind), id));
  const [compatibilities, versionRelations] = await Promise.all([
    queries.countCompatibilitiesOfVersion(db, id),
    queries.countVersionRelationsOfVersion(db, id),
  ]);
  return { compatibilities, version_relations: versionRelations };
}

/**
 * A compatibility deleted with its version, named from the version like the relation table names it,
 * with what it held (the relation table's audit shape); its comments are entries of their own.
 */
async function compatibilityDeletes(tx: Tx, actor: string, kind: ItemKind, versionId: number): Promise<Change[]> {
  const rows = await queries.lockCompatibilitiesOfVersion(tx, versionId);
  const deletes = rows.map((row): Change => {
    const [otherKind, otherId] =
      row.from_version_id === versionId ? [row.to_kind, row.to_version_id] : [row.from_kind, row.from_version_id];
    return {
      actor,
      action: 'delete',
      entity: 'compatibility',
      entityId: href.compatibility(kind, versionId, otherKind, otherId),
      before: {
        compatibility_info: href.compatibilityInfo(row.compatibility_info_id),
        references: row.references.map(href.reference),
      },
    };
  });
  return [
    ...deletes,
    ...(await cascadedDeletes.ofCompatibilities(
      tx,
      actor,
      rows.map((row) => row.id),
    )),
  ];
}

/**
 * Deletes a version. While it has compatibilities the delete is refused (409, with their count as
 * `compatibilities` so the client can offer the next step) unless `withCompatibilities` asks to delete
 * them too, in the same transaction and each audited with its references and comments.
 */
export function deleteVersion(
  db: Db,
  actor: Actor,
  kind: ItemKind,
  id: number,
  ifMatch?: string,
  withCompatibilities = false,
): Promise<void> {
  return deleteRow({
    db,
    actor: actor.username,
    entity: `${kind}_version`,
    label: numbered(kindVersionName(kind), id),
    toApi: (row: VersionRow) => toVersion(row, 'admin'),
    ifMatch,
    load: (tx) => queries.lockVersion(tx, kind, id),
    refuse: async (tx, row) => {
      if (withCompatibilities) return null;
      const count = await queries.countCompatibilitiesOfVersion(tx, row.id);
      if (count === 0) return null;
      throw new HttpError(409, plural('version.inUse', count, { label: versionLabelText(row) }), {
        compatibilities: count,
      });
    },
    cascades: async (tx, row, by) => [
      ...(withCompatibilities ? await compatibilityDeletes(tx, by, kind, row.id) : []),
      ...(await cascadedDeletes.ofVersions(tx, by, [row.id])),
    ],
    remove: async (tx, row) => {
      // Compatibilities hold their versions (ON DELETE RESTRICT): they go first.
      if (withCompatibilities) await queries.deleteCompatibilitiesOfVersion(tx, row.id);
      await queries.deleteById(tx, 'versions', row.id);
    },
  });
}

/**
 * Copies a version under new numbers. With `with_compatibilities` (the default) the copy takes the
 * original's compatibilities (with their obligation texts and references) and version relations
 * along: a new version of a part is almost always compatible where its predecessor was, and the
 * engineer then changes the few that differ instead of re-entering hundreds. Without it the copy
 * starts with none. Comments stay with the original.
 */
export function copyVersion(
  db: Db,
  actor: Actor,
  kind: ItemKind,
  id: number,
  input: CopyVersionValues,
): Promise<Version & { copied_compatibilities: number }> {
  checkVersionNumbers(kind, input);
  return inTransaction(db, versionMessages, async (tx) => {
    const original = await catalog.findVersion(tx, kind, id);
    if (!original) throw notFound(numbered(kindVersionName(kind), id));
    const copy = await queries.insertVersion(tx, kind, original.item_id, actor.username, input);
    const copied: queries.CopiedRelations = input.with_compatibilities
      ? await queries.copyRelations(tx, original.id, copy.id, actor.username)
      : { compatibilities: [], versionRelations: [] };
    const after = toVersion(copy, 'admin');
    const copiedFrom = href.version(kind, original.id);
    // Every copied row is a change of its own in the audit log, seen from the new version.
    const seenFromCopy = (pair: queries.CopiedPair) =>
      pair.from_version_id === copy.id
        ? { otherKind: pair.to_kind, otherId: pair.to_version_id }
        : { otherKind: pair.from_kind, otherId: pair.from_version_id };
    const created = (entity: string, entityId: string | number, values: unknown): Change => ({
      actor: actor.username,
      action: 'create',
      entity,
      entityId,
      after: values,
    });
    await recordChanges(tx, [
      created(`${kind}_version`, copy.id, {
        ...after,
        copied_from: copiedFrom,
        copied_compatibilities: copied.compatibilities.length,
      }),
      ...copied.compatibilities.map(({ compatibility_info_id, references, ...pair }) => {
        const { otherKind, otherId } = seenFromCopy(pair);
        return created('compatibility', href.compatibility(kind, copy.id, otherKind, otherId), {
          compatibility_info_id,
          references,
          copied_from: copiedFrom,
        });
      }),
      ...copied.versionRelations.map((pair) => {
        const { otherKind, otherId } = seenFromCopy(pair);
        return created('version_relation', href.versionRelation(kind, copy.id, otherKind, otherId), {
          related: true,
          copied_from: copiedFrom,
        });
      }),
    ]);
    return { ...after, copied_compatibilities: copied.compatibilities.length };
  });
}

// ── references ───────────────────────────────────────────────────────────────────────────────────

const toReference = (row: ReferenceRow): Reference => ({
  href: href.reference(row.id),
  reference: row.reference,
  description: row.description,
  creation_time: toIso(row.creation_time),
  modification_time: toIso(row.modification_time),
  created_by: row.created_by,
  updated_by: row.updated_by,
  etag: etagOf(row.id, row.revision),
});

const referenceMessages = (name: string) => ({
  references_reference_unique: msg('reference.exists', { name }),
  references_not_blank: msg('reference.blank'),
});

export async function listReferences(db: Db): Promise<Reference[]> {
  return (await queries.listReferences(db)).map(toReference);
}

/** Every reference's name: what a relation table offers and shows, without descriptions or audit fields. */
export async function listReferenceNames(db: Db): Promise<ReferenceName[]> {
  return (await queries.listReferenceNames(db)).map((row) => ({
    href: href.reference(row.id),
    reference: row.reference,
  }));
}

/**
 * One page of the references in the asked order (default by reference), optionally filtered by reference,
 * description and last editor (folded like the search); `next` continues after its last one.
 */
export async function listReferencePage(db: Db, query: ReferencePageQuery): Promise<ReferencePage> {
  const { column, desc, after } = columnPage(query.sort, query.after);
  const rows = await queries.listReferencePage(db, {
    order: { column, desc },
    filters: {
      reference: textFilter(query.reference),
      description: textFilter(query.description),
      updated_by: textFilter(query.updated_by),
    },
    after,
    limit: query.limit + 1,
  });
  return pageOf(rows, query.limit, toReference, (row) => [row.sort_value, row.id]);
}

const references = defineResource<ReferenceRow, Reference, ReferenceValues>({
  entity: 'reference',
  label: msg('thing.reference'),
  toApi: toReference,
  messages: (input) => referenceMessages(input.reference),
  load: (tx, id) => queries.findReference(tx, id, true),
  insert: (tx, actor, input) => queries.insertReference(tx, actor, input),
  update: (tx, row, actor, input) => queries.updateReference(tx, row.id, actor, input),
  remove: (tx, row) => queries.deleteById(tx, 'references', row.id),
  refuse: async (tx, row) => {
    const count = await queries.countReferenceUses(tx, row.id);
    return count > 0 ? plural('reference.inUse', count, { name: row.reference }) : null;
  },
});

export const createReference = (db: Db, actor: Actor, input: ReferenceValues) =>
  references.create(db, actor.username, input);
export const updateReference = (db: Db, actor: Actor, id: number, input: ReferenceValues, ifMatch?: string) =>
  references.update(db, actor.username, id, input, ifMatch);
export const deleteReference = (db: Db, actor: Actor, id: number, ifMatch?: string) =>
  references.remove(db, actor.username, id, ifMatch);

// ── obligation texts ─────────────────────────────────────────────────────────────────────────────

const toInfo = (row: InfoRow): CompatibilityInfo => ({
  href: href.compatibilityInfo(row.id),
  compatibility_status: row.status,
  obligation: row.obligation,
  etag: etagOf(row.id, row.revision),
});

const obligationTexts = defineResource<InfoRow, CompatibilityInfo, CompatibilityInfoValues>({
  entity: 'compatibility_info',
  label: msg('thing.obligationText'),
  toApi: toInfo,
  load: (tx, id) => queries.findInfo(tx, id, true),
  insert: (tx, actor, input) => queries.insertInfo(tx, actor, input),
  update: (tx, row, actor, input) => queries.updateInfo(tx, row.id, actor, input),
  remove: (tx, row) => queries.deleteById(tx, 'compatibility_infos', row.id),
  refuse: async (tx, row) => {
    const count = await queries.countInfoUses(tx, row.id);
    return count > 0 ? plural('obligation.inUse', count) : null;
  },
});

export const createInfo = (db: Db, actor: Actor, input: CompatibilityInfoValues) =>
  obligationTexts.create(db, actor.username, input);
export const updateInfo = (db: Db, actor: Actor, id: number, input: CompatibilityInfoValues, ifMatch?: string) =>
  obligationTexts.update(db, actor.username, id, input, ifMatch);
export const deleteInfo = (db: Db, actor: Actor, id: number, ifMatch?: string) =>
  obligationTexts.remove(db, actor.username, id, ifMatch);
