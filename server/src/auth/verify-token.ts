import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { mapRoles, readClaim, type Role, type RoleMap } from './roles.js';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Name (or dotted path) of the claim that carries the role list. */
  rolesClaim: string;
  /** Group names to roles (OIDC_ROLE_MAP); without it the claim must carry the role words. */
  roleMap?: RoleMap;
  /** Keys to verify with; when absent they come from the issuer's discovery document (`jwks_uri`). */
  jwks?: JWTVerifyGetKey;
  /** Time-out of the discovery request, in milliseconds. */
  discoveryTimeoutMs?: number;
}

export interface VerifiedToken {
  sub: string;
  username: string;
  /** Null when the token carries none of the known roles. */
  role: Role | null;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export type TokenErrorReason =
  | 'malformed'
  | 'unsupported_algorithm'
  | 'invalid_signature'
  | 'unknown_key'
  | 'expired'
  | 'not_yet_valid'
  | 'invalid_claims'
  /** The issuer's discovery document or keys could not be fetched: a server-side problem, not the token's. */
  | 'issuer_unavailable';

/** Which check a refused token failed, for the warning in the log (issue 12 A2). */
export type TokenCheck = 'format' | 'signature' | 'issuer' | 'audience' | 'expiry' | 'claims' | 'issuer_unavailable';

/** Every way a token can fail verification; nothing else leaves `verify`. */
export class TokenError extends Error {
  /** The claim whose check failed (`iss`, `aud`, `sub`…), when one did. */
  readonly claim: string | undefined;

  constructor(
    readonly reason: TokenErrorReason,
    message: string,
    options?: ErrorOptions & { claim?: string },
  ) {
    super(message, options);
    this.name = 'TokenError';
    this.claim = options?.claim;
  }

  /** The check that failed, in the words an operator looks for: issuer, audience, expiry, signature… */
  get check(): TokenCheck {
    switch (this.reason) {
      case 'malformed':
        return 'format';
      case 'unsupported_algorithm':
      case 'invalid_signature':
      case 'unknown_key':
        return 'signature';
      case 'expired':
      case 'not_yet_valid':
        return 'expiry';
      case 'issuer_unavailable':
        return 'issuer_unavailable';
      case 'invalid_claims':
        return this.claim === 'iss'
          ? 'issuer'
          : this.claim === 'aud'
            ? 'audience'
            : this.claim === 'exp' || this.claim === 'nbf' || this.claim === 'iat'
              ? 'expiry'
              : 'claims';
    }
  }
}

/** The access token's 60 s of leeway for exp and nbf (SPEC 5 and 9). */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * A verified token is taken again without checking its signature, until its expiry and for at most this
 * long: the RS256 check costs more than the rest of a typical read (issue 14), and a client sends the same
 * token with every request.
 */
const VERIFIED_REUSE_MS = 60_000;
/** The most verified tokens kept; the oldest go first. */
const VERIFIED_MAX = 5_000;

/**
 * Builds the verifier of bearer access tokens: RS256 only, signature, iss, aud, exp and nbf (60 s
 * leeway) and a subject. Without `jwks`, the issuer's discovery document is fetched on first use and
 * its `jwks_uri` key set is cached by jose (refetched when a token names an unknown key).
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const { issuer, audience, rolesClaim, roleMap, discoveryTimeoutMs = 5_000 } = options;
  let keys: Promise<JWTVerifyGetKey> | undefined = options.jwks ? Promise.resolve(options.jwks) : undefined;

  function getKeys(): Promise<JWTVerifyGetKey> {
    keys ??= discoverKeySet(issuer, discoveryTimeoutMs).catch((cause: unknown) => {
      // Forget the failure so the next request tries again instead of failing until a restart.
      keys = undefined;
      throw new TokenError('issuer_unavailable', `The issuer ${issuer} could not be reached.`, { cause });
    });
    return keys;
  }

  const verified = new Map<string, { token: VerifiedToken; until: number }>();
  function remember(token: string, result: VerifiedToken) {
    const expires = typeof result.claims.exp === 'number' ? result.claims.exp * 1000 : 0;
    const until = Math.min(expires, Date.now() + VERIFIED_REUSE_MS);
    if (until <= Date.now()) return;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { token: result, until });
  }

  return async function verifyOrReuse(token: string): Promise<VerifiedToken> {
    const known = verified.get(token);
    if (known && known.until > Date.now()) return known.token;
    if (known) verified.delete(token);
    const result = await verify(token);
    remember(token, result);
    return result;
  };

  async function verify(token: string): Promise<VerifiedToken> {
    // Cheap checks first: a token that cannot pass is refused without asking the issuer for keys.
    let alg: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch (cause) {
      throw new TokenError('malformed', 'The token is malformed.', { cause });
    }
    if (alg !== 'RS256') throw new TokenError('unsupported_algorithm', 'The token is not signed with RS256.');

    const getKey = await getKeys();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer,
        audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (err) {
      throw toTokenError(err);
    }
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub === '')
      throw new TokenError('invalid_claims', 'The token has no subject.', { claim: 'sub' });
    return {
      sub,
      username: usernameOf(payload) ?? sub,
      role: mapRoles(readClaim(payload, rolesClaim), roleMap),
      claims: payload,
    };
  }
}

async function discoverKeySet(issuer: string, timeoutMs: number): Promise<JWTVerifyGetKey> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
  // OpenID Discovery 1.0 §4.3: the document must name exactly the issuer it was fetched for.
  if (doc.issuer !== issuer) throw new Error(`${url} names the issuer ${String(doc.issuer)}, expected ${issuer}`);
  const jwksUri = doc.jwks_uri;
  if (typeof jwksUri !== 'string') throw new Error(`${url} has no jwks_uri`);
  const remote = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (err) {
      if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) throw err;
      // A refused connection, a 5xx or a time-out of the key set is the issuer's problem, not the token's.
      throw new TokenError('issuer_unavailable', `The key set ${jwksUri} could not be fetched.`, { cause: err });
    }
  };
}

/**
 * The name shown for a user (issue 12 A4): preferred_username, else name, else email, else nickname; the
 * caller falls back to the opaque `sub` only when none is there.
 */
export function usernameOf(claims: Record<string, unknown>): string | undefined {
  return firstString(claims.preferred_username, claims.name, claims.email, claims.nickname);
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === 'string' && v !== '');
}

function toTokenError(err: unknown): TokenError {
  if (err instanceof TokenError) return err;
  if (err instanceof errors.JWTExpired) return new TokenError('expired', 'The token has expired.', { cause: err });
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'nbf') return new TokenError('not_yet_valid', 'The token is not valid yet.', { cause: err });
    return new TokenError('invalid_claims', `The token's "${err.claim}" claim is not accepted.`, {
      cause: err,
      claim: err.claim,
    });
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) {
    return new TokenError('invalid_signature', 'The token signature is invalid.', { cause: err });
  }
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return new TokenError('unknown_key', 'The token is signed with a key the issuer does not publish.', { cause: err });
  }
  // JWSInvalid, JWTInvalid, JOSENotSupported, a bad key and anything unexpected: the token is unusable.
  return new TokenError('malformed', 'The token is malformed.', { cause: err });
}
