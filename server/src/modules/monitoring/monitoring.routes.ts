import { apiError, liveStatus, messageLanguageOf } from '@dp/contract';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './monitoring.service.js';

/** GET /api/live-status (SPEC 7): live's and demo's health, for admins on work and demo. */
export function monitoringRoutes(app: ZodApp, { pool, config }: AppContext) {
  app.get('/api/live-status', {
    schema: {
      tags: ['database'],
      summary: 'Application and database status of live and demo',
      response: { 200: liveStatus, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('admin'),
    handler: (req) => service.liveStatus({ pool, config }, messageLanguageOf(req.headers['accept-language'])),
  });
}
