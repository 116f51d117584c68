import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { HttpError, msg } from './errors.js';

/** Content types of a backup file: what browsers send for a file of unknown type, and gzip's own. */
export const RAW_BODY_TYPES = ['application/octet-stream', 'application/gzip', 'application/x-gzip'];

/**
 * In this (encapsulated) scope, file bodies reach the handler as the request stream itself, unread and
 * unbuffered, so a file of any size is streamed where it goes; other scopes keep the JSON parser. Any
 * other body (JSON, text, a form) answers 415 here: it is no file.
 */
export function acceptRawBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(RAW_BODY_TYPES, (_request, payload, done) => done(null, payload));
  scope.addContentTypeParser('*', (request, _payload, done) =>
    done(
      new HttpError(
        415,
        msg('errors.fileMediaType', {
          type: (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().slice(0, 60) ?? '',
          types: RAW_BODY_TYPES.join(', '),
        }),
      ),
    ),
  );
}

export type RawBody = Readable;
