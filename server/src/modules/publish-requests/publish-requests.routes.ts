import {
  idParam,
  apiError,
  messageLanguageOf,
  publishDecision,
  publishReportQuery,
  publishRequest,
  publishRequestCount,
  publishRequestList,
} from '@dp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { msg, sendError } from '../../http/errors.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { openReport } from '../delta-report/delta-report.service.js';
import { streamOutput } from '../report-jobs/report-output.js';
import * as service from './publish-requests.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const idParams = z.object({ id: idParam });

/** Four-eyes publishing (issue 44): requests to publish to live, decided by another admin; work only. */
export function publishRequestRoutes(app: ZodApp, { db, pool, config }: AppContext) {
  const tags = ['database'];
  const deps = { pool, config };
  const workOnly = async (_req: FastifyRequest, reply: FastifyReply) => {
    if (config.deployment !== 'work') return sendError(reply, 403, msg('deployment.workOnly'));
  };
  const access = { onRequest: requireRole('admin'), preHandler: workOnly };

  app.get('/api/publish-requests', {
    schema: {
      tags,
      summary: 'Requests to publish to live, newest first, with the number still open',
      response: { 200: publishRequestList, ...errors },
    },
    ...access,
    handler: async () => ({ open: await service.openCount(pool), requests: await service.listRequests(pool) }),
  });

  app.get('/api/publish-requests/count', {
    schema: {
      tags,
      summary: 'How many requests wait for a decision (the toolbar badge), and whether four eyes are on',
      response: { 200: publishRequestCount, ...errors },
    },
    ...access,
    handler: async () => ({ approval: service.needsApproval(config, 'www'), open: await service.openCount(pool) }),
  });

  app.get('/api/publish-requests/:id/report', {
    schema: {
      tags,
      summary: "The delta report between what live holds now and the request's backup (PDF or HTML)",
      params: idParams,
      querystring: publishReportQuery,
      response: { 200: z.any().describe('The report file (attachment)'), ...errors },
    },
    ...access,
    handler: async (req, reply) => {
      const plan = await service.planRequestReport(db, pool, req.params.id, req.query.type);
      const report = await openReport(db, pool, plan, {
        language: messageLanguageOf(req.headers['accept-language']),
        username: req.user.username,
      });
      const body = new PassThrough();
      report
        .write(streamOutput(body))
        .then(
          () => body.end(),
          (err: unknown) => body.destroy(err as Error),
        )
        .finally(() => report.close());
      return reply
        .type(plan.contentType)
        .header('Content-Disposition', `attachment; filename="${plan.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  });

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const)
    app.post(`/api/publish-requests/:id/${path}`, {
      schema: {
        tags,
        summary:
          decision === 'approved'
            ? 'Approve a request (another admin than the requester): publishes its backup to live'
            : 'Reject a request (another admin than the requester)',
        params: idParams,
        body: publishDecision,
        response: { 200: publishRequest, ...errors },
      },
      // Approving changes live's data, not this instance's; the decision itself is audited here.
      config: { writesData: false },
      ...access,
      handler: async (req) => service.decide(deps, req.params.id, req.user.username, decision, req.body.comment),
    });
}
