import path from 'node:path';
import { z } from 'zod';
import { Cron } from 'croner';
import { parseRoleMap, type Role } from './auth/roles.js';
import { REPO_ROOT } from './paths.js';

/** The embedded provider's users; reviewer is a second admin, who approves what admin asks to publish (issue 44). */
export const DEMO_USERS = ['admin', 'reviewer', 'intern', 'extern', 'norole'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

export const DEPLOYMENTS = ['work', 'live', 'demo'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

/** How the audience is asked for: `none` for providers that take it from the scope (Entra ID's `api://…/.default`). */
export const AUDIENCE_PARAMS = ['resource', 'audience', 'both', 'none'] as const;
export type AudienceParam = (typeof AUDIENCE_PARAMS)[number];

export interface OidcConfig {
  /** Issuer URL; the embedded provider's is `${publicUrl}/idp`. */
  issuer: string;
  clientId: string;
  /** Expected `aud` of access tokens sent to the API. */
  audience: string;
  /** Name or dotted path of the claim that carries the roles (or the groups, with roleMap). */
  rolesClaim: string;
  /** Company group names to roles (OIDC_ROLE_MAP); without it the claim carries the role words. */
  roleMap: ReadonlyMap<string, Role> | undefined;
  /** How the web app asks for the API's audience: RFC 8707 `resource`, Auth0's `audience`, both or neither (OIDC_AUDIENCE_PARAM). */
  audienceParam: AudienceParam;
  scope: string;
  /** True when this process runs the embedded provider at /idp. */
  embedded: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** External PostgreSQL; when absent the app starts the embedded server under dataDir. */
  databaseUrl: string | undefined;
  /** A streaming replica of databaseUrl's server for evaluation reads (DATABASE_READ_URL). */
  databaseReadUrl: string | undefined;
  deployment: Deployment;
  logLevel: string;
  oidc: OidcConfig;
  /** Passwords of the embedded provider's demo users. */
  demoPasswords: Record<DemoUser, string>;
  /** Keys that sign the embedded provider's cookies. */
  cookieKeys: string[];
  /** Folder of the built web app; served at / when it exists. */
  webDist: string;
  /** Demo data size put into an empty database on start, or false for none. */
  demoData: 'S' | 'M' | 'L' | false;
  /** Where work publishes to: the live ('www') and demo instances' base URLs. */
  transferTargets: { www: string | undefined; demo: string | undefined };
  /** Shared by work, live and demo; without it transfers and imports are off. */
  transferToken: string | undefined;
  /** Cron expression of the scheduled backup, or false for none. */
  backupSchedule: string | false;
  /** How many backups are kept (the newest, plus the last one transferred to each target). */
  backupKeep: number;
  /** Four eyes (issue 44): a transfer to live is a request another admin approves (PUBLISH_APPROVAL). */
  publishApproval: boolean;
  /** An undecided publish request expires after this many hours (PUBLISH_REQUEST_HOURS). */
  publishRequestHours: number;
  /** The code host's API (`{apiUrl}issues?labels=v.{version}`) and its token; both stay on the server. */
  codeHost: { apiUrl: string | undefined; token: string | undefined };
  /** Which proxies' X-Forwarded-* headers count (Fastify's `trustProxy`): false, a hop count or addresses. */
  trustProxy: boolean | number | string[];
  /** API requests per minute per bearer token and per client address (0: no limit). */
  rateLimit: { perToken: number; perAddress: number };
  /** Memory for answers of evaluation reads kept while the database does not change (READ_CACHE_MB; 0: none). */
  readCacheBytes: number;
  /** Password guessing on the embedded provider: failures before a lock, per user and per address, and its length. */
  loginThrottle: { userLockAfter: number; addressLockAfter: number; lockMinutes: number };
  /** Encrypts the embedded provider's private signing key in the database; without it the key is stored in clear. */
  idpKeySecret: string | undefined;
  /** The variables still at their development defaults (cookie key, demo passwords equal to the user name). */
  developmentDefaults: string[];
  /**
   * Watchers' digests (issue 42): the SMTP server (SMTP_URL, `smtp://` or `smtps://`, credentials allowed),
   * the sender (MAIL_FROM), at most one digest per user per `digestMinutes` (0: after each change set) and
   * the key that signs the unwatch links (MAIL_LINK_SECRET) and how often this instance looks for mail to
   * send (MAIL_INTERVAL_SECONDS; 0: never). Absent without SMTP_URL: in-app notifications only.
   */
  mail:
    { smtpUrl: string; from: string; digestMinutes: number; linkSecret: string; intervalSeconds: number } | undefined;
}

/** Whether an interface name is loopback only (a start there is reachable from this machine alone). */
export const isLoopbackHost = (host: string) =>
  ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host) || host.startsWith('127.');

/** `TRUST_PROXY` as Fastify takes it: a hop count, or a comma-separated list of addresses/CIDR ranges. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (/^[0-9]+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const optionalUrl = z.url().optional();

/** Whether croner can run a cron expression. */
function isValidSchedule(expression: string): boolean {
  try {
    new Cron(expression, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DEPLOYMENT: z.enum(DEPLOYMENTS).default('work'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_AUDIENCE: z.string().min(1).optional(),
    OIDC_ROLES_CLAIM: z.string().min(1).default('digitalPortfolioAccess/roles'),
    OIDC_ROLE_MAP: z
      .string()
      .superRefine((text, ctx) => {
        try {
          parseRoleMap(text);
        } catch (err) {
          ctx.addIssue({
            code: 'custom',
            message: `must be comma-separated group=role pairs (e.g. DP-Admins=admin,DP-Engineers=intern,DP-Partners=extern): ${(err as Error).message}`,
          });
        }
      })
      .optional(),
    OIDC_AUDIENCE_PARAM: z.enum(AUDIENCE_PARAMS).default('resource'),
    OIDC_SCOPE: z.string().min(1).default('openid profile email offline_access'),
    DEMO_PASSWORD_ADMIN: z.string().min(1).optional(),
    DEMO_PASSWORD_REVIEWER: z.string().min(1).optional(),
    DEMO_PASSWORD_INTERN: z.string().min(1).optional(),
    DEMO_PASSWORD_EXTERN: z.string().min(1).optional(),
    DEMO_PASSWORD_NOROLE: z.string().min(1).optional(),
    COOKIE_KEYS: z.string().min(16).optional(),
    WEB_DIST: z.string().min(1).optional(),
    SEED_DEMO_DATA: z.enum(['S', 'M', 'L', 'false']).default('S'),
    LIVE_URL: optionalUrl,
    DEMO_URL: optionalUrl,
    TRANSFER_TOKEN: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
    BACKUP_SCHEDULE: z
      .string()
      .refine(
        (v) => v === 'off' || isValidSchedule(v),
        "must be a cron expression of 5 or 6 fields (e.g. '30 2 * * *') or 'off'",
      )
      .default('30 2 * * *'),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    PUBLISH_APPROVAL: z.enum(['on', 'off']).optional(),
    PUBLISH_REQUEST_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
    GITLAB_API_URL: z
      .url()
      .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
      .optional(),
    GITLAB_TOKEN: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(false|[0-9]{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/,
        'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16)',
      )
      .optional(),
    RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(0).default(30_000),
    RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).default(60_000),
    READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    LOGIN_LOCK_AFTER: z.coerce.number().int().min(1).max(1000).default(10),
    LOGIN_LOCK_AFTER_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    IDP_KEY_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s/]+(\/?)$/, 'must be smtp://[user:password@]host[:port] or smtps://…')
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+>?$/,
        'must be an address (e.g. portfolio@example.com or "Portfolio <portfolio@example.com>")',
      )
      .optional(),
    NOTIFY_DIGEST_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    MAIL_LINK_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL !== undefined) {
      for (const name of ['MAIL_FROM', 'MAIL_LINK_SECRET'] as const)
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'must be set together with SMTP_URL' });
    }
    if (env.DATABASE_READ_URL !== undefined && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: "names a streaming replica of DATABASE_URL's server: set it together with DATABASE_URL",
      });
    }
    const external = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE];
    const given = external.filter((v) => v !== undefined).length;
    if (given > 0 && given < external.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together to use an external provider',
      });
    }
    if (env.OIDC_ROLE_MAP !== undefined && env.OIDC_ISSUER === undefined) {
      // The embedded provider's demo users carry the role words; a map would refuse them all.
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ROLE_MAP'],
        message: "maps an external provider's groups: set it together with OIDC_ISSUER",
      });
    }
    // Outside work the embedded provider faces real users: its development secrets must be replaced.
    const defaults = developmentDefaultsOf(env);
    if (
      env.DEPLOYMENT !== undefined &&
      env.DEPLOYMENT !== 'work' &&
      env.OIDC_ISSUER === undefined &&
      defaults.length > 0
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEPLOYMENT'],
        message: `${env.DEPLOYMENT} with the embedded provider refuses development defaults: set ${defaults.join(', ')} (cookie keys of at least 16 characters; demo passwords other than the user name)`,
      });
    }
  });

export class ConfigError extends Error {}

/** The development key that signs the embedded provider's cookies when COOKIE_KEYS is not set. */
export const DEVELOPMENT_COOKIE_KEY = 'digital-portfolio-dev-cookie-key-change-me';

/** The variables of the embedded provider still at a development default: no COOKIE_KEYS (or the dev key), a demo password equal to its user name. */
function developmentDefaultsOf(env: { COOKIE_KEYS?: string; [name: string]: unknown }): string[] {
  const found: string[] = [];
  if (env.COOKIE_KEYS === undefined || env.COOKIE_KEYS.split(',').includes(DEVELOPMENT_COOKIE_KEY))
    found.push('COOKIE_KEYS');
  for (const user of DEMO_USERS) {
    const name = `DEMO_PASSWORD_${user.toUpperCase()}`;
    const password = env[name];
    if (password === undefined || (typeof password === 'string' && password.trim().toLowerCase() === user))
      found.push(name);
  }
  return found;
}

/** Reads and validates the environment once; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (FOO=) counts as not set.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const embedded = e.OIDC_ISSUER === undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    // Relative to where the user ran npm (INIT_CWD), not to the workspace npm switched into.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    deployment: e.DEPLOYMENT,
    logLevel: e.LOG_LEVEL,
    oidc: {
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/idp`,
      clientId: e.OIDC_CLIENT_ID ?? 'digital-portfolio-web',
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      rolesClaim: e.OIDC_ROLES_CLAIM,
      roleMap: e.OIDC_ROLE_MAP === undefined ? undefined : parseRoleMap(e.OIDC_ROLE_MAP),
      audienceParam: e.OIDC_AUDIENCE_PARAM,
      scope: e.OIDC_SCOPE,
      embedded,
    },
    demoPasswords: {
      admin: e.DEMO_PASSWORD_ADMIN ?? 'admin',
      reviewer: e.DEMO_PASSWORD_REVIEWER ?? 'reviewer',
      intern: e.DEMO_PASSWORD_INTERN ?? 'intern',
      extern: e.DEMO_PASSWORD_EXTERN ?? 'extern',
      norole: e.DEMO_PASSWORD_NOROLE ?? 'norole',
    },
    cookieKeys: e.COOKIE_KEYS ? e.COOKIE_KEYS.split(',') : [DEVELOPMENT_COOKIE_KEY],
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'web', 'dist')),
    demoData: e.SEED_DEMO_DATA === 'false' ? false : e.SEED_DEMO_DATA,
    transferTargets: { www: e.LIVE_URL?.replace(/\/+$/, ''), demo: e.DEMO_URL?.replace(/\/+$/, '') },
    transferToken: e.TRANSFER_TOKEN,
    backupSchedule: e.BACKUP_SCHEDULE === 'off' ? false : e.BACKUP_SCHEDULE,
    backupKeep: e.BACKUP_KEEP,
    // On by default wherever there is a live instance to protect.
    publishApproval: (e.PUBLISH_APPROVAL ?? (e.LIVE_URL ? 'on' : 'off')) === 'on',
    publishRequestHours: e.PUBLISH_REQUEST_HOURS,
    codeHost: { apiUrl: e.GITLAB_API_URL?.replace(/\/*$/, '/'), token: e.GITLAB_TOKEN },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: { perToken: e.RATE_LIMIT_PER_TOKEN, perAddress: e.RATE_LIMIT_PER_ADDRESS },
    readCacheBytes: e.READ_CACHE_MB * 1024 * 1024,
    loginThrottle: {
      userLockAfter: e.LOGIN_LOCK_AFTER,
      addressLockAfter: e.LOGIN_LOCK_AFTER_PER_ADDRESS,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
    },
    idpKeySecret: e.IDP_KEY_SECRET,
    developmentDefaults: embedded ? developmentDefaultsOf(e) : [],
    mail:
      e.SMTP_URL === undefined || e.MAIL_FROM === undefined || e.MAIL_LINK_SECRET === undefined
        ? undefined
        : {
            smtpUrl: e.SMTP_URL,
            from: e.MAIL_FROM,
            digestMinutes: e.NOTIFY_DIGEST_MINUTES,
            linkSecret: e.MAIL_LINK_SECRET,
            intervalSeconds: e.MAIL_INTERVAL_SECONDS,
          },
  };
}

/**
 * On work the development defaults are allowed (a trial on one's own machine), but a start that listens
 * beyond loopback with them lets anyone who reaches the port sign in as admin: the warning printed then.
 */
export function developmentDefaultsWarning(
  config: Pick<AppConfig, 'host' | 'developmentDefaults'>,
): string | undefined {
  if (config.developmentDefaults.length === 0 || isLoopbackHost(config.host)) return undefined;
  return (
    `WARNING: listening on ${config.host}, reachable from other machines, with the development defaults of the embedded sign-in ` +
    `(a known cookie key, demo passwords equal to the user names): anyone who reaches this port can sign in as admin. ` +
    `Set ${config.developmentDefaults.join(', ')}, or HOST=127.0.0.1.`
  );
}

/** Where the provider sends the browser back to the web app; registered with any provider. */
export function webAppUris(publicUrl: string) {
  return {
    redirect: `${publicUrl}/auth/callback`,
    silentRedirect: `${publicUrl}/auth/silent`,
    postLogoutRedirect: `${publicUrl}/home`,
  };
}
