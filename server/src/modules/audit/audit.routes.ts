import { apiError, historyPage, historyQuery } from '@dp/contract';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './audit.service.js';

/** The history for admins: who changed what, when, field by field; newest first, in keyset pages. */
export function auditRoutes(app: ZodApp, { db }: AppContext) {
  app.get('/api/audit', {
    schema: {
      tags: ['audit'],
      summary: 'The history: who changed what, when, before and after',
      querystring: historyQuery,
      response: { 200: historyPage, 400: apiError, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('admin'),
    handler: (req) => service.historyPage(db, req.query),
  });
}
