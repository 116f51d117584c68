import { z } from './zod-setup.js';
import { issueKey } from './issue-key.js';
import { audit, compatibilityStatus, pageFilter, pageOf, pageParameters, sortsOf } from './catalog.js';
import { isoDateTime } from './common.js';
import { storedImagePath } from './images.js';

export const NAME_MAX = 200;
/** A version's name and name2 (its numbers). */
export const VERSION_NUMBER_MAX = 100;
export const TEXT_MAX = 4000;

/** A text that must not be empty once trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: issueKey('zod.text') })
    .trim()
    .min(1, issueKey('zod.notEmpty'))
    .max(max, issueKey('zod.maxChars'));
const optionalText = (max: number) =>
  z
    .string({ error: issueKey('zod.text') })
    .trim()
    .max(max, issueKey('zod.maxChars'));
/** An optional number field: empty text counts as not given. */
const optionalNumber = z
  .string({ error: issueKey('zod.text') })
  .trim()
  .max(VERSION_NUMBER_MAX, issueKey('zod.maxChars'))
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
      .max(1000, issueKey('zod.maxChars'))
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v === null || /^https?:\/\/\S+$/.test(v), issueKey('zod.httpLink')),
    image: imageInput.default(null),
  })
  .strict();
export type VersionInput = z.input<typeof versionInput>;
export type VersionValues = z.output<typeof versionInput>;

/**
 * What a copy sends (SPEC 7: name, name2, description, rscp_link) and whether the copy takes the
 * original's compatibilities (with their references) and version relations along; a client that does
 * not say gets them, as before this choice existed.
 */
export const copyVersionInput = versionInput.extend({ with_compatibilities: z.boolean().default(true) }).strict();
export type CopyVersionInput = z.input<typeof copyVersionInput>;
export type CopyVersionValues = z.output<typeof copyVersionInput>;

/** DELETE {version href}?with_compatibilities=true also deletes the version's compatibilities (audited). */
export const deleteVersionQuery = z.object({
  with_compatibilities: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** What a copy of a version would take along, and what a delete with its compatibilities would remove. */
export const versionUsage = z
  .object({ compatibilities: z.number().int(), version_relations: z.number().int() })
  .meta({ id: 'VersionUsage' });
export type VersionUsage = z.infer<typeof versionUsage>;

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

/** A reference as the relation tables offer it: its name alone (GET /api/references/names). */
export const referenceName = reference.pick({ href: true, reference: true }).meta({ id: 'ReferenceName' });
export type ReferenceName = z.infer<typeof referenceName>;

/** The orders of GET /api/references/page: a column, descending with a leading '-'. */
export const referenceSortColumns = [
  'reference',
  'description',
  'creation_time',
  'modification_time',
  'updated_by',
] as const;
export type ReferenceSortColumn = (typeof referenceSortColumns)[number];

export const referencePageQuery = z
  .object({
    sort: z.enum(sortsOf(referenceSortColumns)).default('reference'),
    /** References whose name, description or last editor contains the text, folded like the search. */
    reference: pageFilter,
    description: pageFilter,
    updated_by: pageFilter,
    ...pageParameters,
  })
  .strict();
export type ReferencePageQuery = z.infer<typeof referencePageQuery>;

export const referencePage = pageOf(reference, 'ReferencePage');
export type ReferencePage = z.infer<typeof referencePage>;

export const compatibilityInfoInput = z
  .object({ compatibility_status: compatibilityStatus, obligation: optionalText(TEXT_MAX).default('') })
  .strict();
export type CompatibilityInfoInput = z.input<typeof compatibilityInfoInput>;
export type CompatibilityInfoValues = z.output<typeof compatibilityInfoInput>;

/** What the history's entries are about: the catalog's entities and the database operations. */
export const HISTORY_ENTITIES = [
  'system',
  'assembly',
  'subassembly',
  'system_version',
  'assembly_version',
  'subassembly_version',
  'compatibility',
  'compatibility_info',
  'reference',
  'comment',
  'containment',
  'version_relation',
  'dataset_entry',
  'image',
  'backup',
  'transfer',
  'restore',
] as const;

/** GET /api/audit: the history, newest first, in keyset pages; every filter is optional and they combine. */
export const historyQuery = z
  .object({
    entity: z.string().trim().min(1).max(100).optional(),
    entity_id: z.string().trim().min(1).max(200).optional(),
    actor: z.string().trim().min(1).max(200).optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(100),
    after: z.string().max(200).optional(),
  })
  .strict();
export type HistoryQuery = z.infer<typeof historyQuery>;

/** One field that differs: a create has only `after`, a delete only `before`. */
export const fieldChange = z
  .object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })
  .meta({ id: 'FieldChange' });
export type FieldChange = z.infer<typeof fieldChange>;

export const auditEntry = z
  .object({
    id: z.number(),
    at: isoDateTime,
    actor: z.string(),
    action: z.enum(['create', 'update', 'delete']),
    entity: z.string(),
    entity_id: z.string(),
    /** Where the entity is read while it exists; null once it is gone (or for database operations). */
    href: z.string().nullable(),
    /** Shared by every entry written in one transaction. */
    change_set: z.string(),
    changes: z.array(fieldChange),
    /** The whole row before and after, as recorded. */
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;
export const historyPage = z
  .object({ items: z.array(auditEntry), next: z.string().nullable() })
  .meta({ id: 'HistoryPage' });
export type HistoryPage = z.infer<typeof historyPage>;
