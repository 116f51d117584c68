import path from 'node:path';
import { z } from 'zod';
import { Cron } from 'croner';

export const DEMO_USERS = ['admin', 'intern', 'extern', 'norole'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

export const DEPLOYMENTS = ['work', 'live', 'demo'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

export interface OidcConfig {
  /** Issuer URL; the embedded provider's is `${publicUrl}/idp`. */
  issuer: string;
  clientId: string;
  /** Expected `aud` of access tokens sent to the API. */
  audience: string;
  /** Name of the claim that carries the role list. */
  rolesClaim: string;
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
  /** The code host's API (`{apiUrl}issues?labels=v.{version}`) and its token; both stay on the server. */
  codeHost: { apiUrl: string | undefined; token: string | undefined };
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
    DEPLOYMENT: z.enum(DEPLOYMENTS).default('work'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_AUDIENCE: z.string().min(1).optional(),
    OIDC_ROLES_CLAIM: z.string().min(1).default('digitalPortfolioAccess/roles'),
    OIDC_SCOPE: z.string().min(1).default('openid profile email offline_access'),
    DEMO_PASSWORD_ADMIN: z.string().min(1).optional(),
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
      .refine((v) => v === 'off' || isValidSchedule(v), "must be a cron expression of 5 or 6 fields (e.g. '30 2 * * *') or 'off'")
      .default('30 2 * * *'),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    GITLAB_API_URL: z.url().refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL').optional(),
    GITLAB_TOKEN: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    const external = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE];
    const given = external.filter((v) => v !== undefined).length;
    if (given > 0 && given < external.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together to use an external provider',
      });
    }
  });

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

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
    deployment: e.DEPLOYMENT,
    logLevel: e.LOG_LEVEL,
    oidc: {
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/idp`,
      clientId: e.OIDC_CLIENT_ID ?? 'digital-portfolio-web',
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      rolesClaim: e.OIDC_ROLES_CLAIM,
      scope: e.OIDC_SCOPE,
      embedded,
    },
    demoPasswords: {
      admin: e.DEMO_PASSWORD_ADMIN ?? 'admin',
      intern: e.DEMO_PASSWORD_INTERN ?? 'intern',
      extern: e.DEMO_PASSWORD_EXTERN ?? 'extern',
      norole: e.DEMO_PASSWORD_NOROLE ?? 'norole',
    },
    cookieKeys: e.COOKIE_KEYS ? e.COOKIE_KEYS.split(',') : ['digital-portfolio-dev-cookie-key-change-me'],
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'web', 'dist')),
    demoData: e.SEED_DEMO_DATA === 'false' ? false : e.SEED_DEMO_DATA,
    transferTargets: { www: e.LIVE_URL?.replace(/\/+$/, ''), demo: e.DEMO_URL?.replace(/\/+$/, '') },
    transferToken: e.TRANSFER_TOKEN,
    backupSchedule: e.BACKUP_SCHEDULE === 'off' ? false : e.BACKUP_SCHEDULE,
    backupKeep: e.BACKUP_KEEP,
    codeHost: { apiUrl: e.GITLAB_API_URL?.replace(/\/*$/, '/'), token: e.GITLAB_TOKEN },
  };
}

/** Where the provider sends the browser back to the web app; registered with any provider. */
export function webAppUris(publicUrl: string) {
  return {
    redirect: `${publicUrl}/auth/callback`,
    silentRedirect: `${publicUrl}/auth/silent`,
    postLogoutRedirect: `${publicUrl}/home`,
  };
}
