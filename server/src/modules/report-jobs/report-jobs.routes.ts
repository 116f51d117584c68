import { apiError, messageLanguageOf, reportJob } from '@dp/contract';
import type { onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../http/types.js';
import type { ReportJobs } from './report-jobs.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const jobParams = z.object({ id: z.uuid() });

/**
 * GET {basePath}/:id (the job: status and progress 0 … 100) and GET {basePath}/:id/file (the finished
 * file) for the jobs of one kind of report; `access` decides who may ask.
 */
export function reportJobRoutes(
  app: ZodApp,
  jobs: ReportJobs,
  {
    basePath,
    tags,
    access,
  }: {
    basePath: string;
    tags: string[];
    access: { onRequest: onRequestHookHandler; preHandler?: preHandlerHookHandler };
  },
) {
  app.get(`${basePath}/:id`, {
    schema: {
      tags,
      summary: "A report job's status and progress (0 … 100); poll it until the status is done",
      params: jobParams,
      response: { 200: reportJob, ...errors },
    },
    ...access,
    handler: (req) => jobs.get(req.params.id, req.user.username, messageLanguageOf(req.headers['accept-language'])),
  });

  app.get(`${basePath}/:id/file`, {
    schema: {
      tags,
      summary: "A finished report job's file (409 while it runs)",
      params: jobParams,
      response: { 200: z.any(), ...errors },
    },
    ...access,
    handler: async (req, reply) => {
      const file = await jobs.file(req.params.id, req.user.username, messageLanguageOf(req.headers['accept-language']));
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Content-Length', file.size)
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  });
}
