import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { msg, sendError } from './errors.js';

export interface RateLimitOptions {
  /** Requests per window per bearer token; 0: no limit. */
  perToken: number;
  /** Requests per window per client address (as TRUST_PROXY lets Fastify see it); 0: no limit. */
  perAddress: number;
  windowMs?: number;
}

/** The rate limit's window: counts start anew at each multiple of it on the clock. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Fixed-window counters; a window's map is dropped whole when the next one starts, so memory stays bounded by one window. */
class WindowCounter {
  private windowStart = 0;
  private counts = new Map<string, number>();
  constructor(private readonly windowMs: number) {}

  /** Counts one request of `key`; returns the count in the current window and the ms until it ends. */
  hit(key: string, now: number): { count: number; resetMs: number } {
    const start = now - (now % this.windowMs);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return { count, resetMs: start + this.windowMs - now };
  }
}

/**
 * A limit per bearer token and per client address on /api (not on the images, which pages load by the
 * dozen): beyond it, 429 with Retry-After. Counted in this instance's memory — a
 * ceiling against floods and runaway scripts, generous enough that no person reaches it; with N instances
 * behind a load balancer a client may reach up to N times the limit.
 */
export function registerRateLimit(
  app: FastifyInstance,
  { perToken, perAddress, windowMs = RATE_LIMIT_WINDOW_MS }: RateLimitOptions,
) {
  if (perToken <= 0 && perAddress <= 0) return;
  const counter = new WindowCounter(windowMs);
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/images/')) return;
    const now = Date.now();
    const checks: Array<[string, number]> = [];
    if (perAddress > 0) checks.push([`a:${request.ip}`, perAddress]);
    const auth = request.headers.authorization;
    // The token's hash: the same token is the same client, whichever address it comes from; no token is kept.
    if (perToken > 0 && auth) checks.push([`t:${createHash('sha256').update(auth).digest('base64url')}`, perToken]);
    for (const [key, limit] of checks) {
      const { count, resetMs } = counter.hit(key, now);
      if (count > limit) {
        const seconds = Math.max(1, Math.ceil(resetMs / 1000));
        reply.header('Retry-After', String(seconds));
        return sendError(reply, 429, msg('errors.tooManyRequests', { seconds }));
      }
    }
  });
}
