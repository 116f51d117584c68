import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { APP_VERSION, PRODUCT_NAME } from '@dp/contract';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { registerAuth } from './auth/plugin.js';
import { createTokenVerifier } from './auth/verify-token.js';
import { registerStrictJsonParser } from './http/body-encoding.js';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, ENCODINGS, ZLIB_OPTIONS } from './http/compression.js';
import { readCache } from './http/read-cache.js';
import { registerDeploymentGuard } from './http/deployment-guard.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { openApiTransform, openApiTransformObject } from './http/openapi.js';
import { frameworkError, MAX_PARAM_LENGTH, registerErrorHandling, msg, sendError } from './http/errors.js';
import type { AppContext, ZodApp } from './http/types.js';
import { validatorCompiler } from './http/validation.js';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { datasetRoutes } from './modules/dataset/dataset.routes.js';
import { watchRoutes } from './modules/watches/watches.routes.js';
import { releaseNotesRoutes } from './modules/release-notes/release-notes.routes.js';
import { backupRoutes } from './modules/backups/backups.routes.js';
import { baseDataRoutes } from './modules/base-data/base-data.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { compatibilityRoutes } from './modules/compatibility/compatibility.routes.js';
import { compatibilityReportRoutes } from './modules/compatibility-report/compatibility-report.routes.js';
import { deltaReportRoutes } from './modules/delta-report/delta-report.routes.js';
import { evaluationRoutes } from './modules/evaluation/evaluation.routes.js';
import { imageRoutes } from './modules/images/images.routes.js';
import { relationRoutes } from './modules/relations/relations.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { consistencyRoutes } from './modules/consistency/consistency.routes.js';
import { plannerRoutes } from './modules/planner/planner.routes.js';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.js';
import { transferRoutes } from './modules/transfer/transfer.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { labelRoutes } from './modules/labels/labels.routes.js';
import { offlineRoutes } from './modules/offline/offline.routes.js';
import { publishRequestRoutes } from './modules/publish-requests/publish-requests.routes.js';
import { primaryOnly, type ReadRouting } from './db/read-routing.js';
import { registerReadRouting } from './http/read-routing.js';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildOptions extends Omit<AppContext, 'reads' | 'readCache'> {
  logger?: FastifyServerOptions['logger'];
  /** Without it, every read goes to `db`. */
  reads?: ReadRouting;
}

/** Builds the whole product as one Fastify instance without listening, so tests can `inject`. */
export async function buildApp({ logger = false, reads, ...options }: BuildOptions): Promise<ZodApp> {
  const routing = reads ?? primaryOnly(options.db);
  const ctx: AppContext = { ...options, reads: routing, readCache: readCache(options.config.readCacheBytes, routing) };
  const { config } = ctx;
  const app = Fastify({
    logger,
    bodyLimit: 12 * 1024 * 1024,
    // X-Forwarded-* only from the proxies TRUST_PROXY names (by default none): otherwise any client could choose its address and scheme.
    // A hop count trusts that many proxies in front (what Fastify does with a number, which its types omit).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // One line per request drowns what matters; errors and warnings are still logged.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Never echo a stack trace or internal error to a client.
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, request, reply) => void frameworkError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Services build the exact (role-projected) shapes, so responses are written as they are, without a
  // second zod pass over listings of many thousand rows.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  registerStrictJsonParser(app);

  registerSecurityHeaders(app, config);
  registerRateLimit(app, config.rateLimit);

  // Version listings run to megabytes at the larger data sizes; JSON compresses about tenfold.
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    // Up to 256 kB packed in one go (about a millisecond): the stream pipeline the plugin uses above 8 kB
    // cost a 12 kB list a third of the server's CPU for it, and a 100 kB search answer a fifth.
    syncThreshold: 262_144,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: ZLIB_OPTIONS,
  });

  await app.register(fastifySwagger, {
    openapi: {
      // OpenAPI 3.1: nullability as JSON Schema writes it (type [..., 'null']), not 3.0's `nullable`.
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: APP_VERSION,
        description:
          'The REST API of the Digital Portfolio (SPEC section 7). Sign in with the OpenID provider; send its access token as a bearer token.',
        license: { name: 'Proprietary', url: `${config.publicUrl}/help` },
      },
      // Relative: the document is right for whichever address (or proxy) it was fetched through.
      servers: [{ url: new URL(config.publicUrl).pathname, description: 'This instance' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token of the OpenID provider; its roles claim decides what the user may do.',
          },
          transferToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The TRANSFER_TOKEN shared by work, live and demo.',
          },
        },
      },
    },
    // operationId and security per operation, binary content types, no unused components (issue 12 B10).
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  // Admins read it (and try calls) on the web app's /api-docs screen, the token in a header.
  apiDocsRoutes(app);

  let localKeys;
  if (config.oidc.embedded) {
    // Only the embedded provider needs oidc-provider: an instance signed in through a company's provider
    // does not load it.
    const { registerEmbeddedIdp } = await import('./idp/index.js');
    localKeys = (await registerEmbeddedIdp(app, { config, pool: ctx.pool })).jwks;
  }
  registerAuth(
    app,
    createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      rolesClaim: config.oidc.rolesClaim,
      roleMap: config.oidc.roleMap,
      jwks: localKeys,
    }),
  );

  registerDeploymentGuard(app, config.deployment);
  registerReadRouting(app, ctx.reads);
  systemRoutes(app, ctx);
  catalogRoutes(app, ctx);
  compatibilityRoutes(app, ctx);
  compatibilityReportRoutes(app, ctx);
  deltaReportRoutes(app, ctx);
  searchRoutes(app, ctx);
  labelRoutes(app, ctx);
  offlineRoutes(app, ctx);
  evaluationRoutes(app, ctx);
  plannerRoutes(app, ctx);
  consistencyRoutes(app, ctx);
  baseDataRoutes(app, ctx);
  relationRoutes(app, ctx);
  await imageRoutes(app, ctx);
  auditRoutes(app, ctx);
  datasetRoutes(app, ctx);
  releaseNotesRoutes(app, ctx);
  await backupRoutes(app, ctx);
  await transferRoutes(app, ctx);
  publishRequestRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  await watchRoutes(app, ctx);

  const hasWebApp = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // dist/.vite/manifest.json (the build's chunk map, read by the bench) is not for browsers.
      dotfiles: 'ignore',
      // The build writes .br and .gz copies (web/scripts/precompress.ts), sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Built assets carry a content hash; index.html must be fetched anew after a deploy.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/idp');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/evaluate, /basic-data/…) are answered by the web app.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, msg('errors.noRoute', { method: request.method, path: url.split('?', 1).join('') }));
  });

  return app;
}
