import { APP_VERSION, apiError, health, me, publicConfig } from '@dp/contract';
import { sql } from 'drizzle-orm';
import { requireRole } from '../../auth/plugin.js';
import { webAppUris } from '../../config.js';
import type { AppContext, ZodApp } from '../../http/types.js';

/** Configuration for the web app, the signed-in user, and health: the calls the shell needs. */
export function systemRoutes(app: ZodApp, { config, db }: AppContext) {
  const uris = webAppUris(config.publicUrl);

  app.get('/api/config', {
    schema: { tags: ['system'], summary: 'Public settings the web app needs to sign in', response: { 200: publicConfig } },
    handler: () => ({
      deployment: config.deployment,
      version: APP_VERSION,
      oidc: {
        authority: config.oidc.issuer,
        client_id: config.oidc.clientId,
        scope: config.oidc.scope,
        redirect_uri: uris.redirect,
        silent_redirect_uri: uris.silentRedirect,
        post_logout_redirect_uri: uris.postLogoutRedirect,
      },
    }),
  });

  app.get('/api/me', {
    schema: { tags: ['system'], summary: 'The signed-in user and role', response: { 200: me, 401: apiError, 403: apiError } },
    onRequest: requireRole('extern'),
    handler: (req) => ({ username: req.user.username, role: req.user.role }),
  });

  app.get('/api/health', {
    schema: { tags: ['system'], summary: 'Application and database status', response: { 200: health, 503: health } },
    handler: async (_req, reply) => {
      const database = await db
        .execute(sql`select 1`)
        .then(() => 'ok' as const)
        .catch(() => 'unavailable' as const);
      const body = { status: database === 'ok' ? ('ok' as const) : ('degraded' as const), version: APP_VERSION, app: 'ok' as const, database };
      return reply.code(database === 'ok' ? 200 : 503).send(body);
    },
  });
}
