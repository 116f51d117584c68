import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_MESSAGE } from '../../src/auth/messages.js';
import { createTokenVerifier } from '../../src/auth/verify-token.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { freeLoopbackPort } from '../../src/db/embedded.js';
import { registerSecurityHeaders } from '../../src/http/security-headers.js';
import { registerEmbeddedIdp } from '../../src/idp/index.js';
import { createPgAdapter, deleteExpiredPayloads } from '../../src/idp/pg-adapter.js';
import { createTestDatabase } from '../support/database.js';

// The whole authorization-code + PKCE flow against the embedded provider on a real port, driven by
// plain fetch the way a browser would: redirects followed by hand, cookies kept in a jar.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let config: AppConfig;
let app: FastifyInstance;
let origin: string;

/** The app as buildApp mounts it: helmet first, then the provider. */
async function startApp(): Promise<FastifyInstance> {
  const instance = Fastify();
  registerSecurityHeaders(instance, config);
  await registerEmbeddedIdp(instance, { config, pool: database.pool });
  // buildApp answers unknown URLs itself; the provider's URLs have no Fastify route and must still reach it.
  instance.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'nothing here' }),
  );
  await instance.listen({ port: config.port, host: '127.0.0.1' });
  return instance;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  config = loadConfig({ PORT: String(port), PUBLIC_URL: origin, DATA_DIR: path.join(os.tmpdir(), 'dp-idp-test') });
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A browser's cookie store, enough for one host: names and values, deletions honoured. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        return (
          (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) ||
          (key.toLowerCase() === 'max-age' && Number(val) <= 0)
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

class Browser {
  readonly jar = new CookieJar();

  async request(url: string, init: RequestInit = {}) {
    const res = await fetch(new URL(url, origin), {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: this.jar.header() },
    });
    this.jar.store(res);
    return res;
  }

  /** Follows redirects on this origin until one leaves /idp (the web app's callback or logout target). */
  async follow(res: Response): Promise<{ res: Response; url: string }> {
    let url = res.url;
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).href;
      if (!new URL(url).pathname.startsWith('/idp')) return { res, url };
      res = await this.request(url);
    }
    return { res, url };
  }

  postForm(url: string, fields: Record<string, string>) {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

const redirectUri = () => `${origin}/auth/callback`;

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: config.oidc.clientId,
    response_type: 'code',
    redirect_uri: redirectUri(),
    scope: config.oidc.scope,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `/idp/auth?${params}`;
}

function formAction(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeDefined();
  return action!.replace(/&#38;/g, '&');
}

async function tokenRequest(fields: Record<string, string>) {
  const res = await fetch(`${origin}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: config.oidc.clientId, ...fields }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Signs `user` in through the login page and exchanges the code; returns the token response. */
async function signIn(browser: Browser, user: string, password = user) {
  const { verifier, challenge } = pkce();
  const start = await browser.request(authorizeUrl(challenge));
  expect(start.status).toBe(303);
  const loginUrl = start.headers.get('location')!;
  expect(loginUrl).toMatch(/^\/idp\/interaction\/[\w-]+$/);
  const page = await (await browser.request(loginUrl)).text();
  const done = await browser.follow(await browser.postForm(formAction(page), { username: user, password }));
  const callback = new URL(done.url);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri());
  expect(callback.searchParams.get('error')).toBeNull();
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();
  const tokens = await tokenRequest({
    grant_type: 'authorization_code',
    code: code!,
    code_verifier: verifier,
    redirect_uri: redirectUri(),
  });
  expect(tokens.status).toBe(200);
  return tokens.body as {
    access_token: string;
    id_token: string;
    refresh_token?: string;
    expires_in: number;
    token_type: string;
  };
}

describe('embedded OpenID provider', () => {
  it('publishes discovery under /idp with the issuer of the config', async () => {
    const res = await fetch(`${origin}/idp/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${origin}/idp`);
    expect(doc.authorization_endpoint).toBe(`${origin}/idp/auth`);
    expect(doc.token_endpoint).toBe(`${origin}/idp/token`);
    expect(doc.jwks_uri).toBe(`${origin}/idp/jwks`);
    expect(doc.end_session_endpoint).toBe(`${origin}/idp/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.ui_locales_supported).toEqual(['de', 'en', 'fr']);
    expect(doc.claim_types_supported).toEqual(['normal']);
  });

  it('shows a login page, refuses a wrong password and signs in with the right one', async () => {
    const browser = new Browser();
    const { challenge, verifier } = pkce();
    const start = await browser.request(authorizeUrl(challenge, { ui_locales: 'en' }));
    const loginUrl = start.headers.get('location')!;
    const page = await browser.request(loginUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Digital Portfolio');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="username">User name<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toContain('type="submit"');
    expect(html).not.toContain(LOGIN_FAILED_MESSAGE);
    expect(html).not.toContain('<script');

    const wrong = await browser.postForm(formAction(html), { username: 'intern', password: 'wrong' });
    expect(wrong.status).toBe(200);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain(LOGIN_FAILED_MESSAGE);
    expect(wrongHtml).toContain('value="intern"');

    const unknown = await browser.postForm(formAction(html), { username: 'nobody', password: 'nobody' });
    expect(await unknown.text()).toContain(LOGIN_FAILED_MESSAGE);

    const done = await browser.follow(
      await browser.postForm(formAction(html), { username: 'intern', password: 'intern' }),
    );
    const code = new URL(done.url).searchParams.get('code')!;
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri(),
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('Bearer');

    // A code is good once.
    const again = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri(),
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it.each([
    ['ui_locales=de', { ui_locales: 'de' }],
    ['no ui_locales', {}],
  ] as const)('shows the login page in German with %s', async (_what, extra) => {
    const browser = new Browser();
    const start = await browser.request(authorizeUrl(pkce().challenge, extra));
    const html = await (await browser.request(start.headers.get('location')!)).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toMatch(/<label for="username">Benutzername<\/label>/);
    expect(html).toMatch(/<label for="password">Passwort<\/label>/);
    expect(html).toContain('<button type="submit">Anmelden</button>');
    const wrong = await (await browser.postForm(formAction(html), { username: 'intern', password: 'wrong' })).text();
    expect(wrong).toContain('<html lang="de">');
    expect(wrong).toContain('Benutzername oder Passwort ist falsch.');
    expect(wrong).not.toContain(LOGIN_FAILED_MESSAGE);
  });

  it('shows the login page in French with ui_locales=fr-CH', async () => {
    const browser = new Browser();
    const start = await browser.request(authorizeUrl(pkce().challenge, { ui_locales: 'fr-CH en' }));
    const html = await (await browser.request(start.headers.get('location')!)).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Mot de passe');
  });

  it('refuses a code exchange with a wrong PKCE verifier', async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const start = await browser.request(authorizeUrl(challenge));
    const html = await (await browser.request(start.headers.get('location')!)).text();
    const done = await browser.follow(
      await browser.postForm(formAction(html), { username: 'extern', password: 'extern' }),
    );
    const code = new URL(done.url).searchParams.get('code')!;
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce().verifier,
      redirect_uri: redirectUri(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses an authorization request without PKCE', async () => {
    const params = new URLSearchParams({
      client_id: config.oidc.clientId,
      response_type: 'code',
      redirect_uri: redirectUri(),
      scope: 'openid',
    });
    const res = await new Browser().request(`/idp/auth?${params}`);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('issues RS256 JWT access tokens for the API audience with roles and user name', async () => {
    const verify = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      rolesClaim: config.oidc.rolesClaim,
    });
    for (const [user, roles] of [
      ['admin', ['admin']],
      ['intern', ['intern']],
      ['extern', ['extern']],
      ['norole', []],
    ] as const) {
      const tokens = await signIn(new Browser(), user);
      expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
      const claims = decodeJwt(tokens.access_token);
      expect(claims.aud).toBe(config.oidc.audience);
      expect(claims[config.oidc.rolesClaim]).toEqual(roles);
      expect(claims.preferred_username).toBe(user);

      const verified = await verify(tokens.access_token);
      expect(verified).toMatchObject({ sub: user, username: user, role: roles[0] ?? null });

      const idToken = decodeJwt(tokens.id_token);
      expect(idToken.aud).toBe(config.oidc.clientId);
      expect(idToken).toMatchObject({ preferred_username: user, nickname: user });
      expect(typeof idToken.name).toBe('string');
    }
  });

  it('gives the local key set the same keys as the published one', async () => {
    const tokens = await signIn(new Browser(), 'admin');
    const other = Fastify();
    const idp = await registerEmbeddedIdp(other, { config, pool: database.pool });
    await other.close();
    const verify = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      rolesClaim: config.oidc.rolesClaim,
      jwks: idp.jwks,
    });
    expect((await verify(tokens.access_token)).role).toBe('admin');
    const published = (await (await fetch(`${origin}/idp/jwks`)).json()) as { keys: Array<{ kid: string }> };
    expect(published.keys.map((k) => k.kid)).toEqual(idp.publicJwks.keys.map((k) => k.kid));
  });

  it('signs in again without the login page while the provider session lasts (silent renew)', async () => {
    const browser = new Browser();
    await signIn(browser, 'intern');
    const { challenge } = pkce();
    const silent = await browser.follow(
      await browser.request(authorizeUrl(challenge, { prompt: 'none', redirect_uri: `${origin}/auth/silent` })),
    );
    const url = new URL(silent.url);
    expect(url.pathname).toBe('/auth/silent');
    expect(url.searchParams.get('error')).toBeNull();
    expect(url.searchParams.get('code')).toBeTruthy();
  });

  it('refreshes tokens, also after a restart of the provider', async () => {
    const verify = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      rolesClaim: config.oidc.rolesClaim,
    });
    const first = await signIn(new Browser(), 'intern');
    expect(first.refresh_token).toBeTruthy();

    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token! });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await verify(second.access_token)).role).toBe('intern');

    // A new provider instance on the same database: grants, refresh tokens and keys come from PostgreSQL.
    await app.close();
    app = await startApp();
    const afterRestart = await tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(afterRestart.status).toBe(200);
    const third = afterRestart.body as { access_token: string; refresh_token: string };
    const freshVerifier = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      rolesClaim: config.oidc.rolesClaim,
    });
    expect(await freshVerifier(third.access_token)).toMatchObject({ username: 'intern', role: 'intern' });
    // The token issued before the restart is still valid too: the signing key survived.
    expect((await freshVerifier(second.access_token)).role).toBe('intern');

    // Replaying a rotated refresh token is refused (and revokes the grant).
    const replay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token! });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('logs out at the end-session endpoint without a confirmation click and without an ID token', async () => {
    const browser = new Browser();
    const tokens = await signIn(browser, 'admin');
    // What the web app sends (RP-Initiated Logout 1.0): no id_token_hint, the client and where to go back.
    const params = new URLSearchParams({
      client_id: config.oidc.clientId,
      post_logout_redirect_uri: `${origin}/home`,
      state: 'bye',
      ui_locales: 'en',
    });
    // The browser marks the navigation from the product's own page as same-origin (cross-site: issue-12.test.ts B7).
    const page = await browser.request(`/idp/session/end?${params}`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Signing out…');
    const script = /<script>([^<]*)<\/script>/.exec(html)?.[1];
    expect(script).toBe('document.forms[0].submit();');
    // helmet's policy was kept and allows exactly this script by its hash.
    const hash = createHash('sha256').update(script!).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeTruthy();
    const confirmed = await browser.postForm(formAction(html), { xsrf: xsrf!, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${origin}/home?state=bye`);

    // The provider session is gone: a silent sign-in now needs a login, and the refresh token is revoked.
    const { challenge } = pkce();
    const silent = await browser.follow(await browser.request(authorizeUrl(challenge, { prompt: 'none' })));
    expect(new URL(silent.url).searchParams.get('error')).toBe('login_required');
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('answers an expired or foreign interaction with a clear page', async () => {
    const res = await new Browser().request('/idp/interaction/does-not-exist');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Diese Anmeldeseite ist abgelaufen.');
  });

  it('leaves other URLs to the app', async () => {
    expect((await fetch(`${origin}/idpx`)).status).toBe(404);
    expect((await fetch(`${origin}/api/anything`)).status).toBe(404);
    expect(await (await fetch(`${origin}/idp/nothing-here`)).text()).not.toContain('nothing here');
  });
});

describe('PostgreSQL adapter', () => {
  const epoch = () => Math.floor(Date.now() / 1000);

  it('stores, finds, consumes and destroys a payload', async () => {
    const Adapter = createPgAdapter(database.pool);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find('c1')).toEqual({ jti: 'c1', grantId: 'g1', kind: 'AuthorizationCode' });
    // Ids are per model.
    expect(await new Adapter('RefreshToken').find('c1')).toBeUndefined();

    await codes.consume('c1');
    const consumed = await codes.find('c1');
    expect(consumed?.consumed).toBeGreaterThanOrEqual(epoch() - 5);

    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
  });

  it('treats expired rows as absent and deletes them later', async () => {
    const Adapter = createPgAdapter(database.pool);
    const sessions = new Adapter('Session');
    await sessions.upsert('s-old', { jti: 's-old', uid: 'u-old', kind: 'Session' }, 1);
    await database.pool.query(
      `update oidc_payloads set expires_at = now() - interval '2 hours' where model = 'Session' and id = 's-old'`,
    );
    expect(await sessions.find('s-old')).toBeUndefined();
    expect(await sessions.findByUid('u-old')).toBeUndefined();
    expect(await deleteExpiredPayloads(database.pool)).toBeGreaterThanOrEqual(1);
    const { rowCount } = await database.pool.query(
      `select 1 from oidc_payloads where model = 'Session' and id = 's-old'`,
    );
    expect(rowCount).toBe(0);
  });

  it('finds by uid and user code, updates in place and revokes by grant per model', async () => {
    const Adapter = createPgAdapter(database.pool);
    const sessions = new Adapter('Session');
    await sessions.upsert('s1', { jti: 's1', uid: 'u1', kind: 'Session' }, 600);
    await sessions.upsert('s1', { jti: 's1', uid: 'u2', kind: 'Session', accountId: 'intern' }, 600);
    expect(await sessions.findByUid('u1')).toBeUndefined();
    expect(await sessions.findByUid('u2')).toMatchObject({ accountId: 'intern' });

    const devices = new Adapter('DeviceCode');
    await devices.upsert('d1', { jti: 'd1', userCode: 'ABCD-EFGH', kind: 'DeviceCode' });
    expect(await devices.findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'd1' });

    const refresh = new Adapter('RefreshToken');
    const access = new Adapter('AccessToken');
    await refresh.upsert('r1', { jti: 'r1', grantId: 'g2', kind: 'RefreshToken' }, 600);
    await access.upsert('a1', { jti: 'a1', grantId: 'g2', kind: 'AccessToken' }, 600);
    await refresh.revokeByGrantId('g2');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await access.find('a1')).toBeDefined();
  });
});
