import { apiError, deltaReportRequest, messageLanguageOf, reportJob } from '@dp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { msg, sendError } from '../../http/errors.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { reportJobRoutes } from '../report-jobs/report-jobs.routes.js';
import { ReportJobs } from '../report-jobs/report-jobs.service.js';
import { streamOutput } from '../report-jobs/report-output.js';
import * as service from './delta-report.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const JOBS_PATH = '/api/dumps/jobs';

/**
 * The delta report between two states of the data (SPEC 7 'Database tools'): admins only, and only on
 * the work instance, where backups are taken and compared. As a plain download (POST /api/dumps, the
 * file streamed as it is written) or as a job whose progress the browser follows (POST /api/dumps/jobs).
 */
export function deltaReportRoutes(app: ZodApp, { db, pool, config }: AppContext) {
  const tags = ['database'];
  const workOnly = async (_req: FastifyRequest, reply: FastifyReply) => {
    if (config.deployment !== 'work') return sendError(reply, 403, msg('deployment.workOnly'));
  };
  const access = { onRequest: requireRole('admin'), preHandler: workOnly };
  const audienceOf = (req: FastifyRequest) => ({
    language: messageLanguageOf(req.headers['accept-language']),
    username: req.user.username,
  });

  app.post('/api/dumps', {
    schema: {
      tags,
      summary: 'The delta report between two backups (or a backup and the actual state) as a PDF or HTML file',
      body: deltaReportRequest,
      response: { 200: z.any().describe('The report file (attachment)'), ...errors },
    },
    // Reads only: allowed past the read-only guard of live and demo, where workOnly refuses it with its own reason.
    config: { writesData: false },
    ...access,
    handler: async (req, reply) => {
      const plan = await service.planReport(db, req.body);
      const controller = new AbortController();
      // The diff is computed before the answer starts, so a failure there is still a proper error.
      const report = await service.openReport(db, pool, plan, audienceOf(req), undefined, controller.signal);
      const body = new PassThrough();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      report
        .write(streamOutput(body, controller.signal), undefined, controller.signal)
        .then(
          () => body.end(),
          (err: unknown) => {
            if (!controller.signal.aborted) req.log.error({ err }, 'delta report failed while it was being sent');
            body.destroy(err as Error);
          },
        )
        .finally(() => report.close());
      return reply
        .type(plan.contentType)
        .header('Content-Disposition', `attachment; filename="${plan.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  });

  const jobs = new ReportJobs(pool, JOBS_PATH, app.log);
  app.addHook('onClose', () => jobs.close());

  app.post(JOBS_PATH, {
    schema: {
      tags,
      summary: 'Start the delta report as a job; follow GET {href} until it is done, then download {file_href}',
      body: deltaReportRequest,
      response: { 202: reportJob, ...errors },
    },
    config: { writesData: false },
    ...access,
    handler: async (req, reply) => {
      // Checked before the job starts, so a bad request is answered at once and leaves no job behind.
      const plan = await service.planReport(db, req.body);
      const audience = audienceOf(req);
      const job = await jobs.start({
        fileName: plan.fileName,
        contentType: plan.contentType,
        createdBy: audience.username,
        language: audience.language,
        run: (out, progress, signal) => service.generateReport(db, pool, plan, audience, out, progress, signal),
      });
      return reply.code(202).header('Location', job.href).send(job);
    },
  });

  reportJobRoutes(app, jobs, { basePath: JOBS_PATH, tags, access });
}
