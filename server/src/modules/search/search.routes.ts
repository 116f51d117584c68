import {
  apiError,
  searchByIdRequest,
  searchHint,
  searchPageRequest,
  searchResultPage,
  searchResults,
  searchWordRequest,
} from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { FastifyRequest } from 'fastify';
import { readerFor } from '../../http/read-routing.js';
import { readAsOf } from '../../db/as-of.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './search.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** Smart search and QR lookup (SPEC 5 and 7): case- and accent-insensitive, for every role. */
export function searchRoutes(app: ZodApp, { reads, readCache }: AppContext) {
  // Evaluation reads: from the read replica when there is one and it has this user's last write.
  const db = (req: FastifyRequest) => readerFor(reads, req);
  const signedIn = requireRole('extern');

  app.post('/api/search/hint', {
    schema: {
      tags: ['search'],
      summary: 'Typeahead hints for a word',
      body: searchWordRequest,
      response: { 200: z.array(searchHint), ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req, reply) =>
      readCache.send(req, reply, ['hint', req.body.word, req.body.at], (current) =>
        readAsOf(current, req.body.at, (reader) => service.hints(reader, req.body.word)),
      ),
  });

  app.post('/api/search/full', {
    schema: {
      tags: ['search'],
      summary: 'Versions matching a typed text',
      body: searchWordRequest,
      response: { 200: searchResults, ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req, reply) =>
      readCache.send(req, reply, ['full', req.body.word, req.body.at], (current) =>
        readAsOf(current, req.body.at, (reader) => service.fullSearch(reader, req.body.word)),
      ),
  });

  app.post('/api/search/full/page', {
    schema: {
      tags: ['search'],
      summary: 'Versions matching a typed text, a page at a time',
      description:
        'The versions of POST /api/search/full, every kind in one order (parent name, name, name2 with ' +
        'numbers by value, then kind) and without a limit per kind, `limit` at a time (default 100, at most ' +
        "200). Pass a page's `next` as `after` to get the following page; `next` is null on the last page.",
      body: searchPageRequest,
      response: { 200: searchResultPage, ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req, reply) => {
      // A forged cursor is refused before anything is read.
      const after = req.body.after === undefined ? null : service.resultKeyOf(req.body.after);
      return readCache.send(req, reply, ['fullPage', req.body.word, req.body.limit, after, req.body.at], (current) =>
        readAsOf(current, req.body.at, (reader) => service.fullSearchPage(reader, req.body, after)),
      );
    },
  });

  app.post('/api/search/searchById', {
    schema: {
      tags: ['search'],
      summary: "A hint's item (all versions) or one version",
      body: searchByIdRequest,
      response: { 200: searchResults, ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.body.at, (reader) =>
        service.searchById(reader, req.body.type, req.body.id, req.body.id_version ?? null),
      ),
  });
}
