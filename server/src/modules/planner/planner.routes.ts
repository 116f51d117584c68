import { apiError, plannerRequest, plannerResponse, plannerSystemsRequest, plannerSystemsResponse } from '@dp/contract';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './planner.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The upgrade planner (issue 43): every role asks it; the answer is projected by role. */
export function plannerRoutes(app: ZodApp, { readCache }: AppContext) {
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
}
