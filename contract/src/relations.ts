import { z } from 'zod';
import { isoDateTime } from './common.js';

const hrefOf = (pattern: RegExp, what: string) => z.string().regex(pattern, `must be the href of ${what}`);
export const compatibilityInfoHref = hrefOf(/^\/api\/compatibility_infos\/[1-9][0-9]{0,9}$/, 'an obligation text');
export const referenceHref = hrefOf(/^\/api\/references\/[1-9][0-9]{0,9}$/, 'a reference');

export const compatibilityWrite = z
  .object({ compatibility_info: z.object({ href: compatibilityInfoHref }).strict() })
  .strict();

export const referenceWrite = z.object({ reference_info: z.object({ href: referenceHref }).strict() }).strict();

export const BATCH_MAX_ROWS = 2000;

/** One row of the relation table as it should be after saving. */
export const compatibilityBatchRow = z
  .object({
    to_id: z.number().int().positive(),
    /** null removes the compatibility (and its references and comments). */
    compatibility_info: z.object({ href: compatibilityInfoHref }).strict().nullable(),
    references: z.array(referenceHref).max(200).default([]),
    /** The ETag the row had when it was loaded; omit for a row that had no compatibility. */
    etag: z.string().max(100).optional(),
  })
  .strict();

export const compatibilityBatch = z
  .object({ rows: z.array(compatibilityBatchRow).min(1, 'send at least one row').max(BATCH_MAX_ROWS, `at most ${BATCH_MAX_ROWS} rows at once`) })
  .strict();
export type CompatibilityBatch = z.input<typeof compatibilityBatch>;

export const batchRowError = z.object({ to_id: z.number(), statusCode: z.number(), message: z.string() });
export const batchResult = z
  .object({ created: z.number(), updated: z.number(), deleted: z.number(), unchanged: z.number() })
  .meta({ id: 'BatchResult' });
export type BatchResult = z.infer<typeof batchResult>;

export const COMMENT_MAX = 4000;
export const commentInput = z
  .object({
    comment: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(COMMENT_MAX, `must be at most ${COMMENT_MAX} characters`),
  })
  .strict();

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
