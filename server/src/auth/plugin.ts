import { hasRole } from '@dp/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { sendError } from '../http/errors.js';
import { ISSUER_UNAVAILABLE, REFUSED, roleRequired, UNAUTHORIZED } from './messages.js';
import type { Role } from './roles.js';
import { TokenError, type TokenVerifier } from './verify-token.js';

/** The signed-in user of a request that passed `requireRole`. */
export interface AuthUser {
  sub: string;
  username: string;
  role: Role;
  /** The token's `email` claim, where watchers' digests go (issue 42); absent when the token has none. */
  email?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by `registerAuth`; `requireRole` verifies bearer tokens with it. */
    verifyAccessToken: TokenVerifier;
  }
  interface FastifyRequest {
    /** Set by the `requireRole` preHandler; only read it on routes that use one. */
    user: AuthUser;
  }
}

/**
 * Makes `requireRole` usable on `app` and every route registered on it. Call it on the root instance
 * before the routes are registered.
 */
export function registerAuth(app: FastifyInstance, verifier: TokenVerifier): void {
  app.decorate('verifyAccessToken', verifier);
  // Fastify wants request decorations declared up front; requireRole fills it in per request.
  app.decorateRequest('user', null as unknown as AuthUser);
}

// RFC 6750 §2.1: "Bearer" then one b64token.
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * A preHandler that lets the request through only with a valid access token whose role is at least
 * `required`, and sets `request.user`. A missing, malformed or invalid token answers 401; a token
 * without a known role or with a lower one answers 403; an unreachable issuer answers 503.
 */
export function requireRole(required: Role = 'extern') {
  return async function checkRole(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    if (header === undefined || header === '') {
      // RFC 6750 §3.1: a request without credentials gets the challenge without an error code.
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(reply, 401, UNAUTHORIZED);
    }
    const token = bearerPattern.exec(header)?.[1];
    if (token === undefined) return invalidToken(reply, 'The Authorization header is not a bearer token.');

    let verified;
    try {
      verified = await request.server.verifyAccessToken(token);
    } catch (err) {
      if (err instanceof TokenError && err.reason === 'issuer_unavailable') {
        request.log.warn({ err }, 'access token could not be checked: issuer unavailable');
        return sendError(reply, 503, ISSUER_UNAVAILABLE);
      }
      const description = err instanceof TokenError ? err.message : 'The token is invalid.';
      // One warning per refused token, naming the check and what the token said in the checked claims
      // (iss, aud, exp are not secret), never the token itself: an operator can see at once that, say,
      // the provider issues tokens for another audience (issue 12 A2).
      request.log.warn(rejectionDetails(token, err), `access token rejected: ${description}`);
      return invalidToken(reply, description);
    }

    if (verified.role === null) return sendError(reply, 403, REFUSED);
    if (!hasRole(verified.role, required)) return sendError(reply, 403, roleRequired(required));
    const email = verified.claims.email;
    request.user = {
      sub: verified.sub,
      username: verified.username,
      role: verified.role,
      ...(typeof email === 'string' && email.includes('@') ? { email } : {}),
    };
  };
}

/** What the log says about a refused token: the failed check and the checked claims, never the token. */
function rejectionDetails(token: string, err: unknown) {
  const details: Record<string, unknown> = {
    reason: err instanceof TokenError ? err.reason : 'unknown',
    check: err instanceof TokenError ? err.check : 'unknown',
  };
  try {
    const claims = decodeJwt(token);
    // Unverified values from the sender: kept short, so a forged token cannot flood the log.
    for (const name of ['iss', 'aud', 'exp', 'nbf'] as const)
      if (claims[name] !== undefined) details[`token_${name}`] = short(claims[name]);
  } catch {
    // A token that cannot be decoded has no claims to show.
  }
  return details;
}

const short = (value: unknown) =>
  typeof value === 'number' ? value : JSON.stringify(value).slice(0, 200).replace(/^"|"$/g, '');

function invalidToken(reply: FastifyReply, description: string) {
  // The description names the check that failed (expired, wrong audience…), never the token itself.
  reply.header(
    'WWW-Authenticate',
    `Bearer error="invalid_token", error_description="${description.replace(/["\\]/g, '')}"`,
  );
  return sendError(reply, 401, UNAUTHORIZED);
}
