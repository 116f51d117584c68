import {
  apiError,
  idParam,
  kindPath,
  messageLanguageOf,
  notificationPage,
  notificationQuery,
  notificationsRead,
  watchList,
} from '@dp/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { kindOf } from '../../db/kinds.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { unwatchPageRoutes } from './unwatch.routes.js';
import * as service from './watches.service.js';
import type { WatchUser } from './watches.queries.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const versionParams = z.object({ kind: kindPath, id: idParam });
// Watching is the reader's own business, not catalog data: allowed on live and demo, where readers are.
const notData = { writesData: false };

/** The signed-in user as the watch records keep them. */
const watcherOf = (req: FastifyRequest): WatchUser & { role: FastifyRequest['user']['role'] } => ({
  username: req.user.username,
  email: req.user.email ?? null,
  language: req.headers['accept-language'] ? messageLanguageOf(req.headers['accept-language']) : null,
  role: req.user.role,
});

/** Watches on versions and the notifications their changes give (issue 42): every role that reads. */
export async function watchRoutes(app: ZodApp, { db, config }: AppContext) {
  const reader = requireRole('extern');
  if (config.mail) {
    await unwatchPageRoutes(app, { db, linkSecret: config.mail.linkSecret });
    if (config.mail.intervalSeconds > 0) {
      // Only an instance that sends mail loads the SMTP client.
      const { startMailer } = await import('./mailer.js');
      const stop = startMailer(
        { db, mail: config.mail, publicUrl: config.publicUrl, log: app.log },
        config.mail.intervalSeconds * 1000,
      );
      app.addHook('onClose', stop);
    }
  }

  app.put('/api/watches/:kind/versions/:id', {
    schema: {
      tags: ['watches'],
      summary: 'Watch a version (201 new, 204 already watched; at most 500 per user)',
      params: versionParams,
      response: { 201: z.null().describe('Watched'), 204: z.null().describe('Already watched'), ...errors },
    },
    config: notData,
    onRequest: reader,
    handler: async (req, reply) => {
      const created = await service.watchVersion(db, watcherOf(req), kindOf(req.params.kind), req.params.id);
      return reply.code(created ? 201 : 204).send(null);
    },
  });
  app.delete('/api/watches/:kind/versions/:id', {
    schema: {
      tags: ['watches'],
      summary: 'Stop watching a version',
      params: versionParams,
      response: { 204: z.null().describe('Not watched'), ...errors },
    },
    config: notData,
    onRequest: reader,
    handler: async (req, reply) => {
      await service.unwatchVersion(db, req.user.username, kindOf(req.params.kind), req.params.id);
      return reply.code(204).send(null);
    },
  });
  app.get('/api/watches', {
    schema: {
      tags: ['watches'],
      summary: "The signed-in user's watched versions",
      response: { 200: watchList, ...errors },
    },
    onRequest: reader,
    handler: async (req) => ({ items: await service.listWatches(db, req.user.username) }),
  });
  app.get('/api/notifications', {
    schema: {
      tags: ['watches'],
      summary: "The signed-in user's notifications, newest first, keyset paged, with the unread count",
      querystring: notificationQuery,
      response: { 200: notificationPage, ...errors },
    },
    onRequest: reader,
    handler: (req) => service.listNotifications(db, watcherOf(req), req.query.after, req.query.limit),
  });
  app.post('/api/notifications/read', {
    schema: {
      tags: ['watches'],
      summary: 'Mark every notification up to an id read',
      body: notificationsRead,
      response: { 204: z.null().describe('Marked read'), ...errors },
    },
    config: notData,
    onRequest: reader,
    handler: async (req, reply) => {
      await service.markRead(db, req.user.username, req.body.up_to);
      return reply.code(204).send(null);
    },
  });
}
