import { apiError, auditEntry, idParam } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './audit.service.js';

// Strict like every request body: a misspelt filter is refused rather than silently ignored.
const query = z
  .object({
    entity: z.string().trim().min(1).max(100).optional(),
    entity_id: z.string().trim().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    before_id: idParam.optional(),
  })
  .strict();

/** The audit trail for admins, newest first, filterable by entity; page with before_id. */
export function auditRoutes(app: ZodApp, { db }: AppContext) {
  app.get('/api/audit', {
    schema: {
      tags: ['audit'],
      summary: 'Who changed what, when, before and after',
      querystring: query,
      response: { 200: z.array(auditEntry), 400: apiError, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('admin'),
    handler: (req) => {
      const { entity, entity_id, limit, before_id } = req.query;
      return service.listEntries(db, { entity, entityId: entity_id, beforeId: before_id, limit });
    },
  });
}
