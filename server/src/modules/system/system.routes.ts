import { APP_VERSION, apiError, health, me, publicConfig } from '@dp/contract';
import { requireRole } from '../../auth/plugin.js';
import { webAppUris } from '../../config.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { pingDatabase } from './system.queries.js';

const HEALTH_TIMEOUT_MS = 3000;

/** Configuration for the web app, the signed-in user, and health: the calls the shell needs. */
export function systemRoutes(app: ZodApp, { config, db }: AppContext) {
  const uris = webAppUris(config.publicUrl);

  app.get('/api/config', {
    schema: {
      tags: ['system'],
      summary: 'Public settings the web app needs to sign in',
      response: { 200: publicConfig },
    },
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
        // The API is asked for as OIDC_AUDIENCE_PARAM says; the embedded provider takes `resource` (RFC 8707).
        ...(['resource', 'both'].includes(config.oidc.audienceParam) && { resource: config.oidc.audience }),
        ...(['audience', 'both'].includes(config.oidc.audienceParam) && { audience: config.oidc.audience }),
      },
    }),
  });

  app.get('/api/me', {
    schema: {
      tags: ['system'],
      summary: 'The signed-in user and role',
      response: { 200: me, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('extern'),
    handler: (req) => ({ username: req.user.username, role: req.user.role }),
  });

  app.get('/api/health', {
    schema: { tags: ['system'], summary: 'Application and database status', response: { 200: health, 503: health } },
    handler: async (_req, reply) => {
      // A database that does not answer within HEALTH_TIMEOUT_MS counts as unavailable: a health check must not hang.
      let timer: NodeJS.Timeout | undefined;
      const database = await Promise.race([
        pingDatabase(db).then(() => 'ok' as const),
        new Promise<'unavailable'>((resolve) => (timer = setTimeout(() => resolve('unavailable'), HEALTH_TIMEOUT_MS))),
      ])
        .catch(() => 'unavailable' as const)
        .finally(() => clearTimeout(timer));
      const body = {
        status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
        version: APP_VERSION,
        app: 'ok' as const,
        database,
      };
      return reply.code(database === 'ok' ? 200 : 503).send(body);
    },
  });
}
