import type { BatchResult, Comment, RelatedItem } from '@dp/contract';
import { compatibilityBatchRow } from '@dp/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordChanges, type Change, type Executor, type Tx } from '../../writes/audit.js';
import { translateDbError } from '../../writes/db-errors.js';
import { assertFresh, etagOf } from '../../writes/etag.js';
import { href, kindLabel, type ItemKind } from '../kinds.js';
import * as queries from './relations.queries.js';
import type { CommentRow, StoredCompatibility } from './relations.queries.js';
import { toIso } from '../time.js';

const rank: Record<ItemKind, number> = { system: 0, assembly: 1, subassembly: 2 };
const idOfHref = (value: string) => Number(value.slice(value.lastIndexOf('/') + 1));

/** Stored orientation of a pair (SPEC 3): by kind, and for one kind the smaller id first. */
export function orient(aKind: ItemKind, a: number, bKind: ItemKind, b: number) {
  const aFirst = aKind === bKind ? a < b : rank[aKind] < rank[bKind];
  return aFirst ? { from: a, fromKind: aKind, to: b, toKind: bKind } : { from: b, fromKind: bKind, to: a, toKind: aKind };
}

function assertCompatiblePair(from: ItemKind, to: ItemKind) {
  if (Math.abs(rank[from] - rank[to]) > 1) {
    throw new HttpError(400, `There are no compatibilities between ${kindLabel[from]} and ${kindLabel[to]} versions.`);
  }
}

async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return translateDbError(error);
  }
}

async function assertVersion(tx: Executor, kind: ItemKind, id: number) {
  const kinds = await queries.versionKinds(tx, [id]);
  if (kinds.get(id) !== kind) throw notFound(`${kindLabel[kind]} version ${id}`);
}

const auditState = (row: { compatibility_info_id: number; references: number[] }) => ({
  compatibility_info: href.compatibilityInfo(row.compatibility_info_id),
  references: row.references.map((id) => `/api/references/${id}`),
});

type BatchRow = z.output<typeof compatibilityBatchRow>;
interface RowError {
  to_id: number;
  statusCode: number;
  message: string;
}

/**
 * Saves the rows of one version's relation table in one transaction: each row says what the
 * compatibility to `to_id` should be (an obligation text and references, or none). If any row cannot
 * be saved, nothing is, and the answer lists every failing row.
 */
export async function saveCompatibilities(db: Db, actor: string, fromKind: ItemKind, versionId: number, toKind: ItemKind, rows: BatchRow[]): Promise<BatchResult> {
  assertCompatiblePair(fromKind, toKind);
  return inTransaction(db, async (tx) => {
    await assertVersion(tx, fromKind, versionId);
    const kinds = await queries.versionKinds(tx, rows.map((r) => r.to_id));
    const infoIds = await queries.existingIds(tx, 'compatibility_infos', rows.flatMap((r) => (r.compatibility_info ? [idOfHref(r.compatibility_info.href)] : [])));
    const referenceIds = await queries.existingIds(tx, 'references', rows.flatMap((r) => r.references.map(idOfHref)));
    const existing = new Map<number, StoredCompatibility>();
    for (const c of await queries.lockCompatibilitiesOf(tx, versionId, toKind)) {
      existing.set(c.from_version_id === versionId ? c.to_version_id : c.from_version_id, c);
    }

    const errors: RowError[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      const fail = (statusCode: number, message: string) => errors.push({ to_id: row.to_id, statusCode, message });
      const current = existing.get(row.to_id);
      if (seen.has(row.to_id)) fail(400, 'This version appears twice in the request.');
      seen.add(row.to_id);
      if (kinds.get(row.to_id) !== toKind) fail(404, `${kindLabel[toKind]} version ${row.to_id} was not found.`);
      else if (row.to_id === versionId) fail(400, 'A version cannot be compatible with itself.');
      if (row.compatibility_info && !infoIds.has(idOfHref(row.compatibility_info.href))) fail(400, `Obligation text ${row.compatibility_info.href} does not exist.`);
      const unknownRefs = row.references.filter((r) => !referenceIds.has(idOfHref(r)));
      if (unknownRefs.length > 0) fail(400, `Reference ${unknownRefs.join(', ')} does not exist.`);
      if (!row.compatibility_info && row.references.length > 0) fail(400, 'References need an obligation text on the row.');
      if (row.etag !== undefined && (!current || etagOf(current.id, current.revision) !== row.etag.replace(/^W\//, ''))) {
        fail(412, `Someone else changed this row${current ? ` (${current.updated_by}, ${toIso(current.modification_time)})` : ''} after you loaded it; reload to see the current state.`);
      }
    }
    if (errors.length > 0) {
      const status = errors.some((e) => e.statusCode === 412) ? 412 : errors.some((e) => e.statusCode === 404) ? 404 : 400;
      throw new HttpError(status, `${errors.length} of ${rows.length} rows could not be saved, so nothing was saved. ${errors[0]!.message}`, { rows: errors });
    }

    // Decide every row first, then apply each kind of change in one statement.
    const result: BatchResult = { created: 0, updated: 0, deleted: 0, unchanged: 0 };
    const changes: Change[] = [];
    const toDelete: number[] = [];
    const toCreate: Array<{ from: number; to: number; infoId: number; references: number[] }> = [];
    const toUpdate: Array<{ id: number; infoId: number }> = [];
    const referencesAdded: Array<[number, number]> = [];
    const referencesRemoved: Array<[number, number]> = [];
    const pairKinds = orient(fromKind, versionId, toKind, rows[0]!.to_id);
    for (const row of rows) {
      const current = existing.get(row.to_id);
      const base = { actor, entity: 'compatibility', entityId: href.compatibility(fromKind, versionId, toKind, row.to_id) };
      if (!row.compatibility_info) {
        if (!current) {
          result.unchanged++;
          continue;
        }
        toDelete.push(current.id);
        changes.push({ ...base, action: 'delete', before: auditState(current) });
        result.deleted++;
        continue;
      }
      const infoId = idOfHref(row.compatibility_info.href);
      const wanted = [...new Set(row.references.map(idOfHref))].sort((a, b) => a - b);
      if (!current) {
        const { from, to } = orient(fromKind, versionId, toKind, row.to_id);
        toCreate.push({ from, to, infoId, references: wanted });
        changes.push({ ...base, action: 'create', after: auditState({ compatibility_info_id: infoId, references: wanted }) });
        result.created++;
        continue;
      }
      const add = wanted.filter((id) => !current.references.includes(id));
      const remove = current.references.filter((id) => !wanted.includes(id));
      if (current.compatibility_info_id === infoId && add.length === 0 && remove.length === 0) {
        result.unchanged++;
        continue;
      }
      toUpdate.push({ id: current.id, infoId });
      referencesAdded.push(...add.map((ref): [number, number] => [current.id, ref]));
      referencesRemoved.push(...remove.map((ref): [number, number] => [current.id, ref]));
      changes.push({ ...base, action: 'update', before: auditState(current), after: auditState({ compatibility_info_id: infoId, references: wanted }) });
      result.updated++;
    }

    await queries.deleteCompatibilities(tx, toDelete);
    await queries.updateCompatibilities(tx, toUpdate, actor);
    const created = await queries.insertCompatibilities(tx, { fromKind: pairKinds.fromKind, toKind: pairKinds.toKind }, toCreate, actor);
    const createdIds = new Map(created.map((c) => [`${c.from_version_id}-${c.to_version_id}`, c.id]));
    for (const row of toCreate) {
      const id = createdIds.get(`${row.from}-${row.to}`)!;
      referencesAdded.push(...row.references.map((ref): [number, number] => [id, ref]));
    }
    await queries.changeReferences(tx, referencesAdded, referencesRemoved);
    await recordChanges(tx, changes);
    return result;
  });
}

/** Reads one compatibility for a single-row write, checking both versions and the If-Match. */
async function loadForWrite(tx: Executor, fromKind: ItemKind, versionId: number, toKind: ItemKind, toId: number, ifMatch: string | undefined) {
  assertCompatiblePair(fromKind, toKind);
  await assertVersion(tx, fromKind, versionId);
  await assertVersion(tx, toKind, toId);
  const current = await queries.lockCompatibility(tx, versionId, toId);
  if (!current) throw notFound(`The compatibility between ${kindLabel[fromKind]} version ${versionId} and ${kindLabel[toKind]} version ${toId}`);
  assertFresh(ifMatch, current, auditState(current));
  return current;
}

/** Single-row writes of SPEC 7 (POST creates, PUT changes, DELETE removes), through the batch rules. */
export async function writeCompatibility(
  db: Db,
  actor: string,
  target: { fromKind: ItemKind; versionId: number; toKind: ItemKind; toId: number },
  mode: 'create' | 'update' | 'delete',
  infoHref: string | null,
  ifMatch: string | undefined,
): Promise<BatchResult> {
  const { fromKind, versionId, toKind, toId } = target;
  const current = await inTransaction(db, async (tx) => {
    assertCompatiblePair(fromKind, toKind);
    await assertVersion(tx, fromKind, versionId);
    return queries.lockCompatibility(tx, versionId, toId);
  });
  if (mode === 'create' && current) throw new HttpError(409, 'This compatibility exists already; change it instead.');
  if (mode !== 'create' && !current) throw notFound(`The compatibility between ${kindLabel[fromKind]} version ${versionId} and ${kindLabel[toKind]} version ${toId}`);
  const etag = mode === 'create' ? undefined : ifMatch === undefined || ifMatch === '*' ? etagOf(current!.id, current!.revision) : ifMatch;
  const references = mode === 'update' && current ? current.references.map((id) => `/api/references/${id}`) : [];
  return saveCompatibilities(db, actor, fromKind, versionId, toKind, [
    { to_id: toId, compatibility_info: infoHref ? { href: infoHref } : null, references, ...(etag ? { etag } : {}) },
  ]);
}

/** Adds or removes one reference of a compatibility. */
export function changeReference(
  db: Db,
  actor: string,
  target: { fromKind: ItemKind; versionId: number; toKind: ItemKind; toId: number },
  referenceHref: string,
  mode: 'add' | 'remove',
  ifMatch: string | undefined,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    const current = await loadForWrite(tx, target.fromKind, target.versionId, target.toKind, target.toId, ifMatch);
    const referenceId = idOfHref(referenceHref);
    if (mode === 'add') {
      if ((await queries.existingIds(tx, 'references', [referenceId])).size === 0) throw notFound(`Reference ${referenceId}`);
      if (current.references.includes(referenceId)) throw new HttpError(409, 'This reference is already on the compatibility.');
    } else if (!current.references.includes(referenceId)) {
      throw notFound(`Reference ${referenceId} on this compatibility`);
    }
    const link: Array<[number, number]> = [[current.id, referenceId]];
    await queries.changeReferences(tx, mode === 'add' ? link : [], mode === 'remove' ? link : []);
    await queries.updateCompatibilities(tx, [{ id: current.id, infoId: current.compatibility_info_id }], actor);
    const references = mode === 'add' ? [...current.references, referenceId] : current.references.filter((id) => id !== referenceId);
    await recordChanges(tx, [
      {
        actor,
        action: 'update',
        entity: 'compatibility',
        entityId: href.compatibility(target.fromKind, target.versionId, target.toKind, target.toId),
        before: auditState(current),
        after: auditState({ ...current, references }),
      },
    ]);
  });
}

// ── comments ─────────────────────────────────────────────────────────────────────────────────────

const toComment = (row: CommentRow, versionId: number): Comment => ({
  id: row.id,
  href: `/api/commentaries/${row.id}`,
  comment: row.comment,
  author: row.author,
  to_id: row.from_version_id === versionId ? row.to_version_id : row.from_version_id,
  creation_time: toIso(row.creation_time),
  modification_time: toIso(row.modification_time),
  etag: etagOf(row.id, row.revision),
});

export async function listComments(db: Db, fromKind: ItemKind, versionId: number, toKind: ItemKind): Promise<Comment[]> {
  assertCompatiblePair(fromKind, toKind);
  await assertVersion(db, fromKind, versionId);
  return (await queries.listComments(db, versionId, toKind)).map((row) => toComment(row, versionId));
}

export function addComment(db: Db, actor: string, target: { fromKind: ItemKind; versionId: number; toKind: ItemKind; toId: number }, text: string): Promise<Comment> {
  return inTransaction(db, async (tx) => {
    const current = await loadForWrite(tx, target.fromKind, target.versionId, target.toKind, target.toId, undefined);
    const id = await queries.insertComment(tx, current.id, actor, text);
    const comment = toComment((await queries.findComment(tx, id))!, target.versionId);
    await recordChanges(tx, [{ actor, action: 'create', entity: 'comment', entityId: id, after: comment }]);
    return comment;
  });
}

/** Only the author may change or delete a comment (SPEC 3). */
export function changeComment(db: Db, actor: string, id: number, text: string | null, ifMatch: string | undefined): Promise<Comment | null> {
  return inTransaction(db, async (tx) => {
    const current = await queries.findComment(tx, id, true);
    if (!current) throw notFound(`Comment ${id}`);
    const before = toComment(current, current.from_version_id);
    if (current.author !== actor) throw new HttpError(403, `Only the author (${current.author}) may change or delete this comment.`);
    assertFresh(ifMatch, { id: current.id, revision: current.revision, updated_by: current.author, modification_time: current.modification_time }, before);
    if (text === null) {
      await queries.deleteComment(tx, id);
      await recordChanges(tx, [{ actor, action: 'delete', entity: 'comment', entityId: id, before }]);
      return null;
    }
    await queries.updateComment(tx, id, text);
    const after = toComment((await queries.findComment(tx, id))!, current.from_version_id);
    await recordChanges(tx, [{ actor, action: 'update', entity: 'comment', entityId: id, before, after }]);
    return after;
  });
}

// ── containments (systems → assemblies, assemblies → sub-assemblies) ──────────────────────────────

export async function listRelatedItems(db: Db, parentKind: ItemKind, parentId: number, childKind: ItemKind): Promise<RelatedItem[]> {
  if ((await queries.itemKind(db, parentId)) !== parentKind) throw notFound(`${kindLabel[parentKind]} ${parentId}`);
  const rows = await queries.listContainmentCandidates(db, parentId, childKind);
  return rows.map((row) => ({
    href: href.item(childKind, row.href_id),
    name: row.name,
    related: row.relation_id !== null,
    relation: row.relation_id === null ? null : href.containment(parentKind, parentId, childKind, row.href_id),
  }));
}

export function setContainment(db: Db, actor: string, parent: { kind: ItemKind; id: number }, child: { kind: ItemKind; id: number }, related: boolean): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if ((await queries.itemKind(tx, parent.id)) !== parent.kind) throw notFound(`${kindLabel[parent.kind]} ${parent.id}`);
    if ((await queries.itemKind(tx, child.id)) !== child.kind) throw notFound(`${kindLabel[child.kind]} ${child.id}`);
    const entityId = href.containment(parent.kind, parent.id, child.kind, child.id);
    if (related) {
      const created = (await queries.insertContainment(tx, parent, child, actor)) !== null;
      if (created) await recordChanges(tx, [{ actor, action: 'create', entity: 'containment', entityId, after: { related: true } }]);
      return created;
    }
    const removed = await queries.deleteContainment(tx, parent.id, child.id);
    if (!removed) throw notFound(`The relation ${entityId}`);
    await recordChanges(tx, [{ actor, action: 'delete', entity: 'containment', entityId, before: { related: true } }]);
    return true;
  });
}

// ── version relations (assembly ↔ assembly, assembly → sub-assembly) ─────────────────────────────

export async function listVersionRelations(db: Db, versionId: number, otherKind: ItemKind): Promise<string[]> {
  await assertVersion(db, 'assembly', versionId);
  return (await queries.listVersionRelationsOf(db, versionId, otherKind)).map((id) => href.version(otherKind, id));
}

export function setVersionRelation(db: Db, actor: string, versionId: number, otherKind: ItemKind, otherId: number, related: boolean): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await assertVersion(tx, 'assembly', versionId);
    await assertVersion(tx, otherKind, otherId);
    if (otherId === versionId) throw new HttpError(400, 'A version cannot be related to itself.');
    const entityId = href.versionRelation('assembly', versionId, otherKind, otherId);
    if (related) {
      const created = (await queries.insertVersionRelation(tx, orient('assembly', versionId, otherKind, otherId), actor)) !== null;
      if (created) await recordChanges(tx, [{ actor, action: 'create', entity: 'version_relation', entityId, after: { related: true } }]);
      return created;
    }
    if (!(await queries.deleteVersionRelation(tx, versionId, otherId))) throw notFound(`The relation ${entityId}`);
    await recordChanges(tx, [{ actor, action: 'delete', entity: 'version_relation', entityId, before: { related: true } }]);
    return true;
  });
}
