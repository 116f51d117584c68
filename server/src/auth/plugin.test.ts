import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CATALOG, PRODUCT_NAME, renderMessage } from '@dp/contract';
import { REFUSED_MESSAGE, roleRequiredMessage, UNAUTHORIZED_MESSAGE, ISSUER_UNAVAILABLE_MESSAGE } from './messages.js';
import { registerAuth, requireRole } from './plugin.js';
import { createTokenVerifier } from './verify-token.js';

const ISSUER = 'https://login.example.test';
const AUDIENCE = 'https://portfolio.example.test/api';
const ROLES = 'digitalPortfolioAccess/roles';

let app: FastifyInstance;
let privateKey: CryptoKey;
let jwks: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] });

  app = Fastify();
  registerAuth(app, createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, rolesClaim: ROLES, jwks }));
  app.get('/me', { preHandler: requireRole() }, (req) => req.user);
  app.get('/intern', { preHandler: requireRole('intern') }, (req) => ({ ok: req.user.role }));
  app.get('/admin', { preHandler: requireRole('admin') }, (req) => ({ ok: req.user.role }));
  app.post(
    '/items',
    {
      onRequest: requireRole('admin'),
      schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    },
    (req) => ({ by: req.user.username }),
  );
  await app.ready();
});
afterAll(() => app.close());

function tokenFor(username: string, roles: string[] | undefined) {
  return new SignJWT({ [ROLES]: roles, preferred_username: username })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(`sub-${username}`)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

const bearer = async (username: string, roles?: string[]) => ({
  authorization: `Bearer ${await tokenFor(username, roles)}`,
});

describe('requireRole', () => {
  it('answers 401 with the SPEC 8 text when there is no Authorization header', async () => {
    const res = await app.inject({ url: '/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: UNAUTHORIZED_MESSAGE,
      code: 'auth.unauthorized',
      params: { product: PRODUCT_NAME },
    });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it.each([
    ['a garbage bearer', 'Bearer garbage'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
    ['no scheme', 'abc.def.ghi'],
  ])('answers 401 invalid_token for %s', async (_name, authorization) => {
    const res = await app.inject({ url: '/me', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: UNAUTHORIZED_MESSAGE,
      code: 'auth.unauthorized',
      params: { product: PRODUCT_NAME },
    });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
  });

  it('logs a refused token once at warn level with the failed check, never the token (issue 12 A2)', async () => {
    const lines: string[] = [];
    const logged = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    registerAuth(logged, createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, rolesClaim: ROLES, jwks }));
    logged.get('/me', { preHandler: requireRole() }, (req) => req.user);
    const foreign = await new SignJWT({ [ROLES]: ['admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience('account')
      .setSubject('sub-admin')
      .setExpirationTime('10m')
      .sign(privateKey);
    const res = await logged.inject({ url: '/me', headers: { authorization: `Bearer ${foreign}` } });
    expect(res.statusCode).toBe(401);
    const warnings = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      check: 'audience',
      reason: 'invalid_claims',
      token_aud: 'account',
      token_iss: ISSUER,
    });
    expect(String(warnings[0]!.msg)).toContain('"aud"');
    expect(lines.join('\n')).not.toContain(foreign);
    expect(lines.join('\n')).not.toContain(foreign.split('.')[2]!);
    await logged.close();
  });

  it('answers 401 for an expired token', async () => {
    const expired = await new SignJWT({ [ROLES]: ['admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('sub-admin')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(privateKey);
    const res = await app.inject({ url: '/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('expired');
  });

  it('answers 403 with the refusal text for a valid token without a known role', async () => {
    for (const roles of [[], undefined, ['unknown']]) {
      const res = await app.inject({ url: '/me', headers: await bearer('norole', roles) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: REFUSED_MESSAGE,
        code: 'auth.refused',
        params: {},
      });
    }
  });

  it('says the refusal texts in the language the request accepts (SPEC 8 text exact in English)', async () => {
    const refused = await app.inject({
      url: '/me',
      headers: { ...(await bearer('norole', [])), 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(refused.json()).toMatchObject({ message: MESSAGE_CATALOG['auth.refused'].de, code: 'auth.refused' });
    expect(refused.headers['content-language']).toBe('de');
    const anonymous = await app.inject({ url: '/me', headers: { 'accept-language': 'fr' } });
    expect(anonymous.json().message).toBe(renderMessage('auth.unauthorized', { product: PRODUCT_NAME }, 'fr'));
    const english = await app.inject({ url: '/me', headers: { 'accept-language': 'es' } });
    expect(english.json().message).toBe(UNAUTHORIZED_MESSAGE);
  });

  it('answers 403 naming the required role when the role is too low', async () => {
    const res = await app.inject({ url: '/admin', headers: await bearer('extern', ['extern']) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: roleRequiredMessage('admin'),
      code: 'auth.roleRequired',
      params: { role: 'admin' },
    });
    expect((await app.inject({ url: '/intern', headers: await bearer('extern', ['extern']) })).statusCode).toBe(403);
  });

  it('lets a sufficient role through and sets request.user', async () => {
    const me = await app.inject({ url: '/me', headers: await bearer('extern', ['extern']) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ sub: 'sub-extern', username: 'extern', role: 'extern' });
    expect((await app.inject({ url: '/intern', headers: await bearer('intern', ['intern']) })).json()).toEqual({
      ok: 'intern',
    });
    expect((await app.inject({ url: '/intern', headers: await bearer('boss', ['intern', 'admin']) })).json()).toEqual({
      ok: 'admin',
    });
    expect((await app.inject({ url: '/admin', headers: await bearer('admin', ['admin']) })).statusCode).toBe(200);
  });

  it('as an onRequest hook, answers 401/403 before the body is parsed or validated', async () => {
    const invalid = { method: 'POST' as const, url: '/items', payload: { wrong: true } };
    expect((await app.inject(invalid)).statusCode).toBe(401);
    expect((await app.inject({ ...invalid, headers: await bearer('extern', ['extern']) })).statusCode).toBe(403);
    expect((await app.inject({ ...invalid, headers: await bearer('admin', ['admin']) })).statusCode).toBe(400);
    const valid = await app.inject({
      method: 'POST',
      url: '/items',
      payload: { name: 'x' },
      headers: await bearer('admin', ['admin']),
    });
    expect(valid.json()).toEqual({ by: 'admin' });
  });

  it('answers 503, not 401 or 500, when the issuer cannot be reached', async () => {
    const offline = Fastify();
    // Port 9 (discard) on loopback refuses the connection at once.
    registerAuth(
      offline,
      createTokenVerifier({ issuer: 'http://127.0.0.1:9/idp', audience: AUDIENCE, rolesClaim: ROLES }),
    );
    offline.get('/me', { preHandler: requireRole() }, (req) => req.user);
    const res = await offline.inject({ url: '/me', headers: await bearer('intern', ['intern']) });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(ISSUER_UNAVAILABLE_MESSAGE);
    // A token that cannot be valid is refused without the issuer.
    expect((await offline.inject({ url: '/me', headers: { authorization: 'Bearer garbage' } })).statusCode).toBe(401);
    await offline.close();
  });
});
