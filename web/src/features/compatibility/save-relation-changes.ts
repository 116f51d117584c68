import type { BatchResult, Comment, KindPath } from '@dp/contract';
import { failureOf, type RowChange, type SaveFailure } from '../../components/editable-table';
import { BatchFailure, saveCompatibilityBatch } from './api/save-compatibilities';
import { batchRowsOf, withoutObligationOf, type RelationRow } from './relation-rows';

export interface RelationSaveContext {
  versionHref: string;
  target: KindPath;
  /** Whether the table has the flag column (assembly relations). */
  withFlag: boolean;
  /** The loaded comments by id: their ETag goes with a change or deletion. */
  commentsById: ReadonlyMap<number, Comment>;
  /** Texts of the failures this function writes itself. */
  messages: { notSaved: string; commentNeedsCompatibility: string; referencesNeedObligation: string };
}

export interface RelationSaveOutcome {
  /** What the batch did to the compatibilities; null when no row's obligation or references changed. */
  result: BatchResult | null;
  failed: SaveFailure[];
  /** The refused batch (nothing of this save was written). */
  refused?: BatchFailure;
}

/**
 * Saves the changed rows of a relation table in one batch: every row's obligation, references, flag
 * and comment changes go in one request, which the server applies in one transaction. If it refuses a
 * row, nothing is written and every changed row is reported failed, the refused ones with the server's
 * reason. Rows that cannot be saved as they are (references or comments without an obligation text)
 * are not sent; they keep their changes and say why.
 */
export async function saveRelationChanges(
  context: RelationSaveContext,
  changes: ReadonlyArray<RowChange<RelationRow>>,
): Promise<RelationSaveOutcome> {
  const { versionHref, target, messages } = context;
  const invalidFailures: SaveFailure[] = [];
  const valid: Array<RowChange<RelationRow>> = [];
  for (const change of changes) {
    const { row, values } = change;
    const [missing] = withoutObligationOf(row, values);
    if (missing === 'references') invalidFailures.push({ id: row.id, message: messages.referencesNeedObligation });
    else if (missing === 'comments') invalidFailures.push({ id: row.id, message: messages.commentNeedsCompatibility });
    else valid.push(change);
  }
  const batch = batchRowsOf(valid, { withFlag: context.withFlag, commentsById: context.commentsById });
  if (batch.length === 0) return { result: null, failed: invalidFailures };
  try {
    const result = await saveCompatibilityBatch(versionHref, target, batch);
    return {
      result: batch.some((row) => row.compatibility_info !== undefined) ? result : null,
      failed: invalidFailures,
    };
  } catch (error) {
    const reasons = new Map(error instanceof BatchFailure ? error.rows.map((row) => [row.to_id, row]) : []);
    const failed = valid.map(({ row }): SaveFailure => {
      const reason = reasons.get(row.toId);
      if (reason) return { id: row.id, message: reason.message, status: reason.statusCode };
      // Not refused itself, only not written: no 412 mark (and no 'Reload') on such a row.
      return reasons.size > 0 ? { id: row.id, message: messages.notSaved } : failureOf(row.id, error);
    });
    return {
      result: null,
      failed: [...invalidFailures, ...failed],
      refused: error instanceof BatchFailure ? error : undefined,
    };
  }
}
