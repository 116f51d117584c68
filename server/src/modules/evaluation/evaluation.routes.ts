import { apiError, asOfQuery, idParam, matrixRequest, matrixResponse, systemDelta } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { readAsOf } from '../../db/as-of.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './evaluation.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** Server-computed views for the evaluation screens: one delta, one matrix, projected by role. */
export function evaluationRoutes(app: ZodApp, { readCache }: AppContext) {
  // Evaluation reads go to the read replica when there is one and it has this user's last write (readCache).
  const signedIn = requireRole('extern');

  app.get('/api/systems/versions/:version1/delta/:version2', {
    schema: {
      tags: ['evaluation'],
      summary: 'System Delta Browser: two versions of one system compared',
      params: z.object({ version1: idParam, version2: idParam }),
      querystring: asOfQuery,
      response: { 200: systemDelta, ...errors },
    },
    onRequest: signedIn,
    handler: async (req, reply) => {
      const { version1, version2 } = req.params;
      const { at } = req.query;
      return readCache.send(req, reply, ['delta', req.user.role, version1, version2, at], (current) =>
        readAsOf(current, at, (reader) => service.systemDelta(reader, req.user.role, version1, version2)),
      );
    },
  });

  app.post('/api/matrix', {
    schema: {
      tags: ['evaluation'],
      summary: 'Compatibility matrix cells between chosen versions',
      body: matrixRequest,
      response: { 200: matrixResponse, ...errors },
    },
    config: { writesData: false },
    onRequest: signedIn,
    handler: async (req, reply) =>
      readCache.send(req, reply, ['matrix', req.user.role, req.body], (current) =>
        readAsOf(current, req.body.at, (reader) => service.matrix(reader, req.user.role, req.body)),
      ),
  });
}
