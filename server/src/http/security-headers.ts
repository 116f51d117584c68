import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.js';

/**
 * Helmet's headers on every response: a Content-Security-Policy that allows the app's own origin (and an
 * external provider's, whose sign-in pages and token calls the browser reaches), plus HSTS on HTTPS.
 * The middleware is built once; @fastify/helmet parsed these options again on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<AppConfig, 'oidc'>) {
  const provider = config.oidc.embedded ? [] : [new URL(config.oidc.issuer).origin];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...provider],
        frameSrc: ["'self'", ...provider],
        formAction: ["'self'", ...provider],
        upgradeInsecureRequests: null,
      },
    },
    // Set below, only on HTTPS: over plain HTTP the header is meaningless and would pin a local http:// start.
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
