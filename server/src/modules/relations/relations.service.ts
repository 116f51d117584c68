import type { BatchResult, Comment, RelatedItem } from '@dp/contract';
import { compatibilityBatchRow, idOfHref } from '@dp/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordChanges, type Change, type Executor } from '../../writes/audit.js';
import { cascadedDeletes } from '../../writes/cascades.js';
import { assertFresh, etagOf } from '../../writes/etag.js';
import { inTransaction } from '../../writes/guarded-write.js';
import { href, isCompatiblePair, kindRank, type ItemKind } from '../kinds.js';
import * as queries from './relations.queries.js';
import type { CommentRow, StoredCompatibility } from './relations.queries.js';
import { toIso } from '../time.js';
// Messages of the catalog (contract/src/messages.ts), rendered in the language of the request.
import * as texts from '../../http/errors.js';

/** Stored orientation of a pair (SPEC 3): by kind, and for one kind the smaller id first. */
function orient(aKind: ItemKind, a: number, bKind: ItemKind, b: number) {
  const aFirst = aKind === bKind ? a < b : kindRank[aKind] < kindRank[bKind];
  return aFirst
    ? { from: a, fromKind: aKind, to: b, toKind: bKind }
    : { from: b, fromKind: bKind, to: a, toKind: aKind };
}

function assertCompatiblePair(from: ItemKind, to: ItemKind) {
  if (!isCompatiblePair(from, to)) {
    throw new HttpError(400, texts.msg('relations.noPair', { from: texts.kindName(from), to: texts.kindName(to) }));
  }
}

// Two saves that create the same pair at once: the later one finds it taken.
const pairTaken = { compatibilities_pair_unique: texts.msg('relations.exists') };

async function assertVersion(tx: Executor, kind: ItemKind, id: number) {
  const kinds = await queries.versionKinds(tx, [id]);
  if (kinds.get(id) !== kind) throw notFound(texts.numbered(texts.kindVersionName(kind), id));
}

const auditState = (row: { compatibility_info_id: number; references: number[] }) => ({
  compatibility_info: href.compatibilityInfo(row.compatibility_info_id),
  references: row.references.map((id) => `/api/references/${id}`),
});

type BatchRow = z.output<typeof compatibilityBatchRow>;
interface RowError {
  to_id: number;
  statusCode: number;
  message: string | texts.Message;
  /** On a conflict (412): the row's compatibility now, null when it has none. */
  current?: { compatibility_info: string; references: string[]; etag: string } | null;
}

/** A batch row with the defaults applied; `sawNone` is an etag of null: the row had no compatibility when loaded. */
type CheckedRow = Omit<BatchRow, 'references' | 'etag'> & { references: string[]; etag?: string; sawNone: boolean };
const checkedRow = ({ references, etag, ...row }: BatchRow): CheckedRow => ({
  ...row,
  references: references ?? [],
  ...(typeof etag === 'string' ? { etag } : {}),
  sawNone: etag === null,
});

const currentStateOf = (c: StoredCompatibility | undefined) =>
  c ? { ...auditState(c), etag: etagOf(c.id, c.revision) } : null;

/** Assembly–assembly pairs carry the version-relation flag, assembly–sub-assembly pairs the containment flag. */
const hasFlag = (fromKind: ItemKind, toKind: ItemKind) =>
  fromKind !== 'system' && toKind !== 'system' && (fromKind === 'assembly' || toKind === 'assembly');

/**
 * The rules for a row's flag and comment changes and for `etag: null`, checked with the rest of the
 * batch (nothing is written yet): comments only by their author, on this row's compatibility, and only
 * where the row keeps or gets a compatibility.
 */
async function checkRowExtras(
  tx: Executor,
  actor: string,
  fromKind: ItemKind,
  versionId: number,
  toKind: ItemKind,
  rows: CheckedRow[],
  existing: ReadonlyMap<number, StoredCompatibility>,
): Promise<RowError[]> {
  const errors: RowError[] = [];
  const flagged = hasFlag(fromKind, toKind);
  const commentIds = rows.flatMap((r) =>
    r.comments ? [...r.comments.changed, ...r.comments.deleted].map((c) => c.id) : [],
  );
  const stored = new Map((await queries.findComments(tx, commentIds, true)).map((c) => [c.id, c]));
  for (const row of rows) {
    const fail = (statusCode: number, message: texts.Message) => errors.push({ to_id: row.to_id, statusCode, message });
    const current = existing.get(row.to_id);
    // Created by someone else since the row was loaded without one: the same conflict as a stale ETag.
    if (row.sawNone && current)
      fail(412, texts.msg('relations.rowStaleBy', { by: current.updated_by, at: toIso(current.modification_time) }));
    if (row.flag !== undefined && !flagged) {
      fail(
        404,
        texts.msg('errors.notFound', {
          what: texts.msg('thing.relation', { relation: href.versionRelation(fromKind, versionId, toKind, row.to_id) }),
        }),
      );
    }
    if (!row.comments) continue;
    const { added, changed, deleted } = row.comments;
    const keepsOrGets = row.compatibility_info === undefined ? current !== undefined : row.compatibility_info !== null;
    if (!keepsOrGets && (added.length > 0 || changed.length > 0)) {
      // Like a comment on a missing compatibility through the single-row call.
      const what = texts.msg('thing.compatibility', {
        from: texts.kindVersionName(fromKind),
        fromId: versionId,
        to: texts.kindVersionName(toKind),
        toId: row.to_id,
      });
      fail(404, texts.msg('errors.notFound', { what }));
    }
    // Removing the compatibility removes its comments: their deletions need no check.
    if (row.compatibility_info === null) continue;
    for (const { id, etag } of [...changed, ...deleted]) {
      const comment = stored.get(id);
      if (!comment || !current || comment.compatibility_id !== current.id)
        fail(404, texts.msg('errors.notFound', { what: texts.numbered(texts.msg('thing.comment'), id) }));
      else if (comment.author !== actor) fail(403, texts.msg('relations.onlyAuthor', { author: comment.author }));
      else if (etag !== undefined && etagOf(comment.id, comment.revision) !== etag) {
        fail(412, texts.msg('relations.rowStaleBy', { by: comment.author, at: toIso(comment.modification_time) }));
      }
    }
  }
  return errors;
}

/**
 * Writes the flag and comment changes of checked rows, after the compatibilities (a new comment may
 * belong to a compatibility this batch creates); answers their audit entries.
 */
async function applyRowExtras(
  tx: Executor,
  actor: string,
  fromKind: ItemKind,
  versionId: number,
  toKind: ItemKind,
  rows: CheckedRow[],
  compatibilityIdOf: (toId: number) => number | undefined,
): Promise<Change[]> {
  const changes: Change[] = [];
  const flagRows = rows.filter((r) => r.flag !== undefined);
  if (flagRows.length > 0) {
    const pairOf = (toId: number) => orient(fromKind, versionId, toKind, toId);
    const kinds = pairOf(flagRows[0]!.to_id);
    const set = await queries.insertVersionRelations(
      tx,
      { fromKind: kinds.fromKind, toKind: kinds.toKind },
      flagRows.filter((r) => r.flag).map((r) => pairOf(r.to_id)),
      actor,
    );
    const cleared = await queries.deleteVersionRelations(
      tx,
      flagRows.filter((r) => !r.flag).map((r) => pairOf(r.to_id)),
    );
    // Named from the assembly side, like the single-row flag calls.
    const entityId = (pair: { from_version_id: number; to_version_id: number }) => {
      const other = pair.from_version_id === versionId ? pair.to_version_id : pair.from_version_id;
      return fromKind === 'assembly'
        ? href.versionRelation(fromKind, versionId, toKind, other)
        : href.versionRelation(toKind, other, fromKind, versionId);
    };
    for (const pair of set)
      changes.push({
        actor,
        action: 'create',
        entity: 'version_relation',
        entityId: entityId(pair),
        after: { related: true },
      });
    for (const pair of cleared)
      changes.push({
        actor,
        action: 'delete',
        entity: 'version_relation',
        entityId: entityId(pair),
        before: { related: true },
      });
  }

  // A comment named twice: deleting wins over changing, the last change over earlier ones.
  const changedTexts = new Map<number, string>();
  const deleteSet = new Set<number>();
  const inserts: Array<{ compatibilityId: number; text: string }> = [];
  for (const row of rows) {
    // A removed compatibility took its comments with it.
    if (!row.comments || row.compatibility_info === null) continue;
    for (const c of row.comments.changed) changedTexts.set(c.id, c.comment);
    for (const c of row.comments.deleted) deleteSet.add(c.id);
    const compatibilityId = compatibilityIdOf(row.to_id);
    if (compatibilityId !== undefined) inserts.push(...row.comments.added.map((text) => ({ compatibilityId, text })));
  }
  const deletes = [...deleteSet];
  const updates = [...changedTexts].filter(([id]) => !deleteSet.has(id)).map(([id, text]) => ({ id, text }));
  if (updates.length + deletes.length + inserts.length === 0) return changes;
  const before = new Map(
    (await queries.findComments(tx, [...updates.map((u) => u.id), ...deletes])).map((c) => [
      c.id,
      toComment(c, versionId),
    ]),
  );
  await queries.deleteComments(tx, deletes);
  await queries.updateComments(tx, updates);
  const createdIds = await queries.insertComments(tx, inserts, actor);
  const after = new Map(
    (await queries.findComments(tx, [...updates.map((u) => u.id), ...createdIds])).map((c) => [
      c.id,
      toComment(c, versionId),
    ]),
  );
  for (const id of deletes)
    changes.push({ actor, action: 'delete', entity: 'comment', entityId: id, before: before.get(id) });
  for (const { id } of updates)
    changes.push({
      actor,
      action: 'update',
      entity: 'comment',
      entityId: id,
      before: before.get(id),
      after: after.get(id),
    });
  for (const id of createdIds)
    changes.push({ actor, action: 'create', entity: 'comment', entityId: id, after: after.get(id) });
  return changes;
}

/**
 * Saves the rows of one version's relation table in one transaction: each row says what the
 * compatibility to `to_id` should be (an obligation text and references, or none; omitted: as it is),
 * and may carry the row's flag and comment changes. If any row cannot be saved, nothing is, and the
 * answer lists every failing row.
 */
export async function saveCompatibilities(
  db: Db,
  actor: string,
  fromKind: ItemKind,
  versionId: number,
  toKind: ItemKind,
  batchRows: BatchRow[],
): Promise<BatchResult> {
  assertCompatiblePair(fromKind, toKind);
  const rows = batchRows.map(checkedRow);
  return inTransaction(db, pairTaken, async (tx) => {
    await assertVersion(tx, fromKind, versionId);
    const kinds = await queries.versionKinds(
      tx,
      rows.map((r) => r.to_id),
    );
    const infoIds = await queries.existingIds(
      tx,
      'compatibility_infos',
      rows.flatMap((r) => (r.compatibility_info ? [idOfHref(r.compatibility_info.href)] : [])),
    );
    const referenceIds = await queries.existingIds(
      tx,
      'references',
      rows.flatMap((r) => r.references.map(idOfHref)),
    );
    const existing = new Map<number, StoredCompatibility>();
    for (const c of await queries.lockCompatibilitiesOf(tx, versionId, toKind)) {
      existing.set(c.from_version_id === versionId ? c.to_version_id : c.from_version_id, c);
    }

    const errors: RowError[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      const fail = (statusCode: number, message: texts.Message) =>
        errors.push({ to_id: row.to_id, statusCode, message });
      const current = existing.get(row.to_id);
      if (seen.has(row.to_id)) fail(400, texts.msg('relations.rowTwice'));
      seen.add(row.to_id);
      if (kinds.get(row.to_id) !== toKind)
        fail(404, texts.msg('errors.notFound', { what: texts.numbered(texts.kindVersionName(toKind), row.to_id) }));
      else if (row.to_id === versionId) fail(400, texts.msg('relations.self'));
      if (row.compatibility_info && !infoIds.has(idOfHref(row.compatibility_info.href)))
        fail(400, texts.msg('relations.unknownObligation', { href: row.compatibility_info.href }));
      const unknownRefs = row.references.filter((r) => !referenceIds.has(idOfHref(r)));
      if (unknownRefs.length > 0) fail(400, texts.msg('relations.unknownReference', { href: unknownRefs.join(', ') }));
      if (!row.compatibility_info && row.references.length > 0)
        fail(400, texts.msg('relations.referencesNeedObligation'));
      if (row.etag !== undefined && (!current || etagOf(current.id, current.revision) !== row.etag)) {
        fail(
          412,
          current
            ? texts.msg('relations.rowStaleBy', { by: current.updated_by, at: toIso(current.modification_time) })
            : texts.msg('relations.rowStale'),
        );
      }
    }
    errors.push(...(await checkRowExtras(tx, actor, fromKind, versionId, toKind, rows, existing)));
    // Listed in row order; a conflict also says what the row holds now.
    const rowIndex = new Map(rows.map((r, i) => [r.to_id, i]));
    errors.sort((a, b) => rowIndex.get(a.to_id)! - rowIndex.get(b.to_id)!);
    for (const e of errors) if (e.statusCode === 412) e.current = currentStateOf(existing.get(e.to_id));
    if (errors.length > 0) {
      const status = [412, 403, 404].find((code) => errors.some((e) => e.statusCode === code)) ?? 400;
      throw new HttpError(
        status,
        texts.msg('relations.batchFailed', {
          failed: new Set(errors.map((e) => e.to_id)).size,
          total: rows.length,
          first: errors[0]!.message,
        }),
        { rows: errors },
      );
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
      const base = {
        actor,
        entity: 'compatibility',
        entityId: href.compatibility(fromKind, versionId, toKind, row.to_id),
      };
      if (row.compatibility_info === undefined) {
        // Only the flag or the comments of this row change.
        result.unchanged++;
        continue;
      }
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
        changes.push({
          ...base,
          action: 'create',
          after: auditState({ compatibility_info_id: infoId, references: wanted }),
        });
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
      changes.push({
        ...base,
        action: 'update',
        before: auditState(current),
        after: auditState({ compatibility_info_id: infoId, references: wanted }),
      });
      result.updated++;
    }

    changes.push(...(await cascadedDeletes.ofCompatibilities(tx, actor, toDelete)));
    await queries.deleteCompatibilities(tx, toDelete);
    await queries.updateCompatibilities(tx, toUpdate, actor);
    const created = await queries.insertCompatibilities(
      tx,
      { fromKind: pairKinds.fromKind, toKind: pairKinds.toKind },
      toCreate,
      actor,
    );
    const createdIds = new Map(created.map((c) => [`${c.from_version_id}-${c.to_version_id}`, c.id]));
    for (const row of toCreate) {
      const id = createdIds.get(`${row.from}-${row.to}`)!;
      referencesAdded.push(...row.references.map((ref): [number, number] => [id, ref]));
    }
    await queries.changeReferences(tx, referencesAdded, referencesRemoved);
    const compatibilityIdOf = (toId: number) => {
      const { from, to } = orient(fromKind, versionId, toKind, toId);
      return createdIds.get(`${from}-${to}`) ?? existing.get(toId)?.id;
    };
    changes.push(...(await applyRowExtras(tx, actor, fromKind, versionId, toKind, rows, compatibilityIdOf)));
    await recordChanges(tx, changes);
    return result;
  });
}

/** Reads one compatibility for a single-row write, checking both versions and the If-Match. */
async function loadForWrite(
  tx: Executor,
  fromKind: ItemKind,
  versionId: number,
  toKind: ItemKind,
  toId: number,
  ifMatch: string | undefined,
) {
  assertCompatiblePair(fromKind, toKind);
  await assertVersion(tx, fromKind, versionId);
  await assertVersion(tx, toKind, toId);
  const current = await queries.lockCompatibility(tx, versionId, toId);
  if (!current)
    throw notFound(
      texts.msg('thing.compatibility', {
        from: texts.kindVersionName(fromKind),
        fromId: versionId,
        to: texts.kindVersionName(toKind),
        toId,
      }),
    );
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
  const current = await inTransaction(db, pairTaken, async (tx) => {
    assertCompatiblePair(fromKind, toKind);
    await assertVersion(tx, fromKind, versionId);
    return queries.lockCompatibility(tx, versionId, toId);
  });
  if (mode === 'create' && current) throw new HttpError(409, texts.msg('relations.exists'));
  if (mode !== 'create' && !current)
    throw notFound(
      texts.msg('thing.compatibility', {
        from: texts.kindVersionName(fromKind),
        fromId: versionId,
        to: texts.kindVersionName(toKind),
        toId,
      }),
    );
  // If-Match may list several tags; compared strongly, so a weak W/"…" one matches nothing.
  const currentTag = current ? etagOf(current.id, current.revision) : undefined;
  const etag =
    mode === 'create'
      ? undefined
      : ifMatch === undefined || ifMatch === '*' || ifMatch.split(',').some((tag) => tag.trim() === currentTag)
        ? currentTag
        : ifMatch;
  const references = mode === 'update' && current ? current.references.map((id) => `/api/references/${id}`) : [];
  // A create says it saw no compatibility (etag null): the batch checks that again in its own
  // transaction, so a create that raced another one cannot overwrite it.
  const saved = saveCompatibilities(db, actor, fromKind, versionId, toKind, [
    {
      to_id: toId,
      compatibility_info: infoHref ? { href: infoHref } : null,
      references,
      ...(mode === 'create' ? { etag: null } : etag ? { etag } : {}),
    },
  ]);
  return mode === 'create' ? saved.catch((error: unknown) => Promise.reject(raceLostAsConflict(error))) : saved;
}

/** A create that found a compatibility inside its transaction answers like one that found it before. */
function raceLostAsConflict(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 412) return error;
  return new HttpError(409, texts.msg('relations.exists'), error.details);
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
  return inTransaction(db, pairTaken, async (tx) => {
    const current = await loadForWrite(tx, target.fromKind, target.versionId, target.toKind, target.toId, ifMatch);
    const referenceId = idOfHref(referenceHref);
    if (mode === 'add') {
      if ((await queries.existingIds(tx, 'references', [referenceId])).size === 0)
        throw notFound(texts.numbered(texts.msg('thing.reference'), referenceId));
      if (current.references.includes(referenceId)) throw new HttpError(409, texts.msg('relations.referenceExists'));
    } else if (!current.references.includes(referenceId)) {
      throw notFound(texts.msg('thing.referenceOnCompatibility', { id: referenceId }));
    }
    const link: Array<[number, number]> = [[current.id, referenceId]];
    await queries.changeReferences(tx, mode === 'add' ? link : [], mode === 'remove' ? link : []);
    await queries.updateCompatibilities(tx, [{ id: current.id, infoId: current.compatibility_info_id }], actor);
    const references =
      mode === 'add' ? [...current.references, referenceId] : current.references.filter((id) => id !== referenceId);
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

export async function listComments(
  db: Db,
  fromKind: ItemKind,
  versionId: number,
  toKind: ItemKind,
): Promise<Comment[]> {
  assertCompatiblePair(fromKind, toKind);
  await assertVersion(db, fromKind, versionId);
  return (await queries.listComments(db, versionId, toKind)).map((row) => toComment(row, versionId));
}

export function addComment(
  db: Db,
  actor: string,
  target: { fromKind: ItemKind; versionId: number; toKind: ItemKind; toId: number },
  text: string,
): Promise<Comment> {
  return inTransaction(db, pairTaken, async (tx) => {
    const current = await loadForWrite(tx, target.fromKind, target.versionId, target.toKind, target.toId, undefined);
    const id = await queries.insertComment(tx, current.id, actor, text);
    const comment = toComment((await queries.findComment(tx, id))!, target.versionId);
    await recordChanges(tx, [{ actor, action: 'create', entity: 'comment', entityId: id, after: comment }]);
    return comment;
  });
}

/**
 * Only the author may change or delete a comment (SPEC 3). With `pair` (the path of SPEC 7,
 * {itemsName}/compatibilities/{relationsName}/commentaries/{id}), the comment must be on a compatibility of those kinds.
 */
export function changeComment(
  db: Db,
  actor: string,
  id: number,
  text: string | null,
  ifMatch: string | undefined,
  pair?: { fromKind: ItemKind; toKind: ItemKind },
): Promise<Comment | null> {
  if (pair) assertCompatiblePair(pair.fromKind, pair.toKind);
  return inTransaction(db, pairTaken, async (tx) => {
    const found = await queries.findComment(tx, id, true);
    const onPair =
      !pair ||
      (found !== null && [found.from_kind, found.to_kind].sort().join() === [pair.fromKind, pair.toKind].sort().join());
    const current = onPair ? found : null;
    if (!current) throw notFound(texts.numbered(texts.msg('thing.comment'), id));
    const before = toComment(current, current.from_version_id);
    if (current.author !== actor)
      throw new HttpError(403, texts.msg('relations.onlyAuthor', { author: current.author }));
    assertFresh(
      ifMatch,
      {
        id: current.id,
        revision: current.revision,
        updated_by: current.author,
        modification_time: current.modification_time,
      },
      before,
    );
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

export async function listRelatedItems(
  db: Db,
  parentKind: ItemKind,
  parentId: number,
  childKind: ItemKind,
): Promise<RelatedItem[]> {
  if ((await queries.itemKind(db, parentId)) !== parentKind)
    throw notFound(texts.numbered(texts.kindName(parentKind), parentId));
  const rows = await queries.listContainmentCandidates(db, parentId, childKind);
  return rows.map((row) => ({
    href: href.item(childKind, row.href_id),
    name: row.name,
    related: row.relation_id !== null,
    relation: row.relation_id === null ? null : href.containment(parentKind, parentId, childKind, row.href_id),
  }));
}

export function setContainment(
  db: Db,
  actor: string,
  parent: { kind: ItemKind; id: number },
  child: { kind: ItemKind; id: number },
  related: boolean,
): Promise<boolean> {
  return inTransaction(db, pairTaken, async (tx) => {
    if ((await queries.itemKind(tx, parent.id)) !== parent.kind)
      throw notFound(texts.numbered(texts.kindName(parent.kind), parent.id));
    if ((await queries.itemKind(tx, child.id)) !== child.kind)
      throw notFound(texts.numbered(texts.kindName(child.kind), child.id));
    const entityId = href.containment(parent.kind, parent.id, child.kind, child.id);
    if (related) {
      const created = (await queries.insertContainment(tx, parent, child, actor)) !== null;
      if (created)
        await recordChanges(tx, [
          { actor, action: 'create', entity: 'containment', entityId, after: { related: true } },
        ]);
      return created;
    }
    const removed = await queries.deleteContainment(tx, parent.id, child.id);
    if (!removed) throw notFound(texts.msg('thing.relation', { relation: entityId }));
    await recordChanges(tx, [{ actor, action: 'delete', entity: 'containment', entityId, before: { related: true } }]);
    return true;
  });
}

// ── version relations (assembly ↔ assembly, assembly → sub-assembly) ─────────────────────────────

export async function listVersionRelations(db: Db, versionId: number, otherKind: ItemKind): Promise<string[]> {
  await assertVersion(db, 'assembly', versionId);
  return (await queries.listVersionRelationsOf(db, versionId, otherKind)).map((id) => href.version(otherKind, id));
}

export function setVersionRelation(
  db: Db,
  actor: string,
  versionId: number,
  otherKind: ItemKind,
  otherId: number,
  related: boolean,
): Promise<boolean> {
  return inTransaction(db, pairTaken, async (tx) => {
    await assertVersion(tx, 'assembly', versionId);
    await assertVersion(tx, otherKind, otherId);
    if (otherId === versionId) throw new HttpError(400, texts.msg('relations.selfRelated'));
    const entityId = href.versionRelation('assembly', versionId, otherKind, otherId);
    if (related) {
      const created =
        (await queries.insertVersionRelation(tx, orient('assembly', versionId, otherKind, otherId), actor)) !== null;
      if (created)
        await recordChanges(tx, [
          { actor, action: 'create', entity: 'version_relation', entityId, after: { related: true } },
        ]);
      return created;
    }
    if (!(await queries.deleteVersionRelation(tx, versionId, otherId)))
      throw notFound(texts.msg('thing.relation', { relation: entityId }));
    await recordChanges(tx, [
      { actor, action: 'delete', entity: 'version_relation', entityId, before: { related: true } },
    ]);
    return true;
  });
}
