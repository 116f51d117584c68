import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/**
 * A second OpenID provider for the tests, apart from the embedded one: its own process, its own issuer,
 * its own users, configured the way a company configures Keycloak or Entra ID for a web app:
 *
 * - a public client with PKCE (S256), the app's exact redirect and post-logout URIs, CORS for its origin;
 * - a `nonce` is required on every authorization request;
 * - the API's audience only by RFC 8707 resource indicator (`resource` required; no default audience);
 * - roles as company groups in a `groups` claim (ID token and access token), not as the product's words;
 * - short-lived RS256 JWT access tokens (5 minutes unless told), rotating refresh tokens;
 * - RP-Initiated Logout 1.0 that signs out without a click only with a valid `id_token_hint` and
 *   otherwise asks (as Keycloak does).
 *
 * It complements Glewlwyd, Debian's provider (glewlwyd.ts), with what Glewlwyd does not do: resource indicator
 * required, a logout without confirmation when the hint is valid, users without preferred_username.
 */

export interface StrictUser {
  password: string;
  claims: Record<string, unknown>;
}

/** The company's directory: group names, and users whose names come in the forms providers deliver. */
export const STRICT_USERS: Record<string, StrictUser> = {
  // preferred_username present: shown as it is.
  'anna.admin': {
    password: 'anna-pw',
    claims: {
      preferred_username: 'anna.admin',
      name: 'Anna Admin',
      email: 'anna@rail.example',
      groups: ['Staff', 'DP-Admins', 'DP-Engineers'],
    },
  },
  // No preferred_username: the name is shown.
  erik: {
    password: 'erik-pw',
    claims: { name: 'Erik Engineer', email: 'erik@rail.example', groups: ['Staff', 'DP-Engineers'] },
  },
  // Only an e-mail address.
  pia: { password: 'pia-pw', claims: { email: 'pia@partner.example', groups: ['DP-Partners'] } },
  // In the directory, but in no group the product knows: refused.
  otto: { password: 'otto-pw', claims: { preferred_username: 'otto', groups: ['Staff', 'admin'] } },
};

/** The product's role map for these groups (OIDC_ROLE_MAP). */
export const STRICT_ROLE_MAP = 'DP-Admins=admin,DP-Engineers=intern,DP-Partners=extern';

export interface StrictProviderOptions {
  /** The provider's own origin, e.g. http://127.0.0.1:4100; the issuer is `${origin}/realms/rail`. */
  origin: string;
  /** The product's public URL: its redirect URIs and CORS origin. */
  appUrl: string;
  clientId: string;
  /** The API's resource indicator, the `aud` of its access tokens. */
  audience: string;
  accessTokenTtl?: number;
}

export const REALM_PATH = '/realms/rail';

/** The provider as a Node HTTP server (not yet listening). */
export function createStrictProvider({
  origin,
  appUrl,
  clientId,
  audience,
  accessTokenTtl = 300,
}: StrictProviderOptions): Server {
  const issuer = `${origin}${REALM_PATH}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'strict-1', alg: 'RS256', use: 'sig' };

  const profileOf = (sub: string) => ({ sub, ...STRICT_USERS[sub]!.claims });
  const configuration: Configuration = {
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    clients: [
      {
        client_id: clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${appUrl}/auth/callback`, `${appUrl}/auth/silent`],
        post_logout_redirect_uris: [`${appUrl}/home`],
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'groups'],
      email: ['email'],
    },
    async findAccount(_ctx, sub) {
      if (!(sub in STRICT_USERS)) return undefined;
      return { accountId: sub, claims: () => profileOf(sub) };
    },
    // Like Keycloak's default mappers: the access token carries the user's names and groups.
    async extraTokenClaims(_ctx, token) {
      const sub = 'accountId' in token ? token.accountId : undefined;
      if (typeof sub !== 'string' || !(sub in STRICT_USERS)) return undefined;
      const { sub: _sub, ...claims } = profileOf(sub);
      return claims;
    },
    // Refresh tokens for the public client, rotated on every use.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // No default: a request that names no resource gets no API token (and is refused at /auth below).
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'openid profile email',
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const hinted = ctx.oidc.entities.IdTokenHint !== undefined;
          const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
          ctx.type = 'html';
          ctx.body = hinted
            ? `<!DOCTYPE html><html><head><title>Signing out</title></head><body>${withLogout}<script>document.forms[0].submit()</script></body></html>`
            : `<!DOCTYPE html><html><head><title>Sign out?</title></head><body><h1 data-testid="logout-confirm">Do you want to sign out of the rail company?</h1>${withLogout}<button type="submit" form="op.logoutForm">Sign out</button></body></html>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${REALM_PATH}/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === new URL(appUrl).origin,
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 600,
      RefreshToken: 3600,
      Session: 3600,
      Grant: 3600,
    },
  };
  const provider = new Provider(issuer, configuration);

  // What the company's provider insists on before it looks at anything else.
  provider.use(async (ctx, next) => {
    if (ctx.path === '/auth' && ctx.method === 'GET') {
      const query = ctx.query;
      const missing = ['nonce', 'resource', 'code_challenge'].filter(
        (name) => typeof query[name] !== 'string' || query[name] === '',
      );
      if (missing.length > 0) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = `<!DOCTYPE html><html><body><h1 data-testid="strict-refusal">Request refused</h1><p>missing ${missing.join(', ')}</p></body></html>`;
        return;
      }
    }
    await next();
  });
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (!match) return next();
    await interaction(provider, ctx as unknown as KoaContextWithOIDC);
  });

  const callback = provider.callback();
  return createServer((req, res) => {
    // The provider lives under /realms/rail, as in Keycloak.
    if (!req.url?.startsWith(REALM_PATH)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    // oidc-provider reads the mount path from originalUrl, as under Express or Koa's mount.
    (req as typeof req & { originalUrl?: string }).originalUrl = req.url;
    req.url = req.url.slice(REALM_PATH.length) || '/';
    void callback(req, res);
  });
}

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Rail company sign-in</title></head><body>${body}</body></html>`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The login form, and the consent the company granted in advance for its own application. */
async function interaction(provider: Provider, ctx: KoaContextWithOIDC) {
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  let result: Record<string, unknown> | undefined;
  if (details.prompt.name === 'login') {
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = page(`<h1>Rail company sign-in</h1><form method="post" action="${escape(`${REALM_PATH}${ctx.path}`)}">
<label>Username <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form>`);
      return;
    }
    const body = new URLSearchParams(await readBody(ctx));
    const username = body.get('username') ?? '';
    const user = STRICT_USERS[username];
    if (!user || user.password !== body.get('password')) {
      ctx.status = 401;
      ctx.type = 'html';
      ctx.body = page('<p role="alert">Invalid username or password.</p>');
      return;
    }
    result = { login: { accountId: username } };
  } else {
    const { accountId } = details.session!;
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    const prompt = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (prompt.missingOIDCScope) grant.addOIDCScope(prompt.missingOIDCScope.join(' '));
    if (prompt.missingOIDCClaims) grant.addOIDCClaims(prompt.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(prompt.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    result = { consent: { grantId: await grant.save() } };
  }
  const target = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
  ctx.status = 303;
  ctx.redirect(target);
}

function readBody(ctx: KoaContextWithOIDC): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    ctx.req.setEncoding('utf8');
    ctx.req.on('data', (chunk: string) => (text += chunk));
    ctx.req.on('end', () => resolve(text));
    ctx.req.on('error', reject);
  });
}

export interface StrictProviderProcess {
  issuer: string;
  stop: () => Promise<void>;
}

/** Starts the provider in a process of its own (as a company's provider runs apart from the product). */
export async function startStrictProviderProcess(options: StrictProviderOptions): Promise<StrictProviderProcess> {
  const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
  let log = '';
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [path.join(import.meta.dirname, 'strict-provider-main.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, STRICT_PROVIDER_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const issuer = `${options.origin}${REALM_PATH}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The strict provider exited with ${child.exitCode}:\n${log}`);
    const ok = await fetch(`${issuer}/.well-known/openid-configuration`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { issuer, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`The strict provider did not answer in 30 s:\n${log}`);
}
