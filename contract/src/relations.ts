import { z } from './zod-setup.js';
import { issueKey } from './issue-key.js';
import { requiredText } from './base-data.js';
import { compatibilityStatus, pageFilter, pageOf, pageParameters, sortsOf, type KindPath } from './catalog.js';
import { DB_ID_MAX, dbId, idOfHref, isoDateTime } from './common.js';
import { compatibilityPairs } from './compatibility.js';

/** Whether two kinds can carry a compatibility, in either order: one of the pairs of `compatibilityPairs`. */
export function isCompatiblePair(a: KindPath, b: KindPath): boolean {
  return compatibilityPairs.some(([from, to]) => (from === a && to === b) || (from === b && to === a));
}

/** The flag between two versions that a relation table edits besides the compatibility (SPEC 3). */
export type VersionFlag = 'versionRelation' | 'containment';

/**
 * Which flag a pair carries, in either order: assembly versions are related to assembly versions
 * (versionRelation) and contain sub-assembly versions (containment); the other pairs carry none.
 */
export function versionFlagOf(a: KindPath, b: KindPath): VersionFlag | null {
  if (a === 'assemblies' && b === 'assemblies') return 'versionRelation';
  if ([a, b].includes('assemblies') && [a, b].includes('subassemblies')) return 'containment';
  return null;
}

/** What a row of a relation table carries besides its obligation text. */
export interface ObligationDependents {
  references?: readonly unknown[];
  /** Comment changes of the row; deleting comments needs no obligation. */
  comments?: { added: readonly unknown[]; changed: readonly unknown[] };
}

/**
 * SPEC 3: references and comments belong to a compatibility, and a compatibility exists only with an
 * obligation text. Answers what a row carries that needs one when it has none (or is about to lose it):
 * its references, and comments it adds or changes. Empty: the row may be saved as it is.
 */
export function withoutObligation(hasObligation: boolean, row: ObligationDependents): Array<'references' | 'comments'> {
  if (hasObligation) return [];
  const refused: Array<'references' | 'comments'> = [];
  if ((row.references?.length ?? 0) > 0) refused.push('references');
  if (row.comments && row.comments.added.length + row.comments.changed.length > 0) refused.push('comments');
  return refused;
}

// The id at the end must also fit PostgreSQL's integer (ten digits can exceed it).
const hrefOf = (pattern: RegExp, message: string) =>
  z
    .string()
    .regex(pattern, message)
    .refine((href) => idOfHref(href) <= DB_ID_MAX, message);
export const compatibilityInfoHref = hrefOf(
  /^\/api\/compatibility_infos\/[1-9][0-9]{0,9}$/,
  issueKey('zod.hrefObligation'),
);
export const referenceHref = hrefOf(/^\/api\/references\/[1-9][0-9]{0,9}$/, issueKey('zod.hrefReference'));

export const compatibilityWrite = z
  .object({ compatibility_info: z.object({ href: compatibilityInfoHref }).strict() })
  .strict();

export const referenceWrite = z.object({ reference_info: z.object({ href: referenceHref }).strict() }).strict();

export const BATCH_MAX_ROWS = 2000;

export const COMMENT_MAX = 4000;
const commentText = requiredText(COMMENT_MAX);
const commentId = dbId;
const commentEtag = z.string().max(100).optional();

/**
 * The comment changes of one row, saved with it: new comments (their author is the signed-in user),
 * changed and deleted ones (only by their author; with the comment's ETag, a concurrent change is refused).
 */
export const batchCommentChanges = z
  .object({
    added: z.array(commentText).max(50).default([]),
    changed: z
      .array(z.object({ id: commentId, comment: commentText, etag: commentEtag }).strict())
      .max(200)
      .default([]),
    deleted: z
      .array(z.object({ id: commentId, etag: commentEtag }).strict())
      .max(200)
      .default([]),
  })
  .strict();
export type BatchCommentChanges = z.input<typeof batchCommentChanges>;

/** One row of the relation table as it should be after saving. */
export const compatibilityBatchRow = z
  .object({
    to_id: dbId,
    /**
     * null removes the compatibility (and its references and comments); omitted leaves the
     * compatibility and its references as they are (a row that changes only its flag or comments).
     */
    compatibility_info: z.object({ href: compatibilityInfoHref }).strict().nullable().optional(),
    /** The row's references; only with compatibility_info (omitted there means none). */
    references: z.array(referenceHref).max(200).optional(),
    /**
     * The ETag the row had when it was loaded; null says the row had no compatibility then (a
     * compatibility created meanwhile is a conflict); omitted means no check.
     */
    etag: z.string().max(100).nullable().optional(),
    /** The versionRelation (assembly ↔ assembly) or containment (assembly → sub-assembly) flag. */
    flag: z.boolean().optional(),
    comments: batchCommentChanges.optional(),
  })
  .strict();

export const compatibilityBatch = z
  .object({
    rows: z
      .array(compatibilityBatchRow)
      .min(1, issueKey('zod.atLeastOneRow'))
      .max(BATCH_MAX_ROWS, issueKey('zod.maxRows')),
  })
  .strict();
export type CompatibilityBatch = z.input<typeof compatibilityBatch>;

/** A refused row; a conflict (412) also carries the row's current state and ETag (null: it has none now). */
export const batchRowError = z.object({
  to_id: z.number(),
  statusCode: z.number(),
  message: z.string(),
  current: z
    .object({ compatibility_info: z.string(), references: z.array(z.string()), etag: z.string() })
    .nullable()
    .optional(),
});
export type BatchRowError = z.infer<typeof batchRowError>;
export const batchResult = z
  .object({ created: z.number(), updated: z.number(), deleted: z.number(), unchanged: z.number() })
  .meta({ id: 'BatchResult' });
export type BatchResult = z.infer<typeof batchResult>;

export const commentInput = z.object({ comment: commentText }).strict();

export const comment = z
  .object({
    id: z.number(),
    href: z.string(),
    comment: z.string(),
    author: z.string(),
    /** The other version of the commented compatibility. */
    to_id: z.number(),
    creation_time: isoDateTime,
    modification_time: isoDateTime,
    etag: z.string(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof comment>;

/** A row of the relation editor: a candidate item, and whether it is related. */
export const relatedItem = z
  .object({ href: z.string(), name: z.string(), related: z.boolean(), relation: z.string().nullable() })
  .meta({ id: 'RelatedItem' });
export type RelatedItem = z.infer<typeof relatedItem>;

/** GET /api/{parent}/{id}/{child}/page: the relation editor's rows a page at a time. */
export const relatedItemPageQuery = z
  .object({
    /** By name; `related` puts the unrelated first, `-related` the related (each then by name); `-` for descending. */
    sort: z.enum(['name', '-name', 'related', '-related']).default('name'),
    /** Items whose name contains it, folded like the search. */
    name: pageFilter,
    ...pageParameters,
  })
  .strict();
export type RelatedItemPageQuery = z.infer<typeof relatedItemPageQuery>;

export const relatedItemPage = pageOf(relatedItem, 'RelatedItemPage');
export type RelatedItemPage = z.infer<typeof relatedItemPage>;

/** The orders of a relation table's rows; a leading '-' for descending. `item` is the catalog's order. */
export const relationRowSortColumns = ['item', 'version', 'name2', 'obligation', 'flag'] as const;

/** GET {version}/compatibilities/{kind}/candidates: a relation table's rows a page at a time. */
export const relationRowPageQuery = z
  .object({
    sort: z.enum(sortsOf(relationRowSortColumns)).default('item'),
    /** Rows whose item name, version number or material number contains it, folded like the search. */
    item: pageFilter,
    version: pageFilter,
    name2: pageFilter,
    /** Rows whose obligation text contains it, folded like the search. */
    obligation: pageFilter,
    /** Rows with a reference whose name contains it, folded like the search. */
    references: pageFilter,
    ...pageParameters,
  })
  .strict();
export type RelationRowPageQuery = z.infer<typeof relationRowPageQuery>;

/** A row of a relation table: a version of the other kind and its compatibility with the chosen version, if any. */
export const relationRow = z
  .object({
    href: z.string(),
    parent_name: z.string(),
    name: z.string().nullable(),
    name2: z.string().nullable(),
    /** The obligation text's href; null when the versions have no compatibility. */
    obligation: z.string().nullable(),
    status: compatibilityStatus.nullable(),
    /** Reference names, sorted. */
    references: z.array(z.string()),
    /** The hrefs of `references`, in the same order (what a batch row's `references` takes). */
    reference_hrefs: z.array(z.string()),
    /** The compatibility's ETag (send it back as If-Match); null without one. */
    etag: z.string().nullable(),
    /** The version flag of the assembly relations (SPEC 3); false where the relation has none. */
    flag: z.boolean(),
  })
  .meta({ id: 'RelationRow' });
export type RelationRowRecord = z.infer<typeof relationRow>;

export const relationRowPage = pageOf(relationRow, 'RelationRowPage');
export type RelationRowPage = z.infer<typeof relationRowPage>;
