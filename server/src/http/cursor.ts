import { NAME_MAX } from '@dp/contract';
import { z } from 'zod';
import { badRequest, msg } from './errors.js';

// A keyset cursor: the sort key of a page's last entry as base64url JSON, which clients pass back unread as
// `after`. It comes back from the client, so it is checked like any input: a forged one is a 400 and never
// reaches a query.

/** A text a cursor may hold: what a name can be (no NUL, no longer than a name). */
export const cursorText = z
  .string()
  .max(NAME_MAX)
  .refine((text) => !text.includes('\u0000'));

export function encodeCursor(fields: ReadonlyArray<string | number | boolean | null>): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The fields of an `after` cursor, checked by `schema`; anything encodeCursor did not make is refused with 400. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    fields = undefined;
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const where = msg('validation.field', { part: msg('validation.part.querystring'), field: 'after' });
  throw badRequest(
    msg('errors.validation', { issues: [msg('validation.issue', { where, problem: msg('zodIssue.format') })] }),
  );
}
