import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import { checkCredentials } from './accounts.js';
import { loadSigningKey } from './keys.js';
import { registerStrictFormParser } from '../http/body-encoding.js';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.js';
import { createPgAdapter, deleteExpiredPayloads } from './pg-adapter.js';
import { createProvider, IDP_MOUNT } from './provider.js';
import { DEFAULT_IDP_LANGUAGE, IDP_TEXTS, idpLanguageOf } from './texts.js';
import { loginPage, messagePage } from './views.js';

export interface EmbeddedIdpOptions {
  config: AppConfig;
  pool: pg.Pool;
}

export interface EmbeddedIdp {
  provider: Provider;
  /** The provider's public keys, for `createTokenVerifier({ jwks })` without an HTTP round trip. */
  jwks: JWTVerifyGetKey;
  /** The same keys as a JWK set (what `${issuer}/jwks` publishes). */
  publicJwks: JSONWebKeySet;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type InteractionRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>;

const INTERACTION_PREFIX = `${IDP_MOUNT}/interaction/`;
const CLEANUP_INTERVAL_MS = 6 * 3600_000;

/**
 * Mounts the embedded OpenID provider at `/idp` of `app` (issuer `${publicUrl}/idp`): the protocol
 * endpoints go straight to oidc-provider, the login pages are Fastify routes under /idp/interaction.
 * Call it on the root instance before other routes (its onRequest hook must see every /idp request).
 */
export async function registerEmbeddedIdp(
  app: FastifyInstance,
  { config, pool }: EmbeddedIdpOptions,
): Promise<EmbeddedIdp> {
  const expectedIssuer = `${config.publicUrl}${IDP_MOUNT}`;
  if (config.oidc.issuer !== expectedIssuer) {
    throw new Error(`The embedded OpenID provider must be the issuer ${expectedIssuer}, not ${config.oidc.issuer}.`);
  }

  const signingKey = await loadSigningKey(pool, config.idpKeySecret);
  // Expired rows already count as absent: clearing those that piled up while the server was down does
  // not hold up its start.
  const clearExpired = () =>
    deleteExpiredPayloads(pool).catch((err: unknown) =>
      app.log.warn({ err }, 'deleting expired OpenID provider rows failed'),
    );
  void clearExpired();
  const cleanup = setInterval(() => void clearExpired(), CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));

  const provider = createProvider({ config, adapter: createPgAdapter(pool), signingKey: signingKey.privateJwk });
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'embedded OpenID provider failed'));

  forwardProtocolRequests(app, provider, config.publicUrl);
  const throttle = createLoginThrottle(pool, config.loginThrottle);
  await app.register(async (scope) => interactionRoutes(scope, provider, config, throttle));

  const publicJwks = { keys: [signingKey.publicJwk] };
  return { provider, jwks: createLocalJWKSet(publicJwks), publicJwks };
}

/**
 * Hands every /idp request except the login pages to oidc-provider, before Fastify reads the body (the
 * provider parses its own). The prefix is stripped from the URL and kept in `originalUrl`, which is how
 * oidc-provider learns its mount path for the URLs it builds.
 */
function forwardProtocolRequests(app: FastifyInstance, provider: Provider, publicUrl: string) {
  const callback = provider.callback();
  const publicOrigin = new URL(publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '/';
    const isProvider = url === IDP_MOUNT || url.startsWith(`${IDP_MOUNT}/`) || url.startsWith(`${IDP_MOUNT}?`);
    if (!isProvider || url.startsWith(INTERACTION_PREFIX)) {
      done();
      return;
    }
    reply.hijack();
    // Headers set so far (helmet's CSP, frame and referrer policies) would be lost with the hijack.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    const raw: IncomingMessage & { originalUrl?: string } = request.raw;
    // oidc-provider builds every URL it publishes (discovery, redirects, form actions) from the request's
    // scheme and host: they are PUBLIC_URL's, whatever Host or X-Forwarded-* the client sent; its client
    // address is the one Fastify accepted under TRUST_PROXY.
    raw.headers.host = publicOrigin.host;
    raw.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
    raw.headers['x-forwarded-host'] = publicOrigin.host;
    raw.headers['x-forwarded-for'] = request.ip;
    delete raw.headers['x-forwarded-port'];
    delete raw.headers.forwarded;
    raw.originalUrl = url;
    raw.url = url.slice(IDP_MOUNT.length) || '/';
    if (raw.url.startsWith('?')) raw.url = `/${raw.url}`;
    void callback(raw, reply.raw);
    done();
  });
}

async function interactionRoutes(
  scope: FastifyInstance,
  provider: Provider,
  config: AppConfig,
  throttle: LoginThrottle,
) {
  if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) registerStrictFormParser(scope);
  const backToApp = (text: (typeof IDP_TEXTS)[keyof typeof IDP_TEXTS]) => ({
    href: `${config.publicUrl}/`,
    text: text.backToApp,
  });

  function sendPage(reply: FastifyReply, status: number, html: string) {
    // The pages carry a one-time interaction id; never cache them.
    return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  }

  /** The pending interaction of this browser, or null after answering with an "expired" page. */
  async function loadInteraction(request: InteractionRequest, reply: FastifyReply): Promise<Interaction | null> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch (err) {
      if (!(err instanceof errors.SessionNotFound)) throw err;
    }
    // The interaction (and the language it asked for) is gone: German, like the app.
    const text = IDP_TEXTS[DEFAULT_IDP_LANGUAGE];
    sendPage(
      reply,
      400,
      messagePage({
        lang: DEFAULT_IDP_LANGUAGE,
        title: text.expiredTitle,
        message: text.expired,
        link: backToApp(text),
      }),
    );
    return null;
  }

  async function finish(request: InteractionRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result);
    return reply.header('Cache-Control', 'no-store').redirect(returnTo, 303);
  }

  const path = `${INTERACTION_PREFIX}:uid`;
  const bodyLimit = 16 * 1024;

  scope.get(path, { schema: { hide: true } }, async (request: InteractionRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    switch (interaction.prompt.name) {
      case 'login': {
        const hint = interaction.params.login_hint;
        const lang = idpLanguageOf(interaction.params.ui_locales);
        return sendPage(
          reply,
          200,
          loginPage({ action: request.url, username: typeof hint === 'string' ? hint : undefined, lang }),
        );
      }
      case 'consent':
        // The web app is the provider's only, first-party client: no consent screen.
        return finish(request, reply, await grantRequested(provider, interaction));
      default:
        return finish(request, reply, {
          error: 'access_denied',
          error_description: `The ${interaction.prompt.name} step is not supported.`,
        });
    }
  });

  scope.post(path, { schema: { hide: true }, bodyLimit }, async (request: InteractionRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    // A resubmitted form after the login step was done: show whatever the interaction needs now.
    if (interaction.prompt.name !== 'login') return reply.redirect(request.url, 303);
    const { username, password } = request.body ?? {};
    const shown = typeof username === 'string' ? username : undefined;
    const lang = idpLanguageOf(interaction.params.ui_locales);
    const locked = (seconds: number) =>
      sendPage(
        reply.header('Retry-After', String(seconds)),
        429,
        loginPage({
          action: request.url,
          username: shown,
          error: IDP_TEXTS[lang].tooManyAttempts(Math.ceil(seconds / 60)),
          lang,
        }),
      );
    // Password guessing: a locked user name or address is not even checked (issue 12 B5).
    const waitSeconds = await throttle.retryAfter(shown ?? '', request.ip);
    if (waitSeconds > 0) return locked(waitSeconds);
    const user = checkCredentials(config.demoPasswords, username, password);
    if (!user) {
      const { delayMs, lockedForSeconds } = await throttle.failed(shown ?? '', request.ip);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (lockedForSeconds > 0) return locked(lockedForSeconds);
      return sendPage(
        reply,
        200,
        loginPage({ action: request.url, username: shown, error: IDP_TEXTS[lang].loginFailed, lang }),
      );
    }
    await throttle.succeeded(user);
    return finish(request, reply, { login: { accountId: user } });
  });
}

/** Grants everything the client asked for, the way a consent screen would after "Allow". */
async function grantRequested(provider: Provider, interaction: Interaction): Promise<InteractionResults> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string') return { error: 'login_required' };

  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  return { consent: existing ? {} : { grantId } };
}
