import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Deployment } from '../config.js';
import { msg, sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False for a POST that only reads (a search, a report, an import by transfer); every other
     * POST, PUT, PATCH and DELETE under /api changes data and is refused on live and demo.
     */
    writesData?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isWrite = (method: string | string[]) =>
  (Array.isArray(method) ? method : [method]).some((m) => WRITE_METHODS.has(m.toUpperCase()));

/** True for an API route that changes data: a write method, unless the route says it only reads. */
export const writesData = (route: RouteOptions) =>
  route.url.startsWith('/api/') && isWrite(route.method) && route.config?.writesData !== false;

/**
 * On live and demo the data is a published copy of work's: a change there would be lost at the next
 * transfer, so every data write answers 403 — after the sign-in check, so a visitor still gets 401.
 * One hook for every route, so a new write route is guarded without anyone remembering to.
 */
export function registerDeploymentGuard(app: FastifyInstance, deployment: Deployment) {
  if (deployment === 'work') return;
  const refuse = async (_request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, 403, msg('deployment.readOnly', { deployment: deployment.toUpperCase() }));
  app.addHook('onRoute', (route) => {
    if (!writesData(route)) return;
    const existing =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...existing, refuse];
  });
}
