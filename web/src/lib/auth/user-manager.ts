import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { AppConfig } from '../config';

/**
 * Settings of the OpenID Connect client: authorization code + PKCE, tokens and sign-in state in
 * sessionStorage (never localStorage: gone when the tab closes, not shared with other tabs), renewal
 * with the refresh token before the access token expires.
 */
export function userManagerSettings(oidc: AppConfig['oidc']): UserManagerSettings {
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
    accessTokenExpiringNotificationTimeInSeconds: 60,
    // The provider's session-check iframe is not needed: refresh tokens tell us when the session ends.
    monitorSession: false,
  };
}

export function createUserManager(config: AppConfig): UserManager {
  return new UserManager(userManagerSettings(config.oidc));
}

/**
 * The current access token for the API client. An access token that expired while the tab slept is
 * renewed first; parallel calls share that one renewal (a refresh token may be used only once).
 */
export function accessTokenSource(userManager: UserManager): () => Promise<string | null> {
  let renewing: Promise<string | null> | null = null;
  return async () => {
    const user = await userManager.getUser();
    if (!user) return null;
    if (!user.expired) return user.access_token;
    if (!user.refresh_token) return null;
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
