import { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../config';
import { accessTokenSource, createUserManager, isAccessTokenFresh, userManagerSettings } from './user-manager';

const origin = 'http://localhost:3000';
const embedded: AppConfig = {
  deployment: 'work',
  version: '2.6.0',
  oidc: {
    authority: `${origin}/idp`,
    client_id: 'web',
    scope: 'openid profile email offline_access',
    redirect_uri: `${origin}/auth/callback`,
    silent_redirect_uri: `${origin}/auth/silent`,
    post_logout_redirect_uri: `${origin}/home`,
  },
};
const external: AppConfig = {
  ...embedded,
  oidc: { ...embedded.oidc, authority: 'https://tenant.eu.auth0.com/', audience: 'https://portfolio.example.com/api' },
};

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

/** Replaces the provider's discovery and the browser redirect; returns the URLs the manager went to. */
function intercept(manager: UserManager) {
  const client = manager['_client'];
  vi.spyOn(client.metadataService, 'getAuthorizationEndpoint').mockResolvedValue(`${manager.settings.authority}/auth`);
  vi.spyOn(client.metadataService, 'getEndSessionEndpoint').mockResolvedValue(
    `${manager.settings.authority}/session/end`,
  );
  const urls: URL[] = [];
  vi.spyOn(manager['_redirectNavigator'], 'prepare').mockResolvedValue({
    navigate: async ({ url }) => {
      urls.push(new URL(url));
      return { url };
    },
    close: () => {},
  });
  return urls;
}

const signedInUser = () =>
  new User({
    id_token: 'header.id-token-payload.signature',
    access_token: 'access',
    refresh_token: 'refresh',
    token_type: 'Bearer',
    scope: 'openid',
    profile: { sub: 'admin', iss: `${origin}/idp`, aud: 'web', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 600,
  });

describe('user manager settings', () => {
  it('use the time-outs and the expiry margin of SPEC 9', () => {
    const settings = userManagerSettings(embedded.oidc);
    expect(settings.requestTimeoutInSeconds).toBe(10);
    expect(settings.silentRequestTimeoutInSeconds).toBe(60);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    const manager = createUserManager(embedded);
    expect(manager.settings.requestTimeoutInSeconds).toBe(10);
    expect(manager.settings.silentRequestTimeoutInSeconds).toBe(60);
  });

  it('send no audience to the embedded provider', async () => {
    const settings = userManagerSettings(embedded.oidc);
    expect(settings.extraQueryParams).toBeUndefined();
    expect(settings.extraTokenParams).toBeUndefined();
    const manager = createUserManager(embedded);
    const urls = intercept(manager);
    await manager.signinRedirect({ ui_locales: 'de' });
    expect(urls[0]!.searchParams.has('audience')).toBe(false);
    expect(urls[0]!.searchParams.get('ui_locales')).toBe('de');
  });

  it('send the audience to an external provider on /authorize and the token endpoint', async () => {
    const settings = userManagerSettings(external.oidc);
    expect(settings.extraQueryParams).toEqual({ audience: 'https://portfolio.example.com/api' });
    expect(settings.extraTokenParams).toEqual({ audience: 'https://portfolio.example.com/api' });
    const manager = createUserManager(external);
    const urls = intercept(manager);
    await manager.signinRedirect();
    expect(urls[0]!.searchParams.get('audience')).toBe('https://portfolio.example.com/api');
    expect(urls[0]!.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('ask for the API as an RFC 8707 resource indicator when the server says so (issue 12 A2)', async () => {
    const config = { ...embedded, oidc: { ...embedded.oidc, resource: 'https://portfolio.example.com/api' } };
    const manager = createUserManager(config);
    const urls = intercept(manager);
    await manager.signinRedirect();
    expect(urls[0]!.searchParams.getAll('resource')).toEqual(['https://portfolio.example.com/api']);
    expect(urls[0]!.searchParams.has('audience')).toBe(false);
  });
});

describe('nonce (issue 12 A1)', () => {
  it('every authorization request carries a fresh nonce, kept with its state', async () => {
    const manager = createUserManager(embedded);
    const urls = intercept(manager);
    await manager.signinRedirect();
    await manager.signinRedirect();
    const [first, second] = urls.map((u) => u.searchParams.get('nonce'));
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    const stored = JSON.parse(window.sessionStorage.getItem(`oidc.${urls[0]!.searchParams.get('state')}`)!) as {
      nonce?: string;
    };
    expect(stored.nonce).toBe(first);
  });

  it.each([
    ['the same nonce', (sent: string) => sent, true],
    ['another nonce', () => 'forged', false],
    ['no nonce', () => undefined, false],
  ] as const)('the login callback accepts an ID token with %s only', async (_name, nonceOf, accepted) => {
    const manager = createUserManager(embedded);
    const urls = intercept(manager);
    await manager.signinRedirect();
    const sent = urls[0]!.searchParams.get('nonce')!;
    const now = Math.floor(Date.now() / 1000);
    const idToken = [
      { alg: 'RS256' },
      { iss: `${origin}/idp`, aud: 'web', sub: 'admin', iat: now, exp: now + 600, nonce: nonceOf(sent) },
      'sig',
    ]
      .map((part) => (typeof part === 'string' ? part : btoa(JSON.stringify(part)).replace(/=+$/, '')))
      .join('.');
    vi.spyOn(manager['_client'].metadataService, 'getMetadata').mockResolvedValue({
      issuer: `${origin}/idp`,
      token_endpoint: `${origin}/idp/token`,
    });
    vi.spyOn(manager['_client']['_validator']['_tokenClient'], 'exchangeCode').mockResolvedValue({
      id_token: idToken,
      access_token: 'access',
      token_type: 'Bearer',
      scope: 'openid',
      expires_in: 300,
    });
    const callback = manager.signinRedirectCallback(
      `${origin}/auth/callback?code=c&state=${urls[0]!.searchParams.get('state')}`,
    );
    if (accepted) await expect(callback).resolves.toMatchObject({ profile: { sub: 'admin' }, access_token: 'access' });
    else await expect(callback).rejects.toThrow('nonce in id_token does not match nonce in client storage');
  });

  it('a nonce given by the caller is kept', async () => {
    const manager = createUserManager(embedded);
    const urls = intercept(manager);
    await manager.signinRedirect({ nonce: 'given' });
    expect(urls[0]!.searchParams.get('nonce')).toBe('given');
  });

  it('renewals by refresh token name the resource again', async () => {
    const config = { ...embedded, oidc: { ...embedded.oidc, resource: 'https://portfolio.example.com/api' } };
    const manager = createUserManager(config);
    const base = vi.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(signedInUser());
    await manager.signinSilent();
    expect(base).toHaveBeenCalledWith(
      expect.objectContaining({ resource: 'https://portfolio.example.com/api', nonce: expect.any(String) }),
    );
  });
});

describe('logout (OpenID RP-Initiated Logout 1.0, issue 12 A3)', () => {
  it.each([
    ['embedded', embedded],
    ['external', external],
  ] as const)(
    'sends id_token_hint, client_id, post_logout_redirect_uri and state (%s provider)',
    async (_name, config) => {
      const manager = createUserManager(config);
      await manager.storeUser(signedInUser());
      const urls = intercept(manager);
      await manager.signoutRedirect({ extraQueryParams: { ui_locales: 'fr' } });
      expect(urls).toHaveLength(1);
      const url = urls[0]!;
      expect(url.pathname.endsWith('/session/end')).toBe(true);
      expect(url.searchParams.get('id_token_hint')).toBe('header.id-token-payload.signature');
      expect(url.searchParams.get('client_id')).toBe('web');
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/home`);
      const state = url.searchParams.get('state');
      expect(state).toBeTruthy();
      // The state is kept so the return to /home is recognised as this logout's answer.
      expect(window.sessionStorage.getItem(`oidc.${state}`)).not.toBeNull();
      expect(url.searchParams.get('ui_locales')).toBe('fr');
      expect(url.searchParams.has('audience')).toBe(false);
      expect(await manager.getUser()).toBeNull();
    },
  );

  it('without a stored user still names the client', async () => {
    const manager = createUserManager(embedded);
    const urls = intercept(manager);
    await manager.signoutRedirect();
    expect(urls[0]!.searchParams.has('id_token_hint')).toBe(false);
    expect(urls[0]!.searchParams.get('client_id')).toBe('web');
  });
});

describe('renewal', () => {
  it('runs one renewal for calls at the same moment (a refresh token may be used once)', async () => {
    const manager = createUserManager(embedded);
    const renewed = signedInUser();
    const base = vi.spyOn(UserManager.prototype, 'signinSilent').mockImplementation(async () => renewed);
    const [a, b] = await Promise.all([manager.signinSilent(), manager.signinSilent()]);
    expect(a).toBe(renewed);
    expect(b).toBe(renewed);
    expect(base).toHaveBeenCalledOnce();
    expect(base).toHaveBeenCalledWith(expect.objectContaining({ nonce: expect.any(String) }));
    await manager.signinSilent();
    expect(base).toHaveBeenCalledTimes(2);
  });
});

describe('access token for the API', () => {
  it('counts a token as expired 60 s before its expiry', () => {
    expect(isAccessTokenFresh({ expires_in: 61 })).toBe(true);
    expect(isAccessTokenFresh({ expires_in: 60 })).toBe(false);
    expect(isAccessTokenFresh({ expires_in: 5 })).toBe(false);
    expect(isAccessTokenFresh({ expires_in: -1 })).toBe(false);
    expect(isAccessTokenFresh({ expires_in: undefined })).toBe(true);
  });

  function fakeManager(user: Partial<User> | null, renewed: Partial<User> | null = { access_token: 'renewed' }) {
    const signinSilent = vi.fn(async () => renewed as User | null);
    const manager = { getUser: async () => user as User | null, signinSilent } as unknown as UserManager;
    return { manager, signinSilent };
  }

  it('sends a token with more than 60 s left as it is', async () => {
    const { manager, signinSilent } = fakeManager({ access_token: 'current', refresh_token: 'r', expires_in: 120 });
    expect(await accessTokenSource(manager)()).toBe('current');
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it('renews a token about to expire before sending, once for parallel calls', async () => {
    const { manager, signinSilent } = fakeManager({
      access_token: 'current',
      refresh_token: 'r',
      expires_in: 30,
      expired: false,
    });
    const source = accessTokenSource(manager);
    expect(await Promise.all([source(), source()])).toEqual(['renewed', 'renewed']);
    expect(signinSilent).toHaveBeenCalledOnce();
  });

  it('sends no token about to expire that cannot be renewed', async () => {
    const { manager } = fakeManager({ access_token: 'current', expires_in: 30, expired: false });
    expect(await accessTokenSource(manager)()).toBeNull();
    const failing = fakeManager({ access_token: 'current', refresh_token: 'r', expires_in: 30 }, null);
    expect(await accessTokenSource(failing.manager)()).toBeNull();
  });
});
