import { HttpError, msg } from '../http/errors.js';
import { toIso, type DbTime } from '../db/time.js';

/** The ETag of one row: its id and revision, which every update bumps. */
export const etagOf = (id: number | string, revision: number) => `"${id}.${revision}"`;

/**
 * Whether an If-Match header lets a write to the row with ETag `current` go ahead: no header (the client
 * does not take part in optimistic locking), `*`, or a list naming the tag. Compared strongly (RFC 9110
 * §13.1.1): a weak tag (W/"…") never matches.
 */
export function ifMatchAllows(ifMatch: string | undefined, current: string): boolean {
  if (ifMatch === undefined || ifMatch === '*') return true;
  return ifMatch.split(',').some((tag) => tag.trim() === current);
}

/**
 * Checks an If-Match header against the row's current ETag. No header means the client does not take
 * part in optimistic locking (like the client SPEC section 7 describes) and the write goes ahead.
 */
export function assertFresh(
  ifMatch: string | undefined,
  current: { id: number | string; revision: number; updated_by?: string; modification_time?: DbTime },
  currentState: unknown,
) {
  const expected = etagOf(current.id, current.revision);
  if (ifMatchAllows(ifMatch, expected)) return;
  const by = current.updated_by;
  const at = current.modification_time ? toIso(current.modification_time) : undefined;
  const text =
    by && at
      ? msg('stale.byAt', { by, at })
      : by
        ? msg('stale.by', { by })
        : at
          ? msg('stale.at', { at })
          : msg('stale.plain');
  throw new HttpError(412, text, {
    current: currentState,
    etag: expected,
  });
}
