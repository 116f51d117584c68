import { HttpError, msg, type Message } from '../http/errors.js';

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
 * catalog messages. Anything else is rethrown unchanged (and becomes a hidden 500).
 */
export function translateDbError(error: unknown, messages: Record<string, Message> = {}): never {
  const pg = pgErrorOf(error);
  if (pg) {
    const known = pg.constraint ? messages[pg.constraint] : undefined;
    switch (pg.code) {
      case '23505':
        throw new HttpError(409, known ?? msg('db.duplicate'));
      case '23503': // foreign_key_violation
      case '23001': // restrict_violation (PostgreSQL 18 reports ON DELETE RESTRICT this way)
        throw new HttpError(409, known ?? msg('db.inUse'));
      case '23514':
      case '23502':
        throw new HttpError(400, known ?? msg('db.ruleBroken'));
      case '22001':
        throw new HttpError(400, msg('db.tooLong'));
      case '40001':
      case '40P01':
        throw new HttpError(409, msg('db.conflict'));
      default:
        // Not a violation a user can cause: rethrown below.
        break;
    }
  }
  throw error;
}
