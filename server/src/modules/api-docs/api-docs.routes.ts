import { apiError } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { ZodApp } from '../../http/types.js';

/**
 * The OpenAPI description, for admins only (SPEC 6: the API Docs link is theirs). The web app's
 * /api-docs screen reads it with the bearer token in a header; no token ever goes into a URL.
 */
export function apiDocsRoutes(app: ZodApp) {
  app.get('/api/openapi.json', {
    schema: { hide: true, response: { 200: z.any(), 401: apiError, 403: apiError } },
    onRequest: requireRole('admin'),
    handler: async (_req, reply) => reply.header('Cache-Control', 'private, no-store').send(app.swagger()),
  });
}
