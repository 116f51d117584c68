import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../src/db/embedded.js';
import {
  GLEWLWYD_API_SCOPE,
  GlewlwydSession,
  glewlwydInstalled,
  startGlewlwyd,
  type Glewlwyd,
  type GlewlwydUser,
} from '../support/glewlwyd.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// Issue 12 A6 against a real provider from Debian's packages: Glewlwyd (see support/glewlwyd.ts), its own
// process, configured strictly (nonce required by Glewlwyd for `openid`, the API by RFC 8707 resource
// indicator, groups, 5-minute access tokens, one-use refresh tokens). The product gets only the documented
// variables. Glewlwyd's login page is a single-page app of its own; these tests make the calls it makes.

const CLIENT_ID = 'digital-portfolio';
const AUDIENCE = 'https://portfolio.rail.example/api';
const APP_URL = 'http://localhost:3998';
const REDIRECT_URI = `${APP_URL}/auth/callback`;
const SCOPE = `openid ${GLEWLWYD_API_SCOPE}`;

const USERS: Record<string, GlewlwydUser> = {
  'anna.admin': {
    password: 'anna-pw-1',
    name: 'Anna Admin',
    email: 'anna@rail.example',
    groups: ['Staff', 'DP-Admins', 'DP-Engineers'],
  },
  erik: { password: 'erik-pw-1', name: 'Erik Engineer', email: 'erik@rail.example', groups: ['DP-Engineers'] },
  pia: { password: 'pia-pw-1', name: 'Pia Partner', email: 'pia@partner.example', groups: ['DP-Partners'] },
  otto: { password: 'otto-pw-1', name: 'Otto', email: 'otto@rail.example', groups: ['Staff', 'admin'] },
};

const installed = glewlwydInstalled();
let provider: Glewlwyd;
let t: TestApp;

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
}
let discovery: Discovery;

beforeAll(async () => {
  if (!installed) return;
  provider = await startGlewlwyd({
    port: await freeLoopbackPort(),
    appUrl: APP_URL,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    users: USERS,
  });
  discovery = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
  t = await buildTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_ROLES_CLAIM: 'groups',
    OIDC_ROLE_MAP: 'DP-Admins=admin,DP-Engineers=intern,DP-Partners=extern',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function authorizeUrl({ nonce = b64url(randomBytes(16)), prompt }: { nonce?: string | null; prompt?: string } = {}) {
  const verifier = b64url(randomBytes(32));
  const url = new URL(discovery.authorization_endpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state: b64url(randomBytes(8)),
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    resource: AUDIENCE,
    // What Glewlwyd's login page adds when it sends the browser back after the login.
    g_continue: '',
  };
  if (nonce !== null) params.nonce = nonce;
  if (prompt) params.prompt = prompt;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { url: url.href, verifier, nonce };
}

async function token(params: Record<string, string>) {
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    body: new URLSearchParams({ client_id: CLIENT_ID, ...params }),
  });
  // Glewlwyd answers a spent or revoked refresh token with an empty body.
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : {}) as {
      access_token: string;
      id_token: string;
      refresh_token: string;
      error?: string;
    },
  };
}

const redirectOf = (res: Response) => new URL(res.headers.get('location')!, discovery.authorization_endpoint);

/** Signs in as Glewlwyd's login page does (password, then the consent the company gave), then the code flow. */
async function signIn(username: string, session = new GlewlwydSession()) {
  expect(
    (
      await session.fetch(`${provider.api}/auth/`, {
        method: 'POST',
        json: { username, password: USERS[username]!.password },
      })
    ).status,
  ).toBe(200);
  expect(
    (await session.fetch(`${provider.api}/auth/grant/${CLIENT_ID}`, { method: 'PUT', json: { scope: SCOPE } })).status,
  ).toBe(200);
  const { url, verifier, nonce } = authorizeUrl();
  const back = redirectOf(await session.fetch(url));
  const code = back.searchParams.get('code');
  expect(code, back.href).toBeTruthy();
  const exchanged = await token({
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(exchanged.status).toBe(200);
  return { tokens: exchanged.body, nonce, session };
}

const me = (accessToken: string) =>
  t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });

// Missing, the suite cannot run: one failing test says what to install instead of a silent skip.
if (!installed) {
  it("needs Debian's glewlwyd and sqlite3 for the external-provider tests (apt-get install glewlwyd sqlite3, as .ci/run does)", () => {
    expect.fail('glewlwyd or sqlite3 is not installed');
  });
}

describe.skipIf(!installed)("sign-in through Debian's Glewlwyd (issue 12 A6)", () => {
  it.each([
    ['anna.admin', 'admin'],
    ['erik', 'intern'],
    ['pia', 'extern'],
  ])('%s signs in and gets the role %s from the company groups', async (username, role) => {
    const { tokens, nonce } = await signIn(username);
    expect(decodeJwt(tokens.id_token).nonce).toBe(nonce);
    const access = decodeJwt(tokens.access_token);
    expect(access.aud).toBe(AUDIENCE);
    expect(access.exp! - access.iat!).toBe(300);
    // Glewlwyd delivers the groups as one comma-separated string.
    expect(access.groups).toBe(USERS[username]!.groups.join(','));
    const res = await me(tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username, role });
  });

  it('a user in no mapped group is refused', async () => {
    const { tokens } = await signIn('otto');
    const res = await me(tokens.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You dont have permissions to access the application, please contact the administrator for more information.',
    );
  });

  it('Glewlwyd refuses an authorization request without nonce', async () => {
    const { session } = await signIn('pia');
    const back = redirectOf(await session.fetch(authorizeUrl({ nonce: null }).url));
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toBe('nonce required');
  });

  it('renews the access token with the refresh token, for the same resource; a used refresh token is spent', async () => {
    const { tokens } = await signIn('erik');
    const renewed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      resource: AUDIENCE,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(renewed.body.access_token).aud).toBe(AUDIENCE);
    expect((await me(renewed.body.access_token)).json()).toEqual({ username: 'erik', role: 'intern' });
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, resource: AUDIENCE })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it('logout with id_token_hint ends the provider session and returns to /home with the state', async () => {
    const { tokens, session } = await signIn('anna.admin');
    const state = b64url(randomBytes(8));
    const logout = new URL(discovery.end_session_endpoint);
    logout.searchParams.set('id_token_hint', tokens.id_token);
    logout.searchParams.set('client_id', CLIENT_ID);
    logout.searchParams.set('post_logout_redirect_uri', `${APP_URL}/home`);
    logout.searchParams.set('state', state);
    // Glewlwyd sends the browser to its logout page, which names the session and where to go back to.
    const page = redirectOf(await session.fetch(logout.href));
    expect(page.searchParams.get('prompt')).toBe('end_session');
    const sid = page.searchParams.get('sid')!;
    const back = new URL(page.searchParams.get('callback_url')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/home`);
    expect(back.searchParams.get('state')).toBe(state);
    // The calls that page makes: end the OpenID session (its tokens), then the login session.
    expect((await session.fetch(`${provider.api}/oidc/session/${sid}`, { method: 'DELETE' })).status).toBe(200);
    expect((await session.fetch(`${provider.api}/auth/`, { method: 'DELETE' })).status).toBe(200);

    // The provider session is over: a silent request is answered with an error, and the refresh token is dead.
    const silent = redirectOf(await session.fetch(authorizeUrl({ prompt: 'none' }).url));
    expect(silent.searchParams.get('code')).toBeNull();
    expect(silent.searchParams.get('error')).toBeTruthy();
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, resource: AUDIENCE })).status,
    ).toBeGreaterThanOrEqual(400);
  });
});
