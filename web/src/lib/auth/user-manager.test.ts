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
  vi.spyOn(client.metadataService, 'getEndSessionEndpoint').mockResolvedValue(`${manager.settings.authority}/session/end`);
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
});

describe('logout', () => {
  it.each([
    ['embedded', embedded],
    ['external', external],
  ] as const)('puts no token into the logout URL (%s provider)', async (_name, config) => {
    const manager = createUserManager(config);
    await manager.storeUser(signedInUser());
    const urls = intercept(manager);
    await manager.signoutRedirect({ extraQueryParams: { ui_locales: 'fr' } });
    expect(urls).toHaveLength(1);
    const url = urls[0]!;
    expect(url.pathname.endsWith('/session/end')).toBe(true);
    expect(url.searchParams.has('id_token_hint')).toBe(false);
    expect(url.href).not.toContain('id-token-payload');
    expect(url.searchParams.get('client_id')).toBe('web');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/home`);
    expect(url.searchParams.get('ui_locales')).toBe('fr');
    expect(url.searchParams.has('audience')).toBe(false);
    expect(await manager.getUser()).toBeNull();
  });

  it('ignores an ID token handed in explicitly', async () => {
    const manager = createUserManager(embedded);
    const urls = intercept(manager);
    await manager.signoutRedirect({ id_token_hint: 'some.id.token' });
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
    const { manager, signinSilent } = fakeManager({ access_token: 'current', refresh_token: 'r', expires_in: 30, expired: false });
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
