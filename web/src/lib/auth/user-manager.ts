import {
  UserManager,
  WebStorageStateStore,
  type SigninRedirectArgs,
  type SigninSilentArgs,
  type SignoutRedirectArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';
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
 * with the refresh token before the access token expires. The API is asked for as the server says
 * (OIDC_AUDIENCE_PARAM): the standard RFC 8707 `resource` (the embedded provider, Keycloak), and/or
 * `audience` on /authorize and the token endpoint (Auth0).
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
    ...(oidc.resource && { resource: oidc.resource }),
    ...(audience && { extraQueryParams: audience, extraTokenParams: audience }),
    // The provider's session-check iframe is not needed: refresh tokens tell us when the session ends.
    monitorSession: false,
  };
}

/** A fresh random `nonce` (256 bits, base64url) binding the ID token to this one authorization request. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The client's UserManager. Every authorization request carries a fresh `nonce`, which oidc-client-ts
 * keeps with the request's state and compares with the ID token's (SPEC 5); oidc-client-ts sends one
 * only when asked. Renewals by refresh token name the `resource` again (oidc-client-ts only sends the
 * one given per call). Logout follows OpenID RP-Initiated Logout 1.0: `id_token_hint`, `client_id`,
 * `post_logout_redirect_uri` and a `state` that the return to /home is checked against.
 */
export class AppUserManager extends UserManager {
  private renewal: Promise<User | null> | null = null;

  override signinRedirect(args: SigninRedirectArgs = {}): Promise<void> {
    return super.signinRedirect({ nonce: newNonce(), ...args });
  }

  /**
   * One renewal at a time: the automatic renewal (60 s before expiry) and the API client (which treats a
   * token as expired 60 s early) may ask at the same moment, and a rotated refresh token used twice makes
   * the provider revoke the whole grant. Calls with arguments are not shared.
   */
  override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    const defaults: SigninSilentArgs = {
      nonce: newNonce(),
      ...(this.settings.resource !== undefined && { resource: this.settings.resource }),
    };
    if (Object.keys(args).length > 0) return super.signinSilent({ ...defaults, ...args });
    this.renewal ??= super.signinSilent(defaults).finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  override async signoutRedirect(args: SignoutRedirectArgs = {}): Promise<void> {
    // The hint comes from the stored user (oidc-client-ts reads it before removing the user); the state
    // makes the return to post_logout_redirect_uri recognisable as this logout's answer. The settings'
    // extra query parameters (`audience`) are meant for /authorize and stay off the logout URL.
    // `client_id` is passed on to oidc-client-ts's createSignoutRequest, though SignoutRedirectArgs does not declare it.
    const withClient: SignoutRedirectArgs & { client_id: string } = {
      client_id: this.settings.client_id,
      state: { logout: true },
      ...args,
      extraQueryParams: args.extraQueryParams ?? {},
    };
    return super.signoutRedirect(withClient);
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
