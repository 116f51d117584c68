import { apiError, offlineBundleEntry, offlineBundleRequest, OFFLINE_SYSTEMS_MAX } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { readerFor } from '../../http/read-routing.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './offline.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** Offline reading (issue 44): what a depot's device saves, in one call instead of one per list. */
export function offlineRoutes(app: ZodApp, { reads }: AppContext) {
  app.post('/api/offline/bundle', {
    schema: {
      tags: ['offline'],
      summary: 'Everything the role may read of a set of systems, for offline use',
      description:
        'The answers of the GETs the browsers make, each as `{ path, body }`: every version list of the ' +
        'systems, of the assemblies related to their versions and of the sub-assemblies related to those ' +
        "assemblies, and each version's compatibility lists and assembly warnings, projected by role " +
        `(extern: statuses only). One snapshot, streamed. At most ${OFFLINE_SYSTEMS_MAX} systems; an unknown system answers 404.`,
      body: offlineBundleRequest,
      response: { 200: z.array(offlineBundleEntry), ...errors },
    },
    config: { writesData: false },
    onRequest: requireRole('extern'),
    handler: async (req, reply) =>
      sendJsonArray(reply, service.streamOfflineBundle(await readerFor(reads, req), req.user.role, req.body.systems)),
  });
}
