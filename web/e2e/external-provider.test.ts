import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../server/src/db/embedded.js';
import {
  GLEWLWYD_API_SCOPE,
  glewlwydInstalled,
  startGlewlwyd,
  type Glewlwyd,
  type GlewlwydUser,
} from '../../server/test/support/glewlwyd.js';
import {
  STRICT_ROLE_MAP,
  STRICT_USERS,
  startStrictProviderProcess,
  type StrictProviderProcess,
} from '../../server/test/support/strict-provider.js';
import { screenshot, signIn, useBrowser } from './support/browser.js';
import { startInstance, type Instance } from './support/global-setup.js';

// Issue 12 A6: the product started with only the documented variables against a second OpenID provider
// in a process of its own, as strict as a company's: nonce and resource indicator required, roles as
// groups, short-lived access tokens, logout without a click only with an id_token_hint.

const CLIENT_ID = 'digital-portfolio';
const AUDIENCE = 'https://portfolio.rail.example/api';
/** Short enough to see a renewal in the test: the web app renews 60 s before expiry, so after about 15 s. */
const ACCESS_TOKEN_TTL = 75;

let provider: StrictProviderProcess;
let product: Instance;

beforeAll(async () => {
  const providerPort = await freeLoopbackPort();
  let appPort = await freeLoopbackPort();
  while (appPort === providerPort) appPort = await freeLoopbackPort();
  const appUrl = `http://localhost:${appPort}`;
  provider = await startStrictProviderProcess({
    origin: `http://127.0.0.1:${providerPort}`,
    appUrl,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    accessTokenTtl: ACCESS_TOKEN_TTL,
  });
  product = await startInstance('external-idp', appPort, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_ROLES_CLAIM: 'groups',
    OIDC_ROLE_MAP: STRICT_ROLE_MAP,
    BACKUP_SCHEDULE: 'off',
  });
}, 120_000);
afterAll(async () => {
  await product?.stop();
  await provider?.stop();
});

const { newPage } = useBrowser({ language: 'en' });

/** The provider URLs the page asked for (authorization, token, logout), in order. */
function recordProviderRequests(page: Page) {
  const seen: { url: URL; body: URLSearchParams | null }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.href.startsWith(provider.issuer)) return;
    const body = request.method() === 'POST' ? new URLSearchParams(request.postData() ?? '') : null;
    seen.push({ url, body });
  });
  return seen;
}

const accessToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });

describe('sign-in through a strict external provider (issue 12 A6)', () => {
  for (const [user, shown, nav] of [
    ['anna.admin', 'anna.admin', 'nav-basic-data'],
    ['erik', 'Erik Engineer', 'nav-dataset'],
    ['pia', 'pia@partner.example', 'nav-infos'],
  ] as const) {
    it(`${user} signs in with a nonce and the API resource, and is shown as ${shown}`, async () => {
      const page = await newPage();
      const requests = recordProviderRequests(page);
      await signIn(page, user, '/evaluate', STRICT_USERS[user]!.password, product.url);
      await expect.poll(() => page.getByTestId('user-menu').textContent(), { timeout: 30_000 }).toContain(shown);
      expect(await page.getByTestId(nav).isVisible()).toBe(true);
      const authorize = requests.find((r) => r.url.pathname.endsWith('/auth'))!.url;
      expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(authorize.searchParams.get('resource')).toBe(AUDIENCE);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      await screenshot(page, `external-provider-${user}`);
      await page.context().close();
    });
  }

  it('a user in no mapped group sees the refusal', async () => {
    const page = await newPage();
    await signIn(page, 'otto', '/evaluate', STRICT_USERS.otto!.password, product.url);
    await expect
      .poll(() => page.getByTestId('refusal').textContent(), { timeout: 30_000 })
      .toContain(
        'You dont have permissions to access the application, please contact the administrator for more information.',
      );
    await page.context().close();
  });

  it('renews the short-lived access token before it expires, asking for the resource again', async () => {
    const page = await newPage();
    const requests = recordProviderRequests(page);
    await signIn(page, 'erik', '/evaluate', STRICT_USERS.erik!.password, product.url);
    await expect
      .poll(() => page.getByTestId('user-menu').textContent(), { timeout: 30_000 })
      .toContain('Erik Engineer');
    const first = await accessToken(page);
    expect(first).toBeTruthy();
    // Renewed 60 s before its expiry, i.e. about 15 s after sign-in; well before it runs out.
    await expect.poll(() => accessToken(page), { timeout: 45_000, interval: 1000 }).not.toBe(first);
    const refresh = requests.find((r) => r.body?.get('grant_type') === 'refresh_token');
    expect(refresh?.body?.get('resource')).toBe(AUDIENCE);
    // The renewed token works for the API.
    await page.goto(`${product.url}/evaluate/system-delta-browser`);
    await expect
      .poll(() => page.getByTestId('user-menu').textContent(), { timeout: 30_000 })
      .toContain('Erik Engineer');
    await page.context().close();
  });

  it('logout ends the provider session (RP-Initiated Logout with id_token_hint) and lands on /home', async () => {
    const page = await newPage();
    const requests = recordProviderRequests(page);
    await signIn(page, 'anna.admin', '/evaluate', STRICT_USERS['anna.admin']!.password, product.url);
    await expect.poll(() => page.getByTestId('user-menu').textContent(), { timeout: 30_000 }).toContain('anna.admin');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('nav-login').isVisible()).toBe(true);
    const logout = requests.find((r) => r.url.pathname.endsWith('/session/end'))!.url;
    expect(logout.searchParams.get('id_token_hint')).toBeTruthy();
    expect(logout.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${product.url}/home`);
    expect(logout.searchParams.get('state')).toBeTruthy();
    // The state came back and was consumed: the address is plain /home.
    expect(new URL(page.url()).search).toBe('');
    // Signed out at the provider: a protected page shows its login page again.
    await page.goto(`${product.url}/evaluate`);
    await expect.poll(() => page.getByLabel(/user ?name/i).isVisible(), { timeout: 30_000 }).toBe(true);
    await page.context().close();
  });
});

// The same journeys through Glewlwyd, the OpenID Connect provider packaged in Debian (its own login page,
// its own process; see server/test/support/glewlwyd.ts). `.ci/run` installs it; where it is missing this is skipped.
// Missing, the suite cannot run: one failing test says what to install instead of a silent skip.
if (!glewlwydInstalled()) {
  it("needs Debian's glewlwyd and sqlite3 for the external-provider tests (apt-get install glewlwyd sqlite3, as .ci/run does)", () => {
    expect.fail('glewlwyd or sqlite3 is not installed');
  });
}

describe.skipIf(!glewlwydInstalled())("sign-in through Debian's Glewlwyd (issue 12 A6)", () => {
  const users: Record<string, GlewlwydUser> = {
    'anna.admin': {
      password: 'anna-pw-1',
      name: 'Anna Admin',
      email: 'anna@rail.example',
      groups: ['Staff', 'DP-Admins'],
    },
    erik: { password: 'erik-pw-1', name: 'Erik Engineer', email: 'erik@rail.example', groups: ['DP-Engineers'] },
    pia: { password: 'pia-pw-1', name: 'Pia Partner', email: 'pia@partner.example', groups: ['DP-Partners'] },
    otto: { password: 'otto-pw-1', name: 'Otto', email: 'otto@rail.example', groups: ['Staff', 'admin'] },
    // The renewal journey's own user: it signs in for the first time, when Glewlwyd's login page asks for the grant
    // (a second sign-in of the same user did not get back to the app in these tests).
    rene: { password: 'rene-pw-1', name: 'Rene Renewal', email: 'rene@rail.example', groups: ['DP-Engineers'] },
  };
  let glewlwyd: Glewlwyd;
  let app: Instance;

  beforeAll(async () => {
    const glewlwydPort = await freeLoopbackPort();
    let appPort = await freeLoopbackPort();
    while (appPort === glewlwydPort) appPort = await freeLoopbackPort();
    const appUrl = `http://localhost:${appPort}`;
    glewlwyd = await startGlewlwyd({
      port: glewlwydPort,
      appUrl,
      clientId: CLIENT_ID,
      audience: AUDIENCE,
      users,
      accessTokenTtl: ACCESS_TOKEN_TTL,
    });
    app = await startInstance('glewlwyd', appPort, {
      OIDC_ISSUER: glewlwyd.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_AUDIENCE: AUDIENCE,
      // Glewlwyd knows no offline_access; its refresh tokens come with the client's refresh_token grant.
      OIDC_SCOPE: `openid ${GLEWLWYD_API_SCOPE}`,
      OIDC_ROLES_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'DP-Admins=admin,DP-Engineers=intern,DP-Partners=extern',
      BACKUP_SCHEDULE: 'off',
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await glewlwyd?.stop();
  });

  const requestsTo = (page: Page) => {
    const seen: { url: URL; body: URLSearchParams | null }[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(glewlwyd.issuer)) return;
      seen.push({
        url: new URL(request.url()),
        body: request.method() === 'POST' ? new URLSearchParams(request.postData() ?? '') : null,
      });
    });
    return seen;
  };

  /** Through Glewlwyd's own login page: user name and password, then (the first time) the grant of the API scope. */
  async function signInAtGlewlwyd(page: Page, user: string, target = '/evaluate') {
    await page.goto(`${app.url}${target}`);
    await page.locator('#username').fill(user);
    await page.locator('#password').fill(users[user]!.password);
    await page.locator('#loginbut').click();
    const grant = page.locator(`#grant-${GLEWLWYD_API_SCOPE}`);
    const back = page.waitForURL((url) => url.href.startsWith(app.url) && url.pathname === target, { timeout: 30_000 });
    const proceed = page.getByRole('button', { name: 'Continue' });
    try {
      await Promise.race([grant.waitFor({ timeout: 30_000 }), back]);
      if ((await grant.isVisible()) && !(await grant.isChecked())) {
        await grant.check();
        await page.getByRole('button', { name: 'Grant access' }).click();
      }
      await Promise.race([proceed.waitFor({ timeout: 30_000 }), back]);
      if (await proceed.isVisible()) await proceed.click();
      await back;
    } catch (error) {
      await screenshot(page, `glewlwyd-sign-in-stuck-${user}`);
      throw error;
    }
  }

  for (const [user, nav] of [
    ['anna.admin', 'nav-basic-data'],
    ['erik', 'nav-dataset'],
    ['pia', 'nav-infos'],
  ] as const) {
    it(`${user} signs in through Glewlwyd's login page with a nonce and the API resource`, async () => {
      const page = await newPage();
      const requests = requestsTo(page);
      await signInAtGlewlwyd(page, user);
      await expect.poll(() => page.getByTestId('user-menu').textContent(), { timeout: 30_000 }).toContain(user);
      expect(await page.getByTestId(nav).isVisible()).toBe(true);
      const authorize = requests.find((r) => r.url.pathname.endsWith('/auth'))!.url;
      expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(authorize.searchParams.get('resource')).toBe(AUDIENCE);
      await screenshot(page, `glewlwyd-${user}`);
      await page.context().close();
    });
  }

  it('a user in no mapped group sees the refusal', async () => {
    const page = await newPage();
    await signInAtGlewlwyd(page, 'otto');
    await expect
      .poll(() => page.getByTestId('refusal').textContent(), { timeout: 30_000 })
      .toContain(
        'You dont have permissions to access the application, please contact the administrator for more information.',
      );
    await page.context().close();
  });

  it('renews the short-lived access token before it expires', async () => {
    const page = await newPage();
    const requests = requestsTo(page);
    await signInAtGlewlwyd(page, 'rene');
    await expect.poll(() => page.getByTestId('user-menu').textContent(), { timeout: 30_000 }).toContain('rene');
    const first = await accessToken(page);
    await expect.poll(() => accessToken(page), { timeout: 45_000, interval: 1000 }).not.toBe(first);
    expect(requests.find((r) => r.body?.get('grant_type') === 'refresh_token')?.body?.get('resource')).toBe(AUDIENCE);
    await page.goto(`${app.url}/evaluate/system-delta-browser`);
    await expect.poll(() => page.getByTestId('user-menu').textContent(), { timeout: 30_000 }).toContain('rene');
    await page.context().close();
  });

  // Logout through Glewlwyd is checked in server/test/idp/glewlwyd.test.ts: after its confirmation its logout page
  // (its own single-page app) stays blank in headless Chromium and does not send the browser back; the browser
  // logout journey runs against the strict provider above.
});
