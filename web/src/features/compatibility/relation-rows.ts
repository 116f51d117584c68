import {
  idOfHref,
  withoutObligation,
  type Comment,
  type CompatibilityInfo,
  type CompatibilityStatus,
  type RelationRowRecord,
} from '@dp/contract';
import { cut, type RowChange, type TableComment } from '../../components/editable-table';
import type { BatchRow } from './api/save-compatibilities';

/** One row of a relation table: a version of the target kind and its compatibility to the selected version. */
export interface RelationRow {
  /** The target version's href. */
  id: string;
  toId: number;
  item: string;
  version: string;
  name2: string;
  /** The obligation text's href, or null when the versions have no compatibility. */
  obligation: string | null;
  status: CompatibilityStatus | null;
  /** Reference hrefs. */
  references: string[];
  /** The names of `references` (as loaded) by href. */
  referenceNames: Readonly<Record<string, string>>;
  /** The compatibility's ETag; set only when it exists. */
  etag?: string;
  comments: TableComment[];
  /** The version flag (versionRelation or containment); false where the relation has none. */
  flag: boolean;
}

export interface RelationData {
  /** The table's rows as the server sent them (GET {version}/compatibilities/{kind}/candidates). */
  candidates: RelationRowRecord[];
  comments: Comment[];
  currentUser: string | undefined;
}

/** A candidate's reference names by href (the server sends both lists in the same order). */
function namesOf(candidate: RelationRowRecord): Record<string, string> {
  const names: Record<string, string> = {};
  candidate.reference_hrefs.forEach((href, index) => {
    const name = candidate.references[index];
    if (name !== undefined) names[href] = name;
  });
  return names;
}

/** The rows of a relation table: the candidates loaded so far, with their comments and reference hrefs. */
export function buildRelationRows({ candidates, comments, currentUser }: RelationData): RelationRow[] {
  const commentsOf = new Map<number, TableComment[]>();
  for (const comment of comments) {
    const list = commentsOf.get(comment.to_id) ?? [];
    list.push({
      id: comment.id,
      comment: comment.comment,
      author: comment.author,
      canEdit: comment.author === currentUser,
      creation_time: comment.creation_time,
      modification_time: comment.modification_time,
    });
    commentsOf.set(comment.to_id, list);
  }
  return candidates.map((candidate) => {
    const toId = idOfHref(candidate.href);
    return {
      id: candidate.href,
      toId,
      item: candidate.parent_name,
      version: candidate.name ?? '',
      name2: candidate.name2 ?? '',
      obligation: candidate.obligation,
      status: candidate.status,
      // The table and the batch work with hrefs; the cells show the names.
      references: candidate.reference_hrefs,
      referenceNames: namesOf(candidate),
      ...(candidate.etag === null ? {} : { etag: candidate.etag }),
      comments: commentsOf.get(toId) ?? [],
      flag: candidate.flag,
    };
  });
}

/** A table cell value as an obligation href or null (a cleared select may give '' or undefined). */
function obligationValue(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A references cell value as hrefs (anything else counts as none). */
export function referenceValues(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * What the changes of a row carry that needs an obligation text the row does not have (or is about to
 * lose): the references chosen, the comments added or changed (the contract's rule, as the server applies it).
 */
export function withoutObligationOf(
  row: RelationRow,
  values: Record<string, unknown>,
): Array<'references' | 'comments'> {
  const obligation = 'obligation' in values ? obligationValue(values.obligation) : row.obligation;
  return withoutObligation(obligation !== null, {
    references: 'references' in values ? referenceValues(values.references) : [],
    comments: 'comments' in values ? commentWritesOf(values.comments) : undefined,
  });
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

export interface BatchRowOptions {
  /** Whether the table has the flag column (assembly relations). */
  withFlag?: boolean;
  /** The loaded comments by id: changed and deleted ones are sent with their ETag. */
  commentsById?: ReadonlyMap<number, Pick<Comment, 'etag'>>;
}

/**
 * The batch rows for the changed table rows, everything of a row in one entry: its obligation and
 * references when they changed (a cleared obligation sends null, which deletes the compatibility with
 * its references and comments), its flag when it changed, and its comment changes. A row sends the
 * ETag of its compatibility, or null when it had none, so that a concurrent change is refused.
 */
export function batchRowsOf(changes: ReadonlyArray<RowChange<RelationRow>>, options: BatchRowOptions = {}): BatchRow[] {
  const batch: BatchRow[] = [];
  for (const { row, values } of changes) {
    const entry: BatchRow = { to_id: row.toId };
    if ('obligation' in values || 'references' in values) {
      const obligation = 'obligation' in values ? obligationValue(values.obligation) : row.obligation;
      const references =
        obligation === null ? [] : 'references' in values ? referenceValues(values.references) : row.references;
      if (obligation !== row.obligation || !sameSet(references, row.references)) {
        entry.compatibility_info = obligation === null ? null : { href: obligation };
        entry.references = references;
        entry.etag = row.etag ?? null;
      }
    }
    if (options.withFlag && 'flag' in values && Boolean(values.flag) !== row.flag) entry.flag = Boolean(values.flag);
    // Removing the compatibility removes its comments with it.
    if ('comments' in values && entry.compatibility_info !== null) {
      const writes = commentWritesOf(values.comments);
      const etagOf = (id: number) => {
        const etag = options.commentsById?.get(id)?.etag;
        return etag !== undefined ? { etag } : {};
      };
      if (writes.added.length + writes.changed.length + writes.deleted.length > 0) {
        entry.comments = {
          added: writes.added,
          changed: writes.changed.map(({ id, comment }) => ({ id, comment, ...etagOf(id) })),
          deleted: writes.deleted.map((id) => ({ id, ...etagOf(id) })),
        };
      }
    }
    if (Object.keys(entry).length > 1) batch.push(entry);
  }
  return batch;
}

export interface ReferenceAddition {
  /** The batch that adds the references (rows that gain at least one). */
  batch: BatchRow[];
  /**
   * Rows whose obligation text is chosen in the open edit but not saved: their references join that
   * edit (the row's reference list as it will be saved) and are saved with the obligation by 'Save all'.
   */
  pending: Array<{ id: string; references: string[] }>;
  /** Selected rows left out because they have no obligation text. */
  skippedWithoutObligation: number;
  /** Row-reference pairs left out because the row has that reference already. */
  skippedDuplicates: number;
}

/**
 * Adds `referenceHrefs` to every selected row (SPEC 4): rows without an obligation are skipped,
 * references a row has already are skipped. `edited` gives a row with its unsaved edits: an obligation
 * chosen there counts as set (its row gets the references in its edit), one cleared there as unset.
 */
export function addReferencesToRows(
  rows: readonly RelationRow[],
  referenceHrefs: readonly string[],
  edited: (row: RelationRow) => RelationRow = (row) => row,
): ReferenceAddition {
  const result: ReferenceAddition = { batch: [], pending: [], skippedWithoutObligation: 0, skippedDuplicates: 0 };
  const wanted = [...new Set(referenceHrefs)];
  for (const row of rows) {
    const open = edited(row);
    const openObligation = obligationValue(open.obligation);
    if (openObligation === null) {
      result.skippedWithoutObligation++;
      continue;
    }
    if (row.obligation === null) {
      const current = referenceValues(open.references);
      const added = wanted.filter((href) => !current.includes(href));
      result.skippedDuplicates += wanted.length - added.length;
      if (added.length > 0) result.pending.push({ id: row.id, references: [...current, ...added] });
      continue;
    }
    const added = wanted.filter((href) => !row.references.includes(href));
    result.skippedDuplicates += wanted.length - added.length;
    if (added.length === 0) continue;
    result.batch.push({
      to_id: row.toId,
      compatibility_info: { href: row.obligation },
      references: [...row.references, ...added],
      ...(row.etag !== undefined ? { etag: row.etag } : {}),
    });
  }
  return result;
}

/** What the comments cell asks to write once the dialog's changes are saved. */
export interface CommentWrites {
  added: string[];
  changed: Array<{ id: number; comment: string }>;
  deleted: number[];
}

/** The comment writes a row's edited comments call for. */
function commentWritesOf(value: unknown): CommentWrites {
  const writes: CommentWrites = { added: [], changed: [], deleted: [] };
  if (!Array.isArray(value)) return writes;
  for (const comment of value as TableComment[]) {
    const id = typeof comment.id === 'number' ? comment.id : comment.id ? Number(comment.id) : undefined;
    if (comment.isDeleted) {
      if (id !== undefined && !comment.isNew) writes.deleted.push(id);
    } else if (comment.isNew || id === undefined) {
      if (comment.comment.trim() !== '') writes.added.push(comment.comment);
    } else if (comment.isChanged) {
      writes.changed.push({ id, comment: comment.comment });
    }
  }
  return writes;
}

/** The label of an obligation text in the select: its status, then the text cut to 60 characters (SPEC 9). */
export function obligationLabel(info: CompatibilityInfo, statusLabel: (status: CompatibilityStatus) => string): string {
  const text = cut(info.obligation, 60);
  return text ? `${statusLabel(info.compatibility_status)}: ${text}` : statusLabel(info.compatibility_status);
}
