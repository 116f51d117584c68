import { z } from './zod-setup.js';
import { DB_ID_MAX, idOfHref } from './common.js';
import { issueKey } from './issue-key.js';

/** The label sheets POST /api/labels prints: A4 with 3 × 8 or 2 × 7 labels, or single 62 mm labels. */
export const labelLayouts = ['a4-3x8', 'a4-2x7', '62mm'] as const;
export const labelLayout = z.enum(labelLayouts);
export type LabelLayout = z.infer<typeof labelLayout>;

/** Places per page of each layout (the label printer's tape has one). */
export const LABELS_PER_PAGE: Record<LabelLayout, number> = { 'a4-3x8': 24, 'a4-2x7': 14, '62mm': 1 };
/** One request prints at most this many labels (issue 44). */
export const LABELS_MAX = 2000;

// The id at the end must also fit PostgreSQL's integer (ten digits can exceed it).
export const versionHref = z
  .string()
  .regex(/^\/api\/(systems|assemblies|subassemblies)\/versions\/[1-9][0-9]{0,9}$/, issueKey('zod.hrefVersion'))
  .refine((href) => idOfHref(href) <= DB_ID_MAX, issueKey('zod.hrefVersion'));

export const labelRequest = z
  .object({
    /** One label per entry, in this order; a version named twice gets two labels. */
    versions: z.array(versionHref).min(1).max(LABELS_MAX),
    layout: labelLayout,
    /** Places of the first sheet left empty (a sheet already partly used). */
    skip: z
      .number()
      .int()
      .min(0)
      .max(LABELS_PER_PAGE['a4-3x8'] - 1)
      .default(0),
  })
  .strict()
  .refine((request) => request.skip < LABELS_PER_PAGE[request.layout], {
    message: issueKey('zod.labelSkip'),
    path: ['skip'],
  })
  .meta({ id: 'LabelRequest' });
export type LabelRequest = z.infer<typeof labelRequest>;
