import type { BatchResult, Comment, KindPath } from '@dp/contract';
import type { RowChange, SaveFailure } from '../../components/editable-table';
import { isApiFailure } from '../../lib/api-failure';
import { addCommentary, changeCommentary, deleteCommentary } from './api/commentaries';
import { BatchFailure, saveCompatibilityBatch } from './api/save-compatibilities';
import { setVersionFlag } from './api/version-flags';
import { batchRowsOf, commentWritesOf, referencesWithoutObligation, type RelationRow } from './relation-rows';

export interface RelationSaveContext {
  versionHref: string;
  target: KindPath;
  /** Whether the table has the flag column (assembly relations). */
  withFlag: boolean;
  /** The loaded comments by id: their href and ETag are needed to change or delete them. */
  commentsById: ReadonlyMap<number, Comment>;
  /** Texts of the failures this function writes itself. */
  messages: { notSaved: string; commentNeedsCompatibility: string; referencesNeedObligation: string };
}

export interface RelationSaveOutcome {
  /** What the batch did; null when no row's obligation or references changed. */
  result: BatchResult | null;
  failed: SaveFailure[];
  /** The refused batch (nothing of this save was written). */
  refused?: BatchFailure;
}

function failure(id: string, error: unknown): SaveFailure {
  return { id, message: error instanceof Error ? error.message : String(error), status: isApiFailure(error) ? error.status : undefined };
}

/**
 * Saves the changed rows of a relation table: first all obligations and references in one batch
 * (one transaction: if the server refuses a row, nothing is written and every changed row is reported
 * failed, the refused ones with the server's reason), then the flags and the comments row by row.
 */
export async function saveRelationChanges(context: RelationSaveContext, changes: ReadonlyArray<RowChange<RelationRow>>): Promise<RelationSaveOutcome> {
  const { versionHref, target, messages } = context;
  // References chosen on a row without an obligation text cannot be saved (the server refuses them
  // too); those rows keep their changes and say why, the others are saved.
  const invalid = new Set(changes.filter(({ row, values }) => referencesWithoutObligation(row, values)).map(({ row }) => row.id));
  const valid = changes.filter(({ row }) => !invalid.has(row.id));
  const invalidFailures = [...invalid].map((id): SaveFailure => ({ id, message: messages.referencesNeedObligation }));
  const batch = batchRowsOf(valid);
  let result: BatchResult | null = null;
  if (batch.length > 0) {
    try {
      result = await saveCompatibilityBatch(versionHref, target, batch);
    } catch (error) {
      const reasons = new Map(error instanceof BatchFailure ? error.rows.map((row) => [row.to_id, row]) : []);
      const failed = valid.map(({ row }): SaveFailure => {
        const reason = reasons.get(row.toId);
        if (reason) return { id: row.id, message: reason.message, status: reason.statusCode };
        // Not refused itself, only not written: no 412 mark (and no 'Reload') on such a row.
        return reasons.size > 0 ? { id: row.id, message: messages.notSaved } : failure(row.id, error);
      });
      return { result: null, failed: [...invalidFailures, ...failed], refused: error instanceof BatchFailure ? error : undefined };
    }
  }

  const failed: SaveFailure[] = [...invalidFailures];
  const savedObligation = new Map(batch.map((row) => [row.to_id, row.compatibility_info !== null]));
  for (const { row, values } of valid) {
    try {
      if (context.withFlag && 'flag' in values && Boolean(values.flag) !== row.flag) {
        await setVersionFlag(versionHref, target, row.toId, Boolean(values.flag));
      }
      if ('comments' in values) {
        const writes = commentWritesOf(values.comments);
        const hasCompatibility = savedObligation.get(row.toId) ?? row.obligation !== null;
        if (writes.added.length > 0 && !hasCompatibility) throw new Error(messages.commentNeedsCompatibility);
        // Removing the compatibility removed its comments with it.
        if (!hasCompatibility) continue;
        for (const id of writes.deleted) {
          const comment = context.commentsById.get(id);
          if (comment) await deleteCommentary(comment);
        }
        for (const { id, comment: text } of writes.changed) {
          const comment = context.commentsById.get(id);
          if (comment) await changeCommentary(comment, text);
        }
        for (const text of writes.added) await addCommentary(versionHref, target, row.toId, text);
      }
    } catch (error) {
      failed.push(failure(row.id, error));
    }
  }
  return { result, failed };
}
