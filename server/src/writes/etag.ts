import { HttpError } from '../http/errors.js';
import { toIso, type DbTime } from '../modules/time.js';

/** The ETag of one row: its id and revision, which every update bumps. */
export const etagOf = (id: number | string, revision: number) => `"${id}.${revision}"`;

/**
 * Checks an If-Match header against the row's current ETag. No header means the client does not take
 * part in optimistic locking (like the client SPEC section 7 describes) and the write goes ahead.
 */
export function assertFresh(
  ifMatch: string | undefined,
  current: { id: number | string; revision: number; updated_by?: string; modification_time?: DbTime },
  currentState: unknown,
) {
  if (ifMatch === undefined || ifMatch === '*') return;
  const expected = etagOf(current.id, current.revision);
  const sent = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (sent.includes(expected)) return;
  const who = current.updated_by ? ` by ${current.updated_by}` : '';
  const when = current.modification_time ? ` at ${toIso(current.modification_time)}` : '';
  throw new HttpError(412, `Someone else changed this entry${who}${when} after you loaded it. Reload it to see the current state.`, {
    current: currentState,
    etag: expected,
  });
}
