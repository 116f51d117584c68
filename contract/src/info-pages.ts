import { z } from './zod-setup.js';
import { isoDateTime } from './common.js';
import { issueKey } from './issue-key.js';

// ── data state (SPEC 2 'Data state page', SPEC 7 'Data state') ───────────────────────────────────

/**
 * Most characters of HTML one data-state entry may have. Text, headings, lists and tables of a long
 * note fit many times over; pictures are stored apart (`/api/images/richtext/…`) and only linked.
 */
export const DATASET_DESCRIPTION_MAX = 200_000;

/** SPEC 7: POST and PUT send `username` and `description`; the author is taken from the sign-in. */
export const datasetEntryInput = z
  .object({
    /** Accepted for the SPEC 7 client and ignored: the server records the signed-in user. */
    username: z
      .string({ error: issueKey('zod.text') })
      .max(200, issueKey('zod.maxChars'))
      .optional(),
    /** Rich text (HTML); the server keeps only what its allow-list permits. */
    description: z.string({ error: issueKey('zod.text') }).max(DATASET_DESCRIPTION_MAX, issueKey('zod.entryTooLong')),
  })
  .strict();
export type DatasetEntryInput = z.input<typeof datasetEntryInput>;
export type DatasetEntryValues = z.output<typeof datasetEntryInput>;

export const datasetEntry = z
  .object({
    href: z.string(),
    /** Who wrote the entry. */
    username: z.string(),
    /** Sanitised HTML, safe to render. */
    description: z.string(),
    creation_time: isoDateTime,
    modification_time: isoDateTime,
    /** Send back as If-Match when changing or deleting the entry. */
    etag: z.string(),
  })
  .meta({ id: 'DatasetEntry' });
export type DatasetEntry = z.infer<typeof datasetEntry>;

// ── release notes (SPEC 2 'Release-notes pages', SPEC 7 'Release notes') ─────────────────────────

/** The versions whose issues the internal page lists from the code host (SPEC 2). */
export const ISSUE_VERSIONS = ['2.6.0', '2.5.0'] as const;

/** One version of a history: what changed, newest version first. */
export const releaseVersion = z
  .object({
    version: z.string(),
    /** yyyy-mm-dd when the history file gives one. */
    date: z.string().nullable(),
    changes: z.array(z.string()),
  })
  .meta({ id: 'ReleaseVersion' });
export type ReleaseVersion = z.infer<typeof releaseVersion>;

export const releaseHistory = z
  .object({
    /** The language the history is written in ('de' for the external one, 'en' for the internal one). */
    language: z.enum(['de', 'en']),
    title: z.string(),
    versions: z.array(releaseVersion),
  })
  .meta({ id: 'ReleaseHistory' });
export type ReleaseHistory = z.infer<typeof releaseHistory>;

/** GET /api/release-notes: the external page. */
export const releaseNotes = z.object({ history: releaseHistory }).meta({ id: 'ReleaseNotes' });
export type ReleaseNotes = z.infer<typeof releaseNotes>;

export const codeHostIssue = z
  .object({
    iid: z.number(),
    title: z.string(),
    state: z.string(),
    labels: z.array(z.string()),
    /** The issue's page on the code host; null when it is not an http(s) address. */
    web_url: z.string().nullable(),
  })
  .meta({ id: 'CodeHostIssue' });
export type CodeHostIssue = z.infer<typeof codeHostIssue>;

/**
 * The code host's issues per version: `ok`; `unavailable` (not configured, down, slow, refused or a
 * garbled answer; `message` says which, in the user's language); `pending` only when asked for
 * what is cached (`issues=cached`) and nothing is yet.
 */
export const codeHostIssues = z
  .object({
    status: z.enum(['ok', 'unavailable', 'pending']),
    message: z.string().nullable(),
    /** The message's key, e.g. 'releaseNotes.timeout'. */
    code: z.string().nullable(),
    /** When the issues were fetched from the code host. */
    fetched_at: isoDateTime.nullable(),
    versions: z.array(z.object({ version: z.string(), issues: z.array(codeHostIssue) })),
  })
  .meta({ id: 'CodeHostIssues' });
export type CodeHostIssues = z.infer<typeof codeHostIssues>;

/** GET /api/release-notes/internal: the internal page. */
export const internalReleaseNotes = z
  .object({ history: releaseHistory, issues: codeHostIssues })
  .meta({ id: 'InternalReleaseNotes' });
export type InternalReleaseNotes = z.infer<typeof internalReleaseNotes>;

export const internalReleaseNotesQuery = z
  .object({
    /** `cached`: answer at once with what is cached, even nothing (`pending`); by default the server asks the code host when its cache is empty or old. */
    issues: z.enum(['cached', 'fetch']).default('fetch'),
  })
  .strict();
