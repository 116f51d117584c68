import type { CompatibilityInfo, CompatibilityInfoValues, Item, ItemValues, Reference, ReferenceValues, Version, VersionValues } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordChange } from '../../writes/audit.js';
import { translateDbError } from '../../writes/db-errors.js';
import { etagOf } from '../../writes/etag.js';
import { createRow, defineResource, deleteRow, updateRow } from '../../writes/guarded-write.js';
import { toItem, toVersion } from '../catalog/catalog.service.js';
import * as catalog from '../catalog/catalog.queries.js';
import { href, kindLabel, type ItemKind } from '../kinds.js';
import * as queries from './base-data.queries.js';
import type { InfoRow, ReferenceRow } from './base-data.queries.js';
import type { ItemRow, VersionRow } from '../catalog/catalog.queries.js';
import { toIso } from '../time.js';

const itemMessages = (kind: ItemKind, name: string) => ({
  items_kind_name_unique: `A ${kindLabel[kind].toLowerCase()} named '${name}' already exists.`,
  items_name_not_blank: 'The name must not be empty.',
});

const versionMessages = {
  versions_item_names_unique: 'This item already has a version with these numbers.',
  versions_names_rule: 'A version needs a part number (name) or a material number (name2).',
};

/** SPEC 3: a system version has a version number and no material number; others need at least one. */
function checkVersionNumbers(kind: ItemKind, v: { name: string | null; name2: string | null }) {
  if (kind === 'system') {
    if (!v.name) throw new HttpError(400, "Body 'name': a system version needs a version number.");
    if (v.name2) throw new HttpError(400, "Body 'name2': systems have no material number; leave it empty.");
  } else if (!v.name && !v.name2) {
    throw new HttpError(400, "Body 'name': give a part number (name) or a material number (name2), or both.");
  }
}

export interface Actor {
  username: string;
}

// ── items ────────────────────────────────────────────────────────────────────────────────────────

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const itemResources = Object.fromEntries(
  (['system', 'assembly', 'subassembly'] as const).map((kind) => [
    kind,
    defineResource<ItemRow, Item, ItemValues>({
      entity: kind,
      label: kindLabel[kind],
      toApi: toItem,
      messages: (input) => itemMessages(kind, input.name),
      load: (tx, id) => queries.lockItem(tx, kind, id),
      insert: (tx, actor, input) => queries.insertItem(tx, kind, actor, input),
      update: (tx, row, actor, input) => queries.updateItem(tx, row, actor, input),
      remove: (tx, row) => queries.deleteById(tx, 'items', row.id),
      refuse: async (tx, row) => {
        const count = await queries.countVersions(tx, row.id);
        return count > 0 ? `${kindLabel[kind]} '${row.name}' still has ${plural(count, 'version', 'versions')}; delete them first.` : null;
      },
    }),
  ]),
) as Record<ItemKind, ReturnType<typeof defineResource<ItemRow, Item, ItemValues>>>;

export const createItem = (db: Db, actor: Actor, kind: ItemKind, input: ItemValues) => itemResources[kind].create(db, actor.username, input);
export const updateItem = (db: Db, actor: Actor, kind: ItemKind, id: number, input: ItemValues, ifMatch?: string) =>
  itemResources[kind].update(db, actor.username, id, input, ifMatch);
export const deleteItem = (db: Db, actor: Actor, kind: ItemKind, id: number, ifMatch?: string) => itemResources[kind].remove(db, actor.username, id, ifMatch);

// ── versions ─────────────────────────────────────────────────────────────────────────────────────

export async function createVersion(db: Db, actor: Actor, kind: ItemKind, itemId: number, input: VersionValues): Promise<Version> {
  checkVersionNumbers(kind, input);
  return createRow({
    db,
    actor: actor.username,
    entity: `${kind}_version`,
    label: `${kindLabel[kind]} version`,
    toApi: (row: VersionRow) => toVersion(row, 'admin'),
    messages: versionMessages,
    insert: async (tx) => {
      if (!(await queries.lockItem(tx, kind, itemId))) throw notFound(`${kindLabel[kind]} ${itemId}`);
      return queries.insertVersion(tx, kind, itemId, actor.username, input);
    },
  });
}

export function updateVersion(db: Db, actor: Actor, kind: ItemKind, id: number, input: VersionValues, ifMatch?: string): Promise<Version> {
  checkVersionNumbers(kind, input);
  return updateRow({
    db,
    actor: actor.username,
    entity: `${kind}_version`,
    label: `${kindLabel[kind]} version ${id}`,
    toApi: (row: VersionRow) => toVersion(row, 'admin'),
    messages: versionMessages,
    ifMatch,
    load: (tx) => queries.lockVersion(tx, kind, id),
    update: (tx, row) => queries.updateVersion(tx, row, actor.username, input),
  });
}

export function deleteVersion(db: Db, actor: Actor, kind: ItemKind, id: number, ifMatch?: string): Promise<void> {
  return deleteRow({
    db,
    actor: actor.username,
    entity: `${kind}_version`,
    label: `${kindLabel[kind]} version ${id}`,
    toApi: (row: VersionRow) => toVersion(row, 'admin'),
    ifMatch,
    load: (tx) => queries.lockVersion(tx, kind, id),
    refuse: async (tx, row) => {
      const count = await queries.countCompatibilitiesOfVersion(tx, row.id);
      const label = [row.parent_name, row.name, row.name2].filter(Boolean).join(' ');
      return count > 0
        ? `Version '${label}' cannot be deleted while ${plural(count, 'compatibility relation exists', 'compatibility relations exist')}; remove them first.`
        : null;
    },
    remove: (tx, row) => queries.deleteById(tx, 'versions', row.id),
  });
}

/**
 * Copies a version under new numbers. The copy takes the original's compatibilities (with their
 * obligation texts and references) and version relations along: a new version of a part is almost
 * always compatible where its predecessor was, and the engineer then changes the few that differ
 * instead of re-entering hundreds. Comments stay with the original.
 */
export async function copyVersion(db: Db, actor: Actor, kind: ItemKind, id: number, input: VersionValues): Promise<Version & { copied_compatibilities: number }> {
  checkVersionNumbers(kind, input);
  try {
    return await db.transaction(async (tx) => {
      const original = await catalog.findVersion(tx, kind, id);
      if (!original) throw notFound(`${kindLabel[kind]} version ${id}`);
      const copy = await queries.insertVersion(tx, kind, original.item_id, actor.username, input);
      const copied = await queries.copyRelations(tx, original.id, copy.id, actor.username);
      const after = toVersion(copy, 'admin');
      await recordChange(tx, {
        actor: actor.username,
        action: 'create',
        entity: `${kind}_version`,
        entityId: copy.id,
        after: { ...after, copied_from: href.version(kind, original.id), copied_compatibilities: copied },
      });
      return { ...after, copied_compatibilities: copied };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return translateDbError(error, versionMessages);
  }
}

// ── references ───────────────────────────────────────────────────────────────────────────────────

export const toReference = (row: ReferenceRow): Reference => ({
  href: `/api/references/${row.id}`,
  reference: row.reference,
  description: row.description,
  creation_time: toIso(row.creation_time),
  modification_time: toIso(row.modification_time),
  created_by: row.created_by,
  updated_by: row.updated_by,
  etag: etagOf(row.id, row.revision),
});

const referenceMessages = (name: string) => ({
  references_reference_unique: `A reference '${name}' already exists.`,
  references_not_blank: 'The reference must not be empty.',
});

export async function listReferences(db: Db): Promise<Reference[]> {
  return (await queries.listReferences(db)).map(toReference);
}

const references = defineResource<ReferenceRow, Reference, ReferenceValues>({
  entity: 'reference',
  label: 'Reference',
  toApi: toReference,
  messages: (input) => referenceMessages(input.reference),
  load: (tx, id) => queries.findReference(tx, id, true),
  insert: (tx, actor, input) => queries.insertReference(tx, actor, input),
  update: (tx, row, actor, input) => queries.updateReference(tx, row.id, actor, input),
  remove: (tx, row) => queries.deleteById(tx, 'references', row.id),
  refuse: async (tx, row) => {
    const count = await queries.countReferenceUses(tx, row.id);
    return count > 0 ? `Reference '${row.reference}' is used by ${plural(count, 'compatibility', 'compatibilities')}; remove it there first.` : null;
  },
});

export const createReference = (db: Db, actor: Actor, input: ReferenceValues) => references.create(db, actor.username, input);
export const updateReference = (db: Db, actor: Actor, id: number, input: ReferenceValues, ifMatch?: string) =>
  references.update(db, actor.username, id, input, ifMatch);
export const deleteReference = (db: Db, actor: Actor, id: number, ifMatch?: string) => references.remove(db, actor.username, id, ifMatch);

// ── obligation texts ─────────────────────────────────────────────────────────────────────────────

const toInfo = (row: InfoRow): CompatibilityInfo => ({
  href: href.compatibilityInfo(row.id),
  compatibility_status: row.status,
  obligation: row.obligation,
  etag: etagOf(row.id, row.revision),
});

const obligationTexts = defineResource<InfoRow, CompatibilityInfo, CompatibilityInfoValues>({
  entity: 'compatibility_info',
  label: 'Obligation text',
  toApi: toInfo,
  load: (tx, id) => queries.findInfo(tx, id, true),
  insert: (tx, actor, input) => queries.insertInfo(tx, actor, input),
  update: (tx, row, actor, input) => queries.updateInfo(tx, row.id, actor, input),
  remove: (tx, row) => queries.deleteById(tx, 'compatibility_infos', row.id),
  refuse: async (tx, row) => {
    const count = await queries.countInfoUses(tx, row.id);
    return count > 0 ? `This obligation text is used by ${plural(count, 'compatibility', 'compatibilities')}; choose another text there first.` : null;
  },
});

export const createInfo = (db: Db, actor: Actor, input: CompatibilityInfoValues) => obligationTexts.create(db, actor.username, input);
export const updateInfo = (db: Db, actor: Actor, id: number, input: CompatibilityInfoValues, ifMatch?: string) =>
  obligationTexts.update(db, actor.username, id, input, ifMatch);
export const deleteInfo = (db: Db, actor: Actor, id: number, ifMatch?: string) => obligationTexts.remove(db, actor.username, id, ifMatch);
