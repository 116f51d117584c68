import { z } from 'zod';
import { renderMessage as text } from './messages.js';
import { audit, compatibilityStatus } from './catalog.js';
import { isoDateTime } from './common.js';
import { storedImagePath } from './images.js';

export const NAME_MAX = 200;
export const TEXT_MAX = 4000;

/** A text that must not be empty once trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: text('zod.text') })
    .trim()
    .min(1, text('zod.notEmpty'))
    .max(max, text('zod.maxChars', { max }));
const optionalText = (max: number) =>
  z
    .string({ error: text('zod.text') })
    .trim()
    .max(max, text('zod.maxChars', { max }));
/** An optional number field: empty text counts as not given. */
const optionalNumber = z
  .string({ error: text('zod.text') })
  .trim()
  .max(100, text('zod.maxChars', { max: 100 }))
  .nullable()
  .transform((v) => (v === '' ? null : v));

/** An uploaded image as the upload call returned it: paths under /api/images. */
export const imageInput = z
  .object({
    original: storedImagePath,
    thumbnail: storedImagePath,
  })
  .nullable();

/** What saving an item sends (SPEC 5): name, description and image only. */
export const itemInput = z
  .object({
    name: requiredText(NAME_MAX),
    description: optionalText(TEXT_MAX).default(''),
    image: imageInput.default(null),
  })
  .strict();
export type ItemInput = z.input<typeof itemInput>;
export type ItemValues = z.output<typeof itemInput>;

/** What saving a version sends (SPEC 5): name, name2, description, rscp_link and image only. */
export const versionInput = z
  .object({
    name: optionalNumber.default(null),
    name2: optionalNumber.default(null),
    description: optionalText(TEXT_MAX).default(''),
    rscp_link: z
      .string()
      .trim()
      .max(1000, text('zod.maxChars', { max: 1000 }))
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v === null || /^https?:\/\/\S+$/.test(v), text('zod.httpLink')),
    image: imageInput.default(null),
  })
  .strict();
export type VersionInput = z.input<typeof versionInput>;
export type VersionValues = z.output<typeof versionInput>;

export const referenceInput = z
  .object({ reference: requiredText(NAME_MAX), description: optionalText(TEXT_MAX).default('') })
  .strict();
export type ReferenceInput = z.input<typeof referenceInput>;
export type ReferenceValues = z.output<typeof referenceInput>;

export const reference = z
  .object({
    href: z.string(),
    reference: z.string(),
    description: z.string(),
    ...audit,
  })
  .meta({ id: 'Reference' });
export type Reference = z.infer<typeof reference>;

export const compatibilityInfoInput = z
  .object({ compatibility_status: compatibilityStatus, obligation: optionalText(TEXT_MAX).default('') })
  .strict();
export type CompatibilityInfoInput = z.input<typeof compatibilityInfoInput>;
export type CompatibilityInfoValues = z.output<typeof compatibilityInfoInput>;

export const auditEntry = z
  .object({
    id: z.number(),
    at: isoDateTime,
    actor: z.string(),
    action: z.enum(['create', 'update', 'delete']),
    entity: z.string(),
    entity_id: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;
