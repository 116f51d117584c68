import { apiError, compatibilityReportRequest, idParam, messageLanguageOf } from '@dp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './compatibility-report.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const file = z.any().describe(`${service.REPORT_FILE_NAME} (${service.XLSX_CONTENT_TYPE}), as an attachment`);

/** SPEC 7 'Database tools': the compatibility report as a spreadsheet, for every signed-in role. */
export function compatibilityReportRoutes(app: ZodApp, { db }: AppContext) {
  const signedIn = requireRole('extern');
  const tags = ['database'];
  // A report reads only: live and demo users download it too (see http/deployment-guard.ts).
  const config = { writesData: false };

  async function send(req: FastifyRequest, reply: FastifyReply, systemId: number | undefined) {
    const language = messageLanguageOf(req.headers['accept-language']);
    const stream = await service.compatibilityReport(db, {
      role: req.user.role,
      username: req.user.username,
      language,
      systemId,
    });
    return (
      reply
        .type(service.XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${service.REPORT_FILE_NAME}"`)
        .header('Content-Language', language)
        // The content depends on the reader's role: no shared cache may keep it.
        .header('Cache-Control', 'no-store')
        .send(stream)
    );
  }

  app.post('/api/reports/systems/assemblies', {
    schema: {
      tags,
      summary: 'Compatibility report of all systems with their assemblies (XLSX, projected by role)',
      body: compatibilityReportRequest,
      response: { 200: file, ...errors },
    },
    config,
    onRequest: signedIn,
    handler: (req, reply) => send(req, reply, undefined),
  });

  app.post('/api/reports/systems/:id/assemblies', {
    schema: {
      tags,
      summary: 'Compatibility report of one system with its assemblies (XLSX, projected by role)',
      params: z.object({ id: idParam }),
      body: compatibilityReportRequest,
      response: { 200: file, ...errors },
    },
    config,
    onRequest: signedIn,
    handler: (req, reply) => send(req, reply, req.params.id),
  });
}
