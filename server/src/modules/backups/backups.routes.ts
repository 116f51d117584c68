import { apiError, backupInfo, backupList, backupName, transferredList } from '@dp/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { HttpError, msg } from '../../http/errors.js';
import { acceptRawBody, RAW_BODY_TYPES } from '../../http/raw-body.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { startBackupSchedule } from './backup-schedule.js';
import * as service from './backups.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const nameParams = z.object({ name: backupName });

/**
 * Backups (SPEC 7 'Database tools'), admins only: list, take, download, upload and delete. Taking or
 * uploading a backup changes no product data, so it is allowed on every deployment.
 */
export async function backupRoutes(app: ZodApp, { pool, config }: AppContext) {
  const admin = requireRole('admin');
  const deps = { pool, config };
  if (config.backupSchedule) {
    const stop = startBackupSchedule(deps, config.backupSchedule, app.log);
    app.addHook('onClose', async () => stop());
  }

  app.get('/api/dumps', {
    schema: { tags: ['database'], summary: 'The backups, newest first', response: { 200: backupList, ...errors } },
    onRequest: admin,
    handler: () => service.listBackups(pool),
  });

  app.get('/api/transferred-dumps', {
    schema: {
      tags: ['database'],
      summary: 'Backups transferred to live or demo: what, when, where, by whom',
      response: { 200: transferredList, ...errors },
    },
    onRequest: admin,
    handler: () => service.listTransferred(pool),
  });

  app.post('/api/backups', {
    schema: {
      tags: ['database'],
      summary: 'Take a backup of all product data now',
      response: { 201: backupInfo, ...errors },
    },
    config: { writesData: false },
    onRequest: admin,
    handler: async (req, reply) => {
      const info = await service.takeBackup(deps, { actor: req.user.username, origin: 'manual' });
      // Without a slot a backup is always taken; null only answers a scheduled slot taken elsewhere.
      if (!info) throw new HttpError(409, msg('backup.busy'));
      return reply.code(201).send(info);
    },
  });

  app.get('/api/backups/:name/file', {
    schema: {
      tags: ['database'],
      summary: 'Download a backup as one file (gzip)',
      params: nameParams,
      response: { 200: z.any(), ...errors },
    },
    // The file is gzip data already: sent as a file of that type, never as a content encoding, which a
    // browser unpacks on the way (and Chromium refused: ERR_CONTENT_DECODING_FAILED).
    compress: false,
    onRequest: admin,
    handler: async (req, reply) => {
      const { stream } = await service.backupDownload(deps, req.params.name);
      return reply
        .type('application/gzip')
        .header('Content-Disposition', `attachment; filename="backup-${req.params.name}.dpbackup"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  });

  app.delete('/api/backups/:name', {
    schema: {
      tags: ['database'],
      summary: 'Delete a backup',
      params: nameParams,
      response: { 204: z.null(), ...errors },
    },
    config: { writesData: false },
    onRequest: admin,
    handler: async (req, reply) => {
      await service.deleteBackup(pool, req.user.username, req.params.name);
      return reply.code(204).send(null);
    },
  });

  await app.register(async (scope) => {
    acceptRawBody(scope);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/backups/upload', {
      schema: {
        tags: ['database'],
        summary: 'Upload a backup file (as downloaded); it is checked whole before it is listed',
        consumes: RAW_BODY_TYPES,
        response: { 201: backupInfo, ...errors, 415: apiError },
      },
      config: { writesData: false },
      onRequest: admin,
      handler: async (req, reply) => {
        if (!req.body) throw new HttpError(400, msg('backup.fileEmpty'));
        return reply.code(201).send(await service.uploadBackup(deps, req.user.username, req.body as Readable));
      },
    });
  });
}
