import { z } from './zod-setup.js';
import { asOf, isoDateTime } from './common.js';
import { issueKey } from './issue-key.js';

/** The URL path segment of each item kind. */
export const kindPaths = ['systems', 'assemblies', 'subassemblies'] as const;
export const kindPath = z.enum(kindPaths);
export type KindPath = z.infer<typeof kindPath>;

export const compatibilityStatuses = ['allowed', 'conditional', 'forbidden', 'irrelevant'] as const;
export const compatibilityStatus = z.enum(compatibilityStatuses);
export type CompatibilityStatus = z.infer<typeof compatibilityStatus>;

export const image = z.object({ original: z.string(), thumbnail: z.string() }).nullable();

/** Who created and changed an entry, and when; its ETag. */
export const audit = {
  creation_time: isoDateTime,
  modification_time: isoDateTime,
  created_by: z.string(),
  updated_by: z.string(),
  /** Send back as If-Match when changing the entry. */
  etag: z.string(),
};

export const version = z
  .object({
    href: z.string(),
    name: z.string().nullable(),
    /** Material number; always null for systems. */
    name2: z.string().nullable(),
    description: z.string(),
    /** Link to the external page; left out for extern users. */
    rscp_link: z.string().nullable().optional(),
    image,
    parent_name: z.string(),
    parent: z.object({ href: z.string(), name: z.string(), description: z.string() }),
    ...audit,
  })
  .meta({ id: 'Version' });
export type Version = z.infer<typeof version>;

export const item = z
  .object({
    href: z.string(),
    name: z.string(),
    description: z.string(),
    image,
    ...audit,
  })
  .meta({ id: 'Item' });
export type Item = z.infer<typeof item>;

export const itemWithVersions = item
  .extend({ versions: z.array(version.omit({ parent: true })) })
  .meta({ id: 'ItemWithVersions' });
export type ItemWithVersions = z.infer<typeof itemWithVersions>;

/** Most entries one page of a paged listing holds, and how many it holds unless asked. */
/** Entries a page holds at most, and when `limit` is not given. */
export const PAGE_MAX = 200;
export const PAGE_DEFAULT = 100;

/** `limit` and `after` of every paged listing (keyset pages). */
export const pageParameters = {
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  /**
   * The `next` of the previous page: opaque, only ever taken from an answer. Long enough for a key of an item
   * name and two version numbers of the longest the API takes, each character escaped in JSON (6 bytes) and
   * then base64url-encoded.
   */
  after: z
    .string()
    .max(4096, issueKey('zod.maxChars'))
    .regex(/^[A-Za-z0-9_-]+$/, issueKey('zodIssue.format'))
    .optional(),
};

/** A column filter of a paged listing: the entries whose value contains it, folded like the search. */
export const pageFilter = z.string().max(200, issueKey('zod.maxChars')).optional();

/** The values a paged listing's `sort` takes: each of `columns`, and each descending with a leading '-'. */
export const sortsOf = <const Column extends string>(columns: readonly Column[]) =>
  columns.flatMap((column) => [column, `-${column}` as const]);

// Strict like the other query strings: a misspelt parameter is refused rather than silently ignored.
export const versionPageQuery = z
  .object({
    /** Text filter: versions whose label (item name, name, name2) contains it, folded like the search. */
    q: pageFilter,
    ...pageParameters,
    at: asOf,
  })
  .strict();
export type VersionPageQuery = z.infer<typeof versionPageQuery>;

/** GET /api/{kind}/versions/by-label: a browser link's `data`, resolved on the server (SPEC 2). */
export const versionByLabelQuery = z
  .object({
    /** A version's label, or a text within one; folded like the search. */
    label: z.string().max(1000, issueKey('zod.maxChars')),
    at: asOf,
  })
  .strict();
export type VersionByLabelQuery = z.infer<typeof versionByLabelQuery>;

export const versionPage = z
  .object({
    /** In the order of GET /api/{kind}/versions: items by name, then their versions in natural order. */
    versions: z.array(version),
    /** Pass as `after` for the following page; null on the last page. */
    next: z.string().nullable(),
  })
  .meta({ id: 'VersionPage' });
export type VersionPage = z.infer<typeof versionPage>;

/** The orders of GET /api/{kind}/page: a column, descending with a leading '-'. */
export const itemSortColumns = ['name', 'creation_time', 'modification_time', 'updated_by'] as const;
export type ItemSortColumn = (typeof itemSortColumns)[number];

export const itemPageQuery = z
  .object({
    sort: z.enum(sortsOf(itemSortColumns)).default('name'),
    /** Items whose name contains it, folded like the search. */
    name: pageFilter,
    /** Items last changed by a user whose name contains it, folded like the search. */
    updated_by: pageFilter,
    ...pageParameters,
    at: asOf,
  })
  .strict();
export type ItemPageQuery = z.infer<typeof itemPageQuery>;

/** One page of a paged listing: its entries, and the `next` to pass as `after` for the following page (null on the last). */
export const pageOf = <Entry extends z.ZodType>(entry: Entry, id: string) =>
  z.object({ items: z.array(entry), next: z.string().nullable() }).meta({ id });

export const itemPage = pageOf(item, 'ItemPage');
export type ItemPage = z.infer<typeof itemPage>;

export const infos = z.object({ modification_time: isoDateTime }).meta({ id: 'Infos' });
export type Infos = z.infer<typeof infos>;
