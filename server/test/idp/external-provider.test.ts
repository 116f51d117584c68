import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../src/db/embedded.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import {
  STRICT_ROLE_MAP,
  STRICT_USERS,
  startStrictProviderProcess,
  type StrictProviderProcess,
} from '../support/strict-provider.js';

// Issue 12 A6: sign-in through a provider other than the embedded one, in a process of its own and as
// strict as a company's (nonce and resource indicator required, roles as groups, 5-minute tokens), the
// API configured with only the documented variables. The browser journey is web/e2e/external-provider.test.ts.

const CLIENT_ID = 'digital-portfolio';
const AUDIENCE = 'https://portfolio.rail.example/api';
const APP_URL = 'http://localhost:3999';
const REDIRECT_URI = `${APP_URL}/auth/callback`;

let provider: StrictProviderProcess;
let t: TestApp;

beforeAll(async () => {
  const port = await freeLoopbackPort();
  provider = await startStrictProviderProcess({
    origin: `http://127.0.0.1:${port}`,
    appUrl: APP_URL,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
  });
  t = await buildTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_ROLES_CLAIM: 'groups',
    OIDC_ROLE_MAP: STRICT_ROLE_MAP,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** A browser's cookie jar and redirects, by hand: enough for the provider's pages. */
class Browser {
  private cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows the provider's redirects until it sends the browser back to the app; answers that URL. */
  async follow(url: string, stopAt: string, init?: RequestInit): Promise<{ url: URL; last: Response }> {
    let res = await this.fetch(url, init);
    let current = new URL(url);
    for (let hops = 0; hops < 10; hops++) {
      if (res.status < 300 || res.status >= 400) return { url: current, last: res };
      current = new URL(res.headers.get('location')!, current);
      if (current.href.startsWith(stopAt)) return { url: current, last: res };
      res = await this.fetch(current.href);
    }
    throw new Error('too many redirects');
  }
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

interface AuthorizeOptions {
  nonce?: string | null;
  resource?: string | null;
  prompt?: string;
}

function authorizeUrl(
  discovery: Discovery,
  { nonce = b64url(randomBytes(32)), resource = AUDIENCE, prompt }: AuthorizeOptions = {},
) {
  const verifier = b64url(randomBytes(32));
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set('client_id', CLIENT_ID);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid profile email offline_access');
  url.searchParams.set('state', b64url(randomBytes(16)));
  url.searchParams.set('code_challenge', b64url(createHash('sha256').update(verifier).digest()));
  url.searchParams.set('code_challenge_method', 'S256');
  if (nonce !== null) url.searchParams.set('nonce', nonce);
  if (resource !== null) url.searchParams.set('resource', resource);
  if (prompt) url.searchParams.set('prompt', prompt);
  return { url: url.href, verifier, nonce };
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
}

let discovery: Discovery;
beforeAll(async () => {
  discovery = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
});

interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
}

async function token(params: Record<string, string>): Promise<{ status: number; body: Tokens & { error?: string } }> {
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    body: new URLSearchParams({ client_id: CLIENT_ID, ...params }),
  });
  return { status: res.status, body: (await res.json()) as Tokens & { error?: string } };
}

/** Signs `username` in through the provider's login page; answers the tokens and the browser (its session). */
async function signIn(username: string, browser = new Browser()) {
  const { url, verifier, nonce } = authorizeUrl(discovery);
  const login = await browser.follow(url, APP_URL);
  expect(login.last.status).toBe(200);
  const back = await browser.follow(login.url.href, APP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: STRICT_USERS[username]!.password }),
  });
  const code = back.url.searchParams.get('code');
  expect(code, `no code in ${back.url.href}`).toBeTruthy();
  const exchanged = await token({
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(exchanged.status).toBe(200);
  return { tokens: exchanged.body, nonce, browser };
}

const me = (accessToken: string) =>
  t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });

describe('sign-in through a strict external provider (issue 12 A6)', () => {
  it.each([
    ['anna.admin', 'anna.admin', 'admin'],
    ['erik', 'Erik Engineer', 'intern'],
    ['pia', 'pia@partner.example', 'extern'],
  ])('%s signs in and the API knows them as %s with role %s', async (username, shown, role) => {
    const { tokens, nonce } = await signIn(username);
    // The ID token carries the request's nonce; the access token is for the API by resource indicator, short-lived.
    expect(decodeJwt(tokens.id_token).nonce).toBe(nonce);
    const access = decodeJwt(tokens.access_token);
    expect(access.aud).toBe(AUDIENCE);
    expect(access.exp! - access.iat!).toBe(300);
    expect(access.groups).toEqual(STRICT_USERS[username]!.claims.groups);
    const res = await me(tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: shown, role });
  });

  it('a user in no mapped group is refused with the text of SPEC 8', async () => {
    const { tokens } = await signIn('otto');
    const res = await me(tokens.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You dont have permissions to access the application, please contact the administrator for more information.',
    );
  });

  it('the provider refuses an authorization request without nonce or without resource', async () => {
    for (const options of [{ nonce: null }, { resource: null }]) {
      const res = await new Browser().fetch(authorizeUrl(discovery, options).url);
      expect(res.status).toBe(400);
    }
  });

  it('renews the access token with the refresh token before it expires; a used refresh token is spent', async () => {
    const { tokens } = await signIn('erik');
    const renewed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      resource: AUDIENCE,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(renewed.body.access_token).aud).toBe(AUDIENCE);
    expect((await me(renewed.body.access_token)).json()).toEqual({ username: 'Erik Engineer', role: 'intern' });
    // Rotation: the old refresh token is spent.
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, resource: AUDIENCE })).status,
    ).toBe(400);
  });

  it('a token for another audience is refused with 401 and one warning naming the audience', async () => {
    const { tokens } = await signIn('pia');
    const lines: string[] = [];
    const logged = await buildTestApp(
      {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_AUDIENCE: 'https://other.rail.example/api',
        OIDC_ROLES_CLAIM: 'groups',
        OIDC_ROLE_MAP: STRICT_ROLE_MAP,
      },
      { logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } },
    );
    try {
      const res = await logged.app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(res.statusCode).toBe(401);
      const warnings = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg && String(l.msg).startsWith('access token rejected'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, check: 'audience', token_aud: AUDIENCE });
      expect(lines.join('\n')).not.toContain(tokens.access_token.split('.')[2]!);
    } finally {
      await logged.close();
    }
  });

  it('logout with id_token_hint ends the provider session and returns to /home with the state', async () => {
    const { tokens, browser } = await signIn('anna.admin');
    // Still signed in at the provider: a silent request gets a code without a login page.
    const silent = await browser.follow(authorizeUrl(discovery, { prompt: 'none' }).url, APP_URL);
    expect(silent.url.searchParams.get('code')).toBeTruthy();

    const state = b64url(randomBytes(16));
    const logout = new URL(discovery.end_session_endpoint);
    logout.searchParams.set('id_token_hint', tokens.id_token);
    logout.searchParams.set('client_id', CLIENT_ID);
    logout.searchParams.set('post_logout_redirect_uri', `${APP_URL}/home`);
    logout.searchParams.set('state', state);
    const page = await browser.fetch(logout.href);
    const html = await page.text();
    // With a valid hint the provider asks nothing: its page submits itself.
    expect(html).not.toContain('logout-confirm');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const back = await browser.follow(new URL(action, logout).href, APP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    expect(`${back.url.origin}${back.url.pathname}`).toBe(`${APP_URL}/home`);
    expect(back.url.searchParams.get('state')).toBe(state);

    // The provider session is over: a silent request now answers login_required.
    const after = await browser.follow(authorizeUrl(discovery, { prompt: 'none' }).url, APP_URL);
    expect(after.url.searchParams.get('error')).toBe('login_required');
  });

  it('logout without id_token_hint is not done silently: the provider asks', async () => {
    const { browser } = await signIn('pia');
    const logout = new URL(discovery.end_session_endpoint);
    logout.searchParams.set('client_id', CLIENT_ID);
    logout.searchParams.set('post_logout_redirect_uri', `${APP_URL}/home`);
    const html = await (await browser.fetch(logout.href)).text();
    expect(html).toContain('logout-confirm');
  });
});
