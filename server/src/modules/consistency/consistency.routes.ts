import { apiError, consistencyQuery, consistencyReport, messageLanguageOf } from '@dp/contract';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './consistency.service.js';

/** The consistency checker (issue 43): admins ask which data breaks the catalog's rules, and where to fix it. */
export function consistencyRoutes(app: ZodApp, { pool }: AppContext) {
  app.get('/api/consistency', {
    schema: {
      tags: ['database'],
      summary: 'Consistency findings of one rule or of all, each with the hrefs involved and the screen that fixes it',
      querystring: consistencyQuery,
      response: { 200: consistencyReport, 400: apiError, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('admin'),
    handler: (req) => service.check(pool, messageLanguageOf(req.headers['accept-language']), req.query.rule),
  });
}
