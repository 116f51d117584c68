import {
  apiError,
  messageLanguageOf,
  plannerChecklistRequest,
  plannerRequest,
  plannerResponse,
  plannerSystemsRequest,
  plannerSystemsResponse,
} from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { CHECKLIST_TYPES, checklistPdf, checklistXlsx } from './planner-checklist.js';
import * as service from './planner.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The upgrade planner (issue 43): every role asks it; the answer is projected by role. */
export function plannerRoutes(app: ZodApp, { db, readCache }: AppContext) {
  const signedIn = requireRole('extern');

  app.post('/api/planner', {
    schema: {
      tags: ['evaluation'],
      summary: 'Upgrade planner: what must change for installed parts to run on a target system version',
      body: plannerRequest,
      response: { 200: plannerResponse, ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req, reply) =>
      readCache.send(req, reply, ['planner', req.user.role, req.body], (reader) =>
        service.planUpgrade(reader, req.user.role, req.body),
      ),
  });

  app.post('/api/planner/systems', {
    schema: {
      tags: ['evaluation'],
      summary: 'Upgrade planner, reversed: the system versions on which all these parts fit',
      body: plannerSystemsRequest,
      response: { 200: plannerSystemsResponse, ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req, reply) =>
      readCache.send(req, reply, ['planner-systems', req.body], (reader) => service.systemsFor(reader, req.body)),
  });

  app.post('/api/planner/checklist', {
    schema: {
      tags: ['evaluation'],
      summary: 'The upgrade checklist of a plan (changes, blockers, checks and obligations) as PDF or XLSX',
      body: plannerChecklistRequest,
      response: { 200: z.any().describe('upgrade-checklist.pdf or .xlsx, as an attachment'), ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req, reply) => {
      const { type, ...question } = req.body;
      const language = messageLanguageOf(req.headers['accept-language']);
      const plan = await service.planUpgrade(db, req.user.role, question);
      const audience = { language, username: req.user.username };
      const file = type === 'pdf' ? await checklistPdf(plan, audience) : await checklistXlsx(plan, audience);
      const { contentType, fileName } = CHECKLIST_TYPES[type];
      return (
        reply
          .type(contentType)
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Content-Language', language)
          // The content depends on the reader's role: no shared cache may keep it.
          .header('Cache-Control', 'no-store')
          .send(file)
      );
    },
  });
}
