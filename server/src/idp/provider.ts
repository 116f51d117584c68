import { PRODUCT_NAME } from '@dp/contract';
import { createHash } from 'node:crypto';
import Provider, { errors, type AdapterConstructor, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import { webAppUris, type AppConfig } from '../config.js';
import { demoUserClaims, isDemoUser } from './accounts.js';
import { DEFAULT_IDP_LANGUAGE, IDP_LANGUAGES, IDP_TEXTS, idpLanguageOf } from './texts.js';
import { LOGOUT_SUBMIT_SCRIPT, logoutPage, messagePage } from './views.js';

/** Where the provider lives in the app: the issuer is `${publicUrl}${IDP_MOUNT}`. */
export const IDP_MOUNT = '/idp';

export interface ProviderOptions {
  config: AppConfig;
  adapter: AdapterConstructor;
  signingKey: JWK;
}

const minutes = (n: number) => n * 60;
const hours = (n: number) => n * 3600;

/**
 * Lifetime of the API access tokens in seconds. A token cannot be called back once issued (the API checks
 * it by signature alone), so this is how long a copied token stays usable after logout (issue 12 B7);
 * the web app renews it with its refresh token before it runs out.
 */
export const ACCESS_TOKEN_TTL = minutes(5);

/**
 * The embedded OpenID provider: demo users, one public PKCE client (the web app), RS256 JWT access
 * tokens for the API audience, refresh tokens with offline_access, and logout without a confirm click.
 */
export function createProvider({ config, adapter, signingKey }: ProviderOptions): Provider {
  const { issuer, clientId, audience, rolesClaim } = config.oidc;
  const uris = webAppUris(config.publicUrl);

  const provider = new Provider(issuer, {
    adapter,
    jwks: { keys: [signingKey] },
    cookies: {
      keys: config.cookieKeys,
      // Named apart from anything else the app might set on the same origin.
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_interaction_resume' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: PRODUCT_NAME,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [uris.redirect, uris.silentRedirect],
        post_logout_redirect_uris: [uris.postLogoutRedirect],
      },
    ],
    // Public clients must use PKCE anyway; say it outright (S256 is the only method v9 accepts).
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      profile: ['name', 'nickname', 'preferred_username', rolesClaim],
      email: ['email', 'email_verified'],
    },
    async findAccount(_ctx, sub) {
      if (!isDemoUser(sub)) return undefined;
      return { accountId: sub, claims: () => demoUserClaims(sub, rolesClaim) };
    },
    // The API authorizes from the access token alone, so it carries the user name, the roles and the
    // address that watchers' digests go to.
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!isDemoUser(accountId)) return undefined;
      const { preferred_username, email, [rolesClaim]: roles } = demoUserClaims(accountId, rolesClaim);
      return { preferred_username, email, [rolesClaim]: roles };
    },
    // oidc-provider keeps offline_access only with prompt=consent, which the web app does not send; so
    // the client gets refresh tokens anyway. They are then bound to the provider session: logout ends them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: false },
      // Access tokens are for the API only; without a userinfo endpoint the ID token carries the profile.
      userinfo: { enabled: false },
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: {
        enabled: true,
        // The web app names the API as `resource` (RFC 8707); a request without one gets it too: every token is for the API.
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'openid profile email',
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The web app sends id_token_hint, client_id, post_logout_redirect_uri, state and its language
        // (RP-Initiated Logout 1.0); this page then confirms by itself, the provider ends its session and redirects back.
        logoutSource(ctx, form) {
          // Signed out without a click only when the product's own page sent the browser here (the browser's
          // Sec-Fetch-Site) or the request carries an ID token hint the provider has validated; a link on
          // another site gets a confirmation instead (issue 12 B7).
          const autoSubmit = ctx.get('sec-fetch-site') === 'same-origin' || ctx.oidc.entities.IdTokenHint !== undefined;
          if (autoSubmit) allowInlineScript(ctx, LOGOUT_SUBMIT_SCRIPT);
          ctx.type = 'html';
          ctx.body = logoutPage(form, idpLanguageOf(ctx.oidc.params?.ui_locales), { autoSubmit });
        },
        postLogoutSuccessSource(ctx) {
          // Nothing tells the language here (the app's logout redirects back instead): German, like the app.
          const lang = DEFAULT_IDP_LANGUAGE;
          const text = IDP_TEXTS[lang];
          ctx.type = 'html';
          ctx.body = messagePage({
            lang,
            title: text.signedOutTitle,
            message: text.signedOut,
            link: { href: `${config.publicUrl}/`, text: text.backToApp },
          });
        },
      },
    },
    // Its pages come in the app's languages; the web app asks for one with ui_locales.
    discovery: { ui_locales_supported: [...IDP_LANGUAGES] },
    interactions: {
      url: (_ctx, interaction) => `${IDP_MOUNT}/interaction/${interaction.uid}`,
    },
    // Same origin as the web app: no cross-origin calls to allow.
    // Browsers send an Origin header even on same-origin token requests; allow exactly our own.
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: minutes(10),
      Interaction: minutes(30),
      // A working day; a rotated refresh token keeps the remaining lifetime of the one it replaces.
      RefreshToken: (ctx, token, client) => {
        const rotated = ctx?.oidc.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) return rotated.remainingTTL;
        return hours(24);
      },
      Session: hours(24),
      Grant: hours(24),
    },
    renderError(ctx, out) {
      // ctx.oidc is missing when the request failed before the provider took it up.
      const lang = idpLanguageOf((ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.params?.ui_locales);
      const text = IDP_TEXTS[lang];
      // The provider's own description is English protocol text: shown as a detail under our sentence.
      const detail = out.error_description ?? out.error;
      ctx.type = 'html';
      ctx.body = messagePage({
        lang,
        title: text.signInFailedTitle,
        message: text.signInFailed,
        detail: detail ? text.signInFailedDetail(String(detail)) : undefined,
        link: { href: `${config.publicUrl}/`, text: text.backToApp },
      });
    },
  });
  // The scheme and host it sees are set from PUBLIC_URL for every request (index.ts), never from the client.
  provider.proxy = true;
  return provider;
}

/**
 * Adds the hash of an inline script to the response's Content-Security-Policy (set by helmet), so that one
 * script may run while every other inline script stays blocked.
 */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string) {
  const csp = ctx.response.get('Content-Security-Policy');
  if (!csp) return;
  const source = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const index = directives.findIndex((d) => d.split(/\s+/)[0] === 'script-src');
  if (index >= 0) directives[index] = `${directives[index]} ${source}`;
  else directives.push(`script-src 'self' ${source}`);
  ctx.set('Content-Security-Policy', directives.join(';'));
}
