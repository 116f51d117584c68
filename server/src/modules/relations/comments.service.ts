import type { Comment } from '@dp/contract';
import { withoutObligation } from '@dp/contract';
import type { Db, Executor } from '../../db/connection.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordChanges, type Change } from '../../writes/audit.js';
import { assertFresh, etagOf } from '../../writes/etag.js';
import { inTransaction } from '../../writes/guarded-write.js';
import type { ItemKind } from '../../db/kinds.js';
import { toIso } from '../../db/time.js';
import { rowErrors, type BatchTable, type CheckedRow, type RowError } from './batch-rows.js';
import {
  assertCompatiblePair,
  assertVersion,
  compatibilityName,
  loadForWrite,
  pairTaken,
  type CompatibilityTarget,
} from './pair-rules.js';
import * as queries from './relations.queries.js';
import type { CommentRow, StoredCompatibility } from './relations.queries.js';
// Messages of the catalog (contract/src/messages.ts), rendered in the language of the request.
import * as texts from '../../http/errors.js';

// Comments on compatibilities (SPEC 3): one at a time, or with the rows of a relation table's batch.

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

/** Reads a comment that was just written in this transaction. */
async function reread(tx: Executor, id: number, versionId: number): Promise<Comment> {
  const row = await queries.findComment(tx, id);
  if (!row) throw new Error(`comment ${id} vanished inside its own transaction`);
  return toComment(row, versionId);
}

export function addComment(db: Db, actor: string, target: CompatibilityTarget, text: string): Promise<Comment> {
  return inTransaction(db, pairTaken, async (tx) => {
    const current = await loadForWrite(tx, target, undefined);
    const id = await queries.insertComment(tx, current.id, actor, text);
    const comment = await reread(tx, id, target.versionId);
    await recordChanges(tx, [{ actor, action: 'create', entity: 'comment', entityId: id, after: comment }]);
    return comment;
  });
}

/** Where a comment is looked for: with `pair` (the path of SPEC 7), only on a compatibility of those kinds. */
type CommentPair = { fromKind: ItemKind; toKind: ItemKind } | undefined;

/**
 * Locks a comment for its author's change: only the author may change or delete a comment (SPEC 3),
 * and only at its current ETag when If-Match is sent. Answers it as it is now, seen from one of its versions.
 */
async function lockOwnComment(
  tx: Executor,
  actor: string,
  id: number,
  ifMatch: string | undefined,
  pair: CommentPair,
): Promise<{ versionId: number; before: Comment }> {
  const found = await queries.findComment(tx, id, true);
  const onPair =
    !pair ||
    (found !== null && [found.from_kind, found.to_kind].sort().join() === [pair.fromKind, pair.toKind].sort().join());
  const current = onPair ? found : null;
  if (!current) throw notFound(texts.numbered(texts.msg('thing.comment'), id));
  const before = toComment(current, current.from_version_id);
  if (current.author !== actor) throw new HttpError(403, texts.msg('relations.onlyAuthor', { author: current.author }));
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
  return { versionId: current.from_version_id, before };
}

/** Changes the text of an own comment (see lockOwnComment); answers it changed. */
export function updateComment(
  db: Db,
  actor: string,
  id: number,
  text: string,
  ifMatch: string | undefined,
  pair?: CommentPair,
): Promise<Comment> {
  if (pair) assertCompatiblePair(pair.fromKind, pair.toKind);
  return inTransaction(db, pairTaken, async (tx) => {
    const { versionId, before } = await lockOwnComment(tx, actor, id, ifMatch, pair);
    await queries.updateComment(tx, id, text);
    const after = await reread(tx, id, versionId);
    await recordChanges(tx, [{ actor, action: 'update', entity: 'comment', entityId: id, before, after }]);
    return after;
  });
}

/** Deletes an own comment (see lockOwnComment). */
export function deleteComment(
  db: Db,
  actor: string,
  id: number,
  ifMatch: string | undefined,
  pair?: CommentPair,
): Promise<void> {
  if (pair) assertCompatiblePair(pair.fromKind, pair.toKind);
  return inTransaction(db, pairTaken, async (tx) => {
    const { before } = await lockOwnComment(tx, actor, id, ifMatch, pair);
    await queries.deleteComment(tx, id);
    await recordChanges(tx, [{ actor, action: 'delete', entity: 'comment', entityId: id, before }]);
  });
}

/**
 * The comment rules for the rows of a batch, checked before anything is written: comments are added or
 * changed only where the row keeps or gets a compatibility, and changed or deleted only by their author,
 * on this row's compatibility, at the ETag the row saw.
 */
export async function checkBatchComments(
  tx: Executor,
  { actor, fromKind, versionId, toKind }: BatchTable,
  rows: CheckedRow[],
  existing: ReadonlyMap<number, StoredCompatibility>,
): Promise<RowError[]> {
  const refusals = rowErrors();
  const commentIds = rows.flatMap((r) =>
    r.comments ? [...r.comments.changed, ...r.comments.deleted].map((c) => c.id) : [],
  );
  const stored = new Map((await queries.findComments(tx, commentIds, true)).map((c) => [c.id, c]));
  for (const row of rows) {
    if (!row.comments) continue;
    const fail = refusals.of(row);
    const current = existing.get(row.to_id);
    const keepsOrGets = row.compatibility_info === undefined ? current !== undefined : row.compatibility_info !== null;
    if (withoutObligation(keepsOrGets, { comments: row.comments }).includes('comments')) {
      // Like a comment on a missing compatibility through the single-row call.
      fail(404, texts.msg('errors.notFound', { what: compatibilityName(fromKind, versionId, toKind, row.to_id) }));
    }
    // Removing the compatibility removes its comments: their deletions need no check.
    if (row.compatibility_info === null) continue;
    for (const { id, etag } of [...row.comments.changed, ...row.comments.deleted]) {
      const comment = stored.get(id);
      if (!comment || !current || comment.compatibility_id !== current.id)
        fail(404, texts.msg('errors.notFound', { what: texts.numbered(texts.msg('thing.comment'), id) }));
      else if (comment.author !== actor) fail(403, texts.msg('relations.onlyAuthor', { author: comment.author }));
      else if (etag !== undefined && etagOf(comment.id, comment.revision) !== etag) {
        fail(412, texts.msg('relations.rowStaleBy', { by: comment.author, at: toIso(comment.modification_time) }));
      }
    }
  }
  return refusals.errors;
}

/**
 * Writes the comment changes of checked rows, after the compatibilities (a new comment may belong to
 * a compatibility this batch creates); answers their audit entries.
 */
export async function applyBatchComments(
  tx: Executor,
  { actor, versionId }: BatchTable,
  rows: CheckedRow[],
  compatibilityIdOf: (toId: number) => number | undefined,
): Promise<Change[]> {
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
  if (updates.length + deletes.length + inserts.length === 0) return [];
  const commentsById = async (ids: number[]) =>
    new Map((await queries.findComments(tx, ids)).map((c) => [c.id, toComment(c, versionId)]));
  const before = await commentsById([...updates.map((u) => u.id), ...deletes]);
  await queries.deleteComments(tx, deletes);
  await queries.updateComments(tx, updates);
  const createdIds = await queries.insertComments(tx, inserts, actor);
  const after = await commentsById([...updates.map((u) => u.id), ...createdIds]);
  return [
    ...deletes.map((id): Change => ({
      actor,
      action: 'delete',
      entity: 'comment',
      entityId: id,
      before: before.get(id),
    })),
    ...updates.map(({ id }): Change => ({
      actor,
      action: 'update',
      entity: 'comment',
      entityId: id,
      before: before.get(id),
      after: after.get(id),
    })),
    ...createdIds.map((id): Change => ({
      actor,
      action: 'create',
      entity: 'comment',
      entityId: id,
      after: after.get(id),
    })),
  ];
}
