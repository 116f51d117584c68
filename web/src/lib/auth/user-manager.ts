import { UserManager, WebStorageStateStore, type SigninSilentArgs, type SignoutRedirectArgs, type User, type UserManagerSettings } from 'oidc-client-ts';
import type { AppConfig } from '../config';

// SPEC 9: sign-in limits.
/** Provider HTTP time-out (discovery, keys, token endpoint). */
export const PROVIDER_TIMEOUT_SECONDS = 10;
/** Time-out of a silent renewal in the hidden frame. */
export const SILENT_RENEW_TIMEOUT_SECONDS = 60;
/** A cached access token counts as expired this long before its expiry: it is renewed, not sent. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 60;

/**
 * Settings of the OpenID Connect client: authorization code + PKCE, tokens and sign-in state in
 * sessionStorage (never localStorage: gone when the tab closes, not shared with other tabs), renewal
 * with the refresh token before the access token expires. An external provider that needs the API's
 * `audience` (Auth0) gets it on /authorize and on the token endpoint; the embedded one gets none.
 */
export function userManagerSettings(oidc: AppConfig['oidc']): UserManagerSettings {
  const audience = oidc.audience ? { audience: oidc.audience } : undefined;
  return {
    authority: oidc.authority,
    client_id: oidc.client_id,
    scope: oidc.scope,
    redirect_uri: oidc.redirect_uri,
    silent_redirect_uri: oidc.silent_redirect_uri,
    post_logout_redirect_uri: oidc.post_logout_redirect_uri,
    response_type: 'code',
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRY_MARGIN_SECONDS,
    requestTimeoutInSeconds: PROVIDER_TIMEOUT_SECONDS,
    silentRequestTimeoutInSeconds: SILENT_RENEW_TIMEOUT_SECONDS,
    ...(audience && { extraQueryParams: audience, extraTokenParams: audience }),
    // The provider's session-check iframe is not needed: refresh tokens tell us when the session ends.
    monitorSession: false,
  };
}

/**
 * The client's UserManager, with a logout that puts no token into a URL: oidc-client-ts adds the stored
 * ID token as `id_token_hint` to the logout URL, so the user is removed first; the provider then gets
 * `client_id` and `post_logout_redirect_uri` (OIDC RP-Initiated Logout 1.0). Settings-wide extra query
 * parameters (the audience) are meant for /authorize and stay off the logout URL.
 */
export class AppUserManager extends UserManager {
  private renewal: Promise<User | null> | null = null;

  /**
   * One renewal at a time: the automatic renewal (60 s before expiry) and the API client (which treats a
   * token as expired 60 s early) may ask at the same moment, and a rotated refresh token used twice makes
   * the provider revoke the whole grant. Calls with arguments are not shared.
   */
  override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    if (Object.keys(args).length > 0) return super.signinSilent(args);
    this.renewal ??= super.signinSilent().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  override async signoutRedirect(args: SignoutRedirectArgs = {}): Promise<void> {
    await this.removeUser();
    const { id_token_hint: _ignored, ...rest } = args;
    return super.signoutRedirect({ ...rest, extraQueryParams: rest.extraQueryParams ?? {} });
  }
}

export function createUserManager(config: AppConfig): UserManager {
  return new AppUserManager(userManagerSettings(config.oidc));
}

/** True while the access token may still be sent: more than the margin before its expiry (SPEC 9). */
export function isAccessTokenFresh(user: Pick<User, 'expires_in'>): boolean {
  const left = user.expires_in;
  return left === undefined || left > TOKEN_EXPIRY_MARGIN_SECONDS;
}

/**
 * The current access token for the API client. An access token that expired while the tab slept, or
 * expires within the next 60 s, is renewed first; parallel calls share that one renewal (a refresh
 * token may be used only once).
 */
export function accessTokenSource(userManager: UserManager): () => Promise<string | null> {
  let renewing: Promise<string | null> | null = null;
  return async () => {
    const user = await userManager.getUser();
    if (!user) return null;
    if (isAccessTokenFresh(user)) return user.access_token;
    if (!user.refresh_token) return null; // counts as expired; the hidden-frame renewal runs on its own
    renewing ??= userManager
      .signinSilent()
      .then((renewed) => renewed?.access_token ?? null)
      .catch(() => null)
      .finally(() => {
        renewing = null;
      });
    return renewing;
  };
}

/** Answers the provider inside the hidden renewal frame (/auth/silent); the frame shows no app. */
export function completeSilentSignin(config: AppConfig): Promise<void> {
  return createUserManager(config).signinSilentCallback();
}
