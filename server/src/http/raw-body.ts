import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';

/** Content types of a backup file: what browsers send for a file of unknown type, and gzip's own. */
export const RAW_BODY_TYPES = ['application/octet-stream', 'application/gzip', 'application/x-gzip'];

/**
 * In this (encapsulated) scope, file bodies reach the handler as the request stream itself, unread and
 * unbuffered, so a file of any size is streamed where it goes; other scopes keep the JSON parser.
 */
export function acceptRawBody(scope: FastifyInstance) {
  scope.addContentTypeParser(RAW_BODY_TYPES, (_request, payload, done) => done(null, payload));
}

export type RawBody = Readable;
