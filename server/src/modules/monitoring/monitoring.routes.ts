import { apiError, liveStatus, messageLanguageOf, serverStatus } from '@dp/contract';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './monitoring.service.js';

/**
 * GET /api/live-status (SPEC 7): live's and demo's health, for admins on work and demo; GET
 * /api/server-status: this instance's own state, for admins on every deployment.
 */
export function monitoringRoutes(app: ZodApp, { pool, config, reads, readCache }: AppContext) {
  app.get('/api/live-status', {
    schema: {
      tags: ['database'],
      summary: 'Application and database status of live and demo',
      response: { 200: liveStatus, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('admin'),
    handler: (req) => service.liveStatus({ pool, config }, messageLanguageOf(req.headers['accept-language'])),
  });

  app.get('/api/server-status', {
    schema: {
      tags: ['database'],
      summary:
        "This instance: its Node version, uptime and memory, the read replica's lag and the read cache's hit rate",
      response: { 200: serverStatus, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('admin'),
    handler: () => service.serverStatus({ config, reads, readCache }),
  });
}
