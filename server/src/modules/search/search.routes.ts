import { apiError, searchByIdRequest, searchHint, searchResults, searchWordRequest } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { SearchIndex } from './search-index.js';
import * as service from './search.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** Smart search and QR lookup (SPEC 5 and 7): case- and accent-insensitive, for every role. */
export function searchRoutes(app: ZodApp, { db }: AppContext) {
  const signedIn = requireRole('extern');
  const index = new SearchIndex();

  app.post('/api/search/hint', {
    schema: {
      tags: ['search'],
      summary: 'Typeahead hints for a word',
      body: searchWordRequest,
      response: { 200: z.array(searchHint), ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: (req) => service.hints(db, index, req.body.word),
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
    handler: (req) => service.fullSearch(db, index, req.body.word),
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
    handler: (req) => service.searchById(db, req.body.type, req.body.id, req.body.id_version ?? null),
  });
}
