import {
  apiError,
  instanceStatus,
  messageLanguageOf,
  restoreRequest,
  restoreResult,
  publishRequest,
  transferRequest,
  transferResult,
  transferTargets,
} from '@dp/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { HttpError, msg } from '../../http/errors.js';
import { acceptRawBody, RAW_BODY_TYPES } from '../../http/raw-body.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { needsApproval, requestPublication } from '../publish-requests/publish-requests.service.js';
import * as service from './transfer.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 502: apiError };

/**
 * Transfer (SPEC 7 'POST db/uploads'): work publishes a state to live or demo, whose import accepts it
 * only with the shared transfer token; and the status other instances' monitoring asks for.
 */
export async function transferRoutes(app: ZodApp, { pool, config }: AppContext) {
  const deps = { pool, config };
  const admin = requireRole('admin');

  app.get('/api/db/targets', {
    schema: {
      tags: ['database'],
      summary: 'Where transfers go (LIVE_URL, DEMO_URL)',
      response: { 200: transferTargets, ...errors },
    },
    onRequest: admin,
    handler: () => service.transferTargets(config, needsApproval(config, 'www')),
  });

  app.post('/api/db/uploads', {
    schema: {
      tags: ['database'],
      summary: 'Publish a backup, or the actual state, to live (www) or demo; replaces all data there',
      description:
        'With PUBLISH_APPROVAL on, a transfer to live (www) is a request another admin approves (202, ' +
        '`reason` required); see /api/publish-requests.',
      body: transferRequest,
      response: { 200: transferResult, 202: publishRequest, ...errors },
    },
    // It changes the target's data, not this instance's; work refuses it itself when not work.
    config: { writesData: false },
    onRequest: admin,
    handler: async (req, reply) => {
      const language = messageLanguageOf(req.headers['accept-language']);
      if (needsApproval(config, req.body.to))
        return reply.code(202).send(await requestPublication(deps, req.user.username, req.body, language));
      const result = await service.transfer(deps, req.user.username, req.body, { language });
      return { ...result, message: result.message.render(language) };
    },
  });

  app.post('/api/db/restore', {
    schema: {
      tags: ['database'],
      summary: 'Make a backup, or the catalog at a point in time (@<ISO time>), the actual state (work only)',
      description:
        'Takes a backup of the actual state first (named in the answer: restoring it undoes this), then ' +
        'replaces the data in one transaction, recorded in the history as one change set. Live and demo answer 403.',
      body: restoreRequest,
      response: { 200: restoreResult, ...errors },
    },
    onRequest: admin,
    handler: (req) => service.restoreState(deps, req.user.username, req.body.bkp),
  });

  app.get('/api/db/status', {
    schema: {
      tags: ['database'],
      summary: 'This instance’s state, for monitoring (transfer token)',
      response: { 200: instanceStatus, ...errors },
    },
    handler: (req) => {
      service.assertTransferToken(config, req.headers.authorization);
      return service.instanceStatus(deps);
    },
  });

  await app.register(async (scope) => {
    acceptRawBody(scope);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/db/import', {
      schema: {
        tags: ['database'],
        summary: 'Replace all product data with a backup file, atomically (transfer token; live and demo only)',
        consumes: RAW_BODY_TYPES,
        response: {
          200: z.object({ name: z.string(), counts: z.record(z.string(), z.number()) }),
          ...errors,
          415: apiError,
        },
      },
      // The one write live and demo accept: the published state arriving from work.
      config: { writesData: false },
      handler: async (req) => {
        service.assertTransferToken(config, req.headers.authorization);
        if (!req.body) throw new HttpError(400, msg('backup.fileEmpty'));
        const { name, counts, timing } = await service.importState(
          deps,
          req.body as Readable,
          req.headers['x-publication'],
        );
        req.log.info({ backup: name, ...timing }, 'published state imported');
        return { name, counts };
      },
    });
  });
}
