/**
 * Issue 12 part B on the embedded OpenID provider: URLs from PUBLIC_URL only (B4), password guessing
 * throttled per user and per address with its state in PostgreSQL (B5), logout that a cross-site link
 * cannot trigger and short-lived access tokens (B7), signing keys encrypted at rest (B8).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { freeLoopbackPort } from '../../src/db/embedded.js';
import { registerSecurityHeaders } from '../../src/http/security-headers.js';
import { registerEmbeddedIdp } from '../../src/idp/index.js';
import { loadSigningKey } from '../../src/idp/keys.js';
import { createLoginThrottle, failureDelayMs } from '../../src/idp/login-throttle.js';
import { ACCESS_TOKEN_TTL } from '../../src/idp/provider.js';
import { createTestDatabase } from '../support/database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: FastifyInstance[] = [];

/** The provider as buildApp mounts it (helmet, then the provider) on a free loopback port. */
async function startIdp(env: Record<string, string> = {}): Promise<{ config: AppConfig; origin: string }> {
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: path.join(os.tmpdir(), 'dp-idp-test'),
    ...env,
  });
  const instance = Fastify({ trustProxy: false });
  registerSecurityHeaders(instance, config);
  await registerEmbeddedIdp(instance, { config, pool: database.pool });
  instance.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'nothing here' }));
  await instance.listen({ port, host: '127.0.0.1' });
  apps.push(instance);
  return { config, origin };
}

beforeAll(async () => {
  database = await createTestDatabase({ content: 'schema' });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database?.drop();
});

/** A browser against one origin: cookies kept, redirects followed by hand. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    readonly origin: string,
    readonly config: AppConfig,
  ) {}

  async request(url: string, init: RequestInit = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(new URL(url, this.origin), {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(pair.slice(0, eq).trim());
      else this.cookies.set(pair.slice(0, eq).trim(), value);
    }
    return res;
  }

  postForm(url: string, fields: Record<string, string>) {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Starts an authorization request; returns the login page's form action and the PKCE verifier. */
  async startSignIn(extra: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: this.config.oidc.clientId,
      response_type: 'code',
      redirect_uri: `${this.origin}/auth/callback`,
      scope: this.config.oidc.scope,
      state: 's',
      nonce: 'n',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...extra,
    });
    const start = await this.request(`/idp/auth?${params}`);
    expect(start.status).toBe(303);
    const loginUrl = start.headers.get('location')!;
    return { action: loginUrl, verifier };
  }

  /** Follows redirects until one leaves /idp; returns that URL. */
  async follow(res: Response): Promise<string> {
    let url = res.url;
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).href;
      if (!new URL(url).pathname.startsWith('/idp')) return url;
      res = await this.request(url);
    }
    return url;
  }

  /** A full sign-in with the right password; returns the token response. */
  async signIn(user: string, password = user) {
    const { action, verifier } = await this.startSignIn();
    const callback = new URL(await this.follow(await this.postForm(action, { username: user, password })));
    const code = callback.searchParams.get('code');
    expect(code, `sign-in of ${user} failed: ${callback}`).toBeTruthy();
    const res = await fetch(`${this.origin}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.config.oidc.clientId,
        grant_type: 'authorization_code',
        code: code!,
        code_verifier: verifier,
        redirect_uri: `${this.origin}/auth/callback`,
      }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { access_token: string; id_token: string };
  }
}

describe('B3 the sign-in form takes UTF-8 only', () => {
  let origin: string;
  let config: AppConfig;
  beforeAll(async () => {
    ({ origin, config } = await startIdp());
  });

  it('answers 400 to a form body that is not UTF-8 and 415 to another declared charset, and still signs in with a good one', async () => {
    const browser = new Browser(origin, config);
    const { action } = await browser.startSignIn();
    const latin1 = Buffer.concat([Buffer.from('username=j'), Buffer.from([0xfc]), Buffer.from('rgen&password=x')]);
    const broken = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: latin1,
    });
    expect(broken.status).toBe(400);
    const declared = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' },
      body: 'username=admin&password=admin',
    });
    expect(declared.status).toBe(415);
    await new Browser(origin, config).signIn('admin');
  });
});

describe('B4 the provider publishes only PUBLIC_URL', () => {
  it('builds the issuer and every published URL from PUBLIC_URL, whatever Host and X-Forwarded-* a client sends', async () => {
    const { origin } = await startIdp();
    const spoofed = {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '8443',
      forwarded: 'host=evil.example;proto=https',
    };
    const res = await fetch(`${origin}/idp/.well-known/openid-configuration`, { headers: spoofed });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    const urls = Object.entries(doc).filter(([, v]) => typeof v === 'string' && /^https?:/.test(v));
    expect(urls.length).toBeGreaterThan(5);
    for (const [name, url] of urls) expect(url, name).toMatch(new RegExp(`^${origin}/idp(/|$)`));
    expect(JSON.stringify(doc)).not.toContain('evil.example');
  });

  it('uses a PUBLIC_URL that differs from the address it listens on (behind a proxy)', async () => {
    const port = await freeLoopbackPort();
    const config = loadConfig({
      PORT: String(port),
      PUBLIC_URL: 'https://portfolio.example.com',
      DATA_DIR: path.join(os.tmpdir(), 'dp-idp-test'),
    });
    const instance = Fastify();
    await registerEmbeddedIdp(instance, { config, pool: database.pool });
    await instance.listen({ port, host: '127.0.0.1' });
    apps.push(instance);
    const doc = (await (
      await fetch(`http://127.0.0.1:${port}/idp/.well-known/openid-configuration`, {
        headers: { 'x-forwarded-host': 'evil.example' },
      })
    ).json()) as Record<string, string>;
    expect(doc.issuer).toBe('https://portfolio.example.com/idp');
    expect(doc.authorization_endpoint).toBe('https://portfolio.example.com/idp/auth');
    expect(doc.jwks_uri).toBe('https://portfolio.example.com/idp/jwks');
    expect(doc.end_session_endpoint).toBe('https://portfolio.example.com/idp/session/end');
  });
});

describe('B5 password guessing on the embedded provider is throttled', () => {
  let origin: string;
  let config: AppConfig;
  beforeAll(async () => {
    ({ origin, config } = await startIdp({
      LOGIN_LOCK_AFTER: '3',
      LOGIN_LOCK_AFTER_PER_ADDRESS: '6',
      LOGIN_LOCK_MINUTES: '2',
    }));
  });

  it('delays each failure more than the last, from the third on', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(failureDelayMs)).toEqual([0, 0, 250, 500, 1000, 2000, 4000]);
  });

  it('locks a user name after LOGIN_LOCK_AFTER wrong passwords, with a message in the user language, even for the right password', async () => {
    const browser = new Browser(origin, config);
    const { action } = await browser.startSignIn({ ui_locales: 'en' });
    const first = await browser.postForm(action, { username: 'extern', password: 'wrong-1' });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Invalid user name or password.');
    await browser.postForm(action, { username: 'extern', password: 'wrong-2' });
    const started = performance.now();
    const third = await browser.postForm(action, { username: 'Extern ', password: 'wrong-3' });
    expect(performance.now() - started, 'the third failure is answered late').toBeGreaterThanOrEqual(240);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await third.text()).toContain('Too many failed sign-in attempts. Signing in is locked for 2 minutes');

    // The right password does not get through the lock, and the page says so (German by default).
    const other = new Browser(origin, config);
    const german = await other.startSignIn();
    const locked = await other.postForm(german.action, { username: 'extern', password: 'extern' });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(
      'Zu viele fehlgeschlagene Anmeldeversuche. Die Anmeldung ist für 2 Minuten gesperrt',
    );

    // Another user from the same address still signs in (the address has 3 of its 6).
    await new Browser(origin, config).signIn('intern');
  });

  it('keeps the state in PostgreSQL, so another instance sees the lock', async () => {
    const anotherInstance = createLoginThrottle(database.pool, config.loginThrottle);
    expect(await anotherInstance.retryAfter('extern', '10.9.9.9')).toBeGreaterThan(60);
    expect(await anotherInstance.retryAfter('admin', '10.9.9.9')).toBe(0);
    const { rows } = await database.pool.query(
      `select id from oidc_payloads where model = 'LoginThrottle' order by id`,
    );
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(['address:127.0.0.1', 'user:extern']));
  });

  it('locks an address after LOGIN_LOCK_AFTER_PER_ADDRESS failures over any user names', async () => {
    const throttle = createLoginThrottle(database.pool, config.loginThrottle);
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) await throttle.failed(name, '10.1.2.3');
    expect(await throttle.retryAfter('admin', '10.1.2.3')).toBe(0);
    const sixth = await throttle.failed('a6', '10.1.2.3');
    expect(sixth.lockedForSeconds).toBe(120);
    expect(await throttle.retryAfter('admin', '10.1.2.3')).toBeGreaterThan(60);
    expect(await throttle.retryAfter('admin', '10.1.2.4')).toBe(0);
  });

  it('a right password ends the count of that user name', async () => {
    const throttle = createLoginThrottle(database.pool, config.loginThrottle);
    await throttle.failed('admin', '10.7.7.7');
    await throttle.failed('admin', '10.7.7.8');
    await new Browser(origin, config).signIn('admin');
    const { delayMs } = await throttle.failed('admin', '10.7.7.9');
    expect(delayMs).toBe(0);
  });
});

describe('B7 logout needs a confirmation from another site; access tokens are short-lived', () => {
  let origin: string;
  let config: AppConfig;
  beforeAll(async () => {
    ({ origin, config } = await startIdp());
  });

  it('answers a cross-site GET of the end-session endpoint with a question, no script, and ends nothing by itself', async () => {
    const browser = new Browser(origin, config);
    await browser.signIn('admin');
    const params = new URLSearchParams({
      client_id: config.oidc.clientId,
      post_logout_redirect_uri: `${origin}/home`,
      ui_locales: 'en',
    });
    for (const site of ['cross-site', 'same-site', 'none']) {
      const page = await browser.request(`/idp/session/end?${params}`, { headers: { 'sec-fetch-site': site } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Do you want to sign out of the Digital Portfolio?');
      expect(html).not.toContain('<script');
      expect(page.headers.get('content-security-policy')).not.toContain('sha256-');
    }
    // Nothing was submitted: the provider session is still there (a silent sign-in needs no login).
    const silent = await browser.startSignIn({ prompt: 'none' });
    const callback = new URL(
      silent.action.startsWith('/idp') ? await browser.follow(await browser.request(silent.action)) : silent.action,
      origin,
    );
    expect(callback.searchParams.get('error')).toBeNull();
    expect(callback.searchParams.get('code')).toBeTruthy();

    // The confirmation itself signs out.
    const page = await (
      await browser.request(`/idp/session/end?${params}`, { headers: { 'sec-fetch-site': 'cross-site' } })
    ).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const formAction = /<form[^>]*action="([^"]+)"/.exec(page)![1]!.replace(/&#38;/g, '&');
    const confirmed = await browser.postForm(formAction, { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${origin}/home`);
  });

  it('issues access tokens valid for five minutes', async () => {
    expect(ACCESS_TOKEN_TTL).toBe(300);
    const { access_token } = await new Browser(origin, config).signIn('intern');
    const claims = decodeJwt(access_token);
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL);
  });
});

describe('B8 the signing key is encrypted at rest', () => {
  const SECRET = 'a-secret-of-at-least-thirty-two-characters';
  let keys: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    keys = await createTestDatabase({ content: 'schema' });
  });
  afterAll(() => keys?.drop());
  const storedRow = async () =>
    (await keys.pool.query(`select payload from oidc_payloads where model = 'SigningKey'`)).rows[0]?.payload as Record<
      string,
      unknown
    >;

  it('stores the private key in clear without IDP_KEY_SECRET (the zero-setup default) and encrypts it once the secret is set', async () => {
    const clear = await loadSigningKey(keys.pool);
    expect((await storedRow()).d).toBe(clear.privateJwk.d);

    const encrypted = await loadSigningKey(keys.pool, SECRET);
    expect(encrypted.privateJwk).toEqual(clear.privateJwk);
    const row = await storedRow();
    expect(row.enc).toBe('A256GCM');
    expect(JSON.stringify(row)).not.toContain(String(clear.privateJwk.d));
    expect(JSON.stringify(row)).not.toContain(String(clear.privateJwk.p));
  });

  it('reads it back with the secret, and refuses to start without it or with another one', async () => {
    const again = await loadSigningKey(keys.pool, SECRET);
    expect(again.publicJwk.kid).toBeTruthy();
    await expect(loadSigningKey(keys.pool)).rejects.toThrow(/set IDP_KEY_SECRET/);
    await expect(loadSigningKey(keys.pool, `${SECRET}-other`)).rejects.toThrow(/IDP_KEY_SECRET is not the secret/);
  });

  it('generates a new key encrypted from the start when the secret is set', async () => {
    await keys.pool.query(`delete from oidc_payloads where model = 'SigningKey'`);
    const fresh = await loadSigningKey(keys.pool, SECRET);
    const row = await storedRow();
    expect(row.enc).toBe('A256GCM');
    expect(row.kid).toBe(fresh.publicJwk.kid);
    expect(row).not.toHaveProperty('d');
  });
});
