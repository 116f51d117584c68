import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import { READ_AFTER_HEADER, type ReadRouting, WRITE_POSITION_HEADER } from '../db/read-routing.js';
import { writesData } from './deployment-guard.js';

/**
 * With a read replica, every successful data write tells its author where the primary's WAL stood, so
 * their next reads wait for the replica or go to the primary (see ReadRouting).
 */
export function registerReadRouting(app: FastifyInstance, reads: ReadRouting) {
  if (!reads.replicated) return;
  app.addHook('onRoute', (route) => {
    if (!writesData(route)) return;
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [
      ...existing,
      async (request, reply, payload) => {
        if (reply.statusCode < 400 && request.user) {
          try {
            const position = await reads.wrote(request.user.username);
            if (position) void reply.header(WRITE_POSITION_HEADER, position);
          } catch (error) {
            // The write is committed: its answer must not become an error. Without the position the
            // author may read from a replica that has not replayed it yet, for a moment.
            request.log.warn({ err: error }, 'could not read the write position for read-your-writes');
          }
        }
        return payload;
      },
    ];
  });
}

/** The database for an evaluation read of this request: the replica when it is current enough for this user. */
export function readerFor(reads: ReadRouting, request: FastifyRequest): Promise<Db> {
  const header = request.headers[READ_AFTER_HEADER];
  return reads.readerFor(request.user?.username, Array.isArray(header) ? header[0] : header);
}
