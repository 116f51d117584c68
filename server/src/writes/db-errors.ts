import { HttpError } from '../http/errors.js';

interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgErrorOf(error: unknown): PgError | null {
  let current: unknown = error;
  // Drizzle wraps the driver's error; its cause carries the SQLSTATE.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/**
 * Turns a constraint violation into a 4xx that names the problem; `messages` maps constraint names to
 * sentences. Anything else is rethrown unchanged (and becomes a hidden 500).
 */
export function translateDbError(error: unknown, messages: Record<string, string> = {}): never {
  const pg = pgErrorOf(error);
  if (pg) {
    const known = pg.constraint ? messages[pg.constraint] : undefined;
    switch (pg.code) {
      case '23505':
        throw new HttpError(409, known ?? 'An entry with these values already exists.');
      case '23503': // foreign_key_violation
      case '23001': // restrict_violation (PostgreSQL 18 reports ON DELETE RESTRICT this way)
        throw new HttpError(409, known ?? 'This entry is still used elsewhere, or refers to an entry that does not exist.');
      case '23514':
      case '23502':
        throw new HttpError(400, known ?? 'The values break a rule of the data; check the required fields.');
      case '22001':
        throw new HttpError(400, 'A value is too long.');
      case '40001':
      case '40P01':
        throw new HttpError(409, 'The data was changed at the same time by someone else; please try again.');
    }
  }
  throw error;
}
