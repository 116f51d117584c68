import { z } from './zod-setup.js';
import { issueKey } from './issue-key.js';
import { renderMessage } from './messages.js';

export const APP_VERSION = '2.6.0';
export const PRODUCT_NAME = 'Digital Portfolio';
/** The product's name where space is short: the first line of a printed label's QR code. */
export const PRODUCT_SHORT_NAME = 'DP';

/** Every error the API sends: the HTTP status, its reason phrase and a sentence a person understands. */
export const apiError = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    /** The message's key in the catalog (contract/src/messages.ts); the same in every language. */
    code: z.string().optional(),
    /**
     * The key's parameters: values, or messages `{code, params}` themselves (lists of them are joined
     * with '; '), so a client can say the message in its own language (ApiMessage).
     */
    params: z.record(z.string(), z.unknown()).optional(),
  })
  // Some errors carry details: a stale write (412) the current state and its etag, a refused batch its rows.
  .loose()
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiError>;

/**
 * The refusal texts of SPEC 8 in English, exactly; other languages come from the message catalog. Pure, so
 * that the web app, which never reads them, does not carry the whole catalog to render them.
 */
export const MESSAGES = {
  unauthorized: /* @__PURE__ */ renderMessage('auth.unauthorized', { product: PRODUCT_NAME }),
  refused: /* @__PURE__ */ renderMessage('auth.refused'),
} as const;

/** The roles from least to most rights: each one may do everything the ones before it may. */
export const roles = ['extern', 'intern', 'admin'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** True when `role` is `required` or above it (extern < intern < admin). */
export function hasRole(role: Role, required: Role): boolean {
  return roles.indexOf(role) >= roles.indexOf(required);
}

/** PostgreSQL's `integer`, the type of every id column: a larger id cannot exist (and must not reach a query). */
export const DB_ID_MAX = 2_147_483_647;

/** A database id in a body: a JSON integer from 1 to PostgreSQL's integer maximum. */
export const dbId = z
  .number({ error: issueKey('zod.number') })
  .int(issueKey('zod.wholeNumber'))
  .positive(issueKey('zod.positive'))
  .max(DB_ID_MAX, issueKey('zod.tooLarge'));

/**
 * A database id in a path or query: plain decimal digits only (no sign, space, fraction, exponent or
 * `0x`, which Number() would read), within PostgreSQL's integer range. The one id schema of every route.
 */
export const idParam = z
  .string({ error: issueKey('zod.number') })
  .regex(/^[0-9]+$/, issueKey('zod.digits'))
  .transform(Number)
  .pipe(dbId);

export const isoDateTime = z.iso.datetime({ offset: true });

/** A point in time to read the catalog at (issue 41), ISO 8601 with a zone; absent: now. */
export const asOf = isoDateTime.optional();
/** The query of a read that can answer for a point in time. */
export const asOfQuery = z.object({ at: asOf }).strict();

/** The id at the end of an href such as `/api/systems/versions/42`. */
export const idOfHref = (href: string) => Number(href.slice(href.lastIndexOf('/') + 1));
