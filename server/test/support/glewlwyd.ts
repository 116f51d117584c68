import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Glewlwyd, the OpenID Connect provider packaged in Debian (bookworm: 2.7.5), started for the tests as
 * its own process on a SQLite database made from its packaged schema. It is configured as a company
 * would: the OIDC plugin with PKCE, RFC 8707 resource indicators (the API's audience per scope),
 * 5-minute RS256 access tokens, rotating one-use refresh tokens, the `groups` user property as a claim
 * and as an access-token claim, and RP-initiated logout (`end_session_endpoint`). Glewlwyd itself
 * requires a `nonce` whenever the `openid` scope is asked for.
 *
 * `.ci/run` installs it (`apt-get install glewlwyd sqlite3`); where it is missing the suite is skipped.
 */

const BINARY = '/usr/bin/glewlwyd';
const SCHEMA = '/usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz';
const PACKAGED_CONFIG = '/etc/glewlwyd/glewlwyd.conf';
const WEBAPP = '/usr/share/glewlwyd/webapp';
const WEBAPP_CONFIG = '/etc/glewlwyd/config-2.7.json';

export const glewlwydInstalled = () =>
  [BINARY, SCHEMA, PACKAGED_CONFIG, WEBAPP, WEBAPP_CONFIG].every((file) => existsSync(file)) &&
  spawnSync('sqlite3', ['-version']).status === 0;

export interface GlewlwydUser {
  password: string;
  name: string;
  email: string;
  groups: string[];
}

export interface GlewlwydOptions {
  port: number;
  appUrl: string;
  clientId: string;
  /** The API's resource indicator; the scope `portfolio` may ask for it. */
  audience: string;
  users: Record<string, GlewlwydUser>;
  accessTokenTtl?: number;
}

export interface Glewlwyd {
  issuer: string;
  /** Glewlwyd's own API (login, grants, sessions), which its login page calls. */
  api: string;
  stop: () => Promise<void>;
}

/** The scope the web app asks for besides `openid`; it carries the API audience. */
export const GLEWLWYD_API_SCOPE = 'portfolio';

function sqlite(database: string, sql: string) {
  const result = spawnSync('sqlite3', [database], { input: sql, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`sqlite3 failed: ${result.stderr}`);
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The OIDC plugin's parameters (Glewlwyd 2.7), strict where a company would be. */
function pluginParameters(issuer: string, audience: string, accessTokenTtl: number) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    'jwt-type': 'rsa',
    'jwt-key-size': '256',
    'jwks-uri': '',
    'jwks-private': '',
    'default-kid': '',
    'client-sign_kid-parameter': '',
    'jwks-public': '',
    key: privateKey.export({ type: 'pkcs1', format: 'pem' }),
    cert: publicKey.export({ type: 'spki', format: 'pem' }),
    'access-token-duration': accessTokenTtl,
    'refresh-token-duration': 3600,
    'code-duration': 600,
    'refresh-token-rolling': true,
    'refresh-token-one-use': 'always',
    'client-refresh-token-one-use-parameter': 'refresh-token-one-use',
    'allow-non-oidc': false,
    'auth-type-code-enabled': true,
    'auth-type-code-revoke-replayed': true,
    'auth-type-token-enabled': false,
    'auth-type-id-token-enabled': false,
    'auth-type-none-enabled': false,
    'auth-type-password-enabled': false,
    'auth-type-client-enabled': false,
    'auth-type-device-enabled': false,
    'auth-type-refresh-enabled': true,
    scope: [],
    // Into the access token, as Keycloak's mappers do: the groups and the user name.
    'additional-parameters': [
      { 'user-parameter': 'groups', 'token-parameter': 'groups' },
      { 'user-parameter': 'username', 'token-parameter': 'preferred_username' },
    ],
    claims: [{ name: 'groups', 'user-property': 'groups', type: 'string', 'on-demand': false, scope: [] }],
    'service-documentation': '',
    'op-policy-uri': '',
    'op-tos-uri': '',
    'jwks-show': true,
    'jwks-x5c': [],
    'request-parameter-allow': false,
    'request-uri-allow-https-non-secure': false,
    'secret-type': 'pairwise',
    'address-claim': {
      type: 'no',
      formatted: '',
      street_address: '',
      locality: '',
      region: '',
      postal_code: '',
      country: '',
      mandatory: false,
    },
    'name-claim': 'mandatory',
    'name-claim-scope': [],
    'email-claim': 'mandatory',
    'email-claim-scope': [],
    'scope-claim': 'no',
    'scope-claim-scope': [],
    'allowed-scope': ['openid'],
    'pkce-allowed': true,
    'pkce-method-plain-allowed': false,
    'introspection-revocation-allowed': false,
    'introspection-revocation-auth-scope': [],
    'introspection-revocation-allow-target-client': true,
    'register-client-allowed': false,
    'register-client-auth-scope': [],
    'register-client-credentials-scope': [],
    'register-client-management-allowed': false,
    'register-resource-specify-allowed': false,
    'register-resource-default': [],
    'session-management-allowed': true,
    'session-cookie-name': 'GLEWLWYD_OIDC_SID',
    'session-cookie-expiration': 3600,
    'client-pubkey-parameter': '',
    'client-jwks-parameter': 'jwks',
    'client-jwks_uri-parameter': 'jwks_uri',
    'request-maximum-exp': 3600,
    'encrypt-out-token-allow': false,
    'client-enc-parameter': 'enc',
    'client-alg-parameter': 'alg',
    'client-alg_kid-parameter': 'alg_kid',
    'client-encrypt_code-parameter': 'encrypt_code',
    'client-encrypt_at-parameter': 'encrypt_at',
    'client-encrypt_userinfo-parameter': 'encrypt_userinfo',
    'client-encrypt_id_token-parameter': 'encrypt_id_token',
    'client-encrypt_refresh_token-parameter': 'encrypt_refresh_token',
    'client-encrypt_introspection-parameter': 'encrypt_introspection',
    'device-authorization-expiration': 600,
    'device-authorization-interval': 5,
    'client-cert-header-name': 'SSL_CLIENT_CERT',
    'client-cert-use-endpoint-aliases': false,
    'client-cert-self-signed-allowed': false,
    'oauth-dpop-allowed': false,
    'oauth-dpop-iat-duration': 10,
    // RFC 8707: the API is named by `resource`, which only the `portfolio` scope may ask for.
    'resource-allowed': true,
    'resource-scope': { [GLEWLWYD_API_SCOPE]: [audience] },
    'resource-client-property': '',
    'resource-scope-and-client-property': false,
    'resource-change-allowed': false,
    'oauth-rar-allowed': false,
    'rar-types-client-property': 'authorization_details_types',
    'rar-allow-auth-unsigned': false,
    'rar-allow-auth-unencrypted': true,
    'rar-types': {},
    'oauth-par-allowed': false,
    'oauth-par-duration': 90,
    'oauth-par-required': false,
    'oauth-par-request_uri-prefix': 'urn:ietf:params:oauth:request_uri:',
    'prompt-continue-client-property': '',
    'restrict-scope-client-property': '',
    'oauth-ciba-allowed': false,
    'jwks-public-uri': '',
    iss: issuer,
  };
}

/** A tiny cookie-keeping client for Glewlwyd's JSON API. */
export class GlewlwydSession {
  private cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, { ...init, body, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value === '') this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), value);
    }
    return res;
  }
}

/** Starts Glewlwyd with the client, the API scope and the users; answers its issuer. */
export async function startGlewlwyd({
  port,
  appUrl,
  clientId,
  audience,
  users,
  accessTokenTtl = 300,
}: GlewlwydOptions): Promise<Glewlwyd> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-glewlwyd-'));
  const database = path.join(dir, 'glewlwyd.db');
  const origin = `http://127.0.0.1:${port}`;
  const issuer = `${origin}/api/oidc`;
  const api = `${origin}/api`;

  sqlite(database, gunzipSync(readFileSync(SCHEMA)).toString('utf8'));
  const userModule = {
    'use-glewlwyd-connection': true,
    'data-format': {
      groups: { multiple: true, read: true, write: true, 'profile-read': true, 'profile-write': false },
    },
  };
  const clientModuleRow = spawnSync('sqlite3', [database, 'select gcmi_parameters from g_client_module_instance'], {
    encoding: 'utf8',
  }).stdout.trim();
  const clientModule = JSON.parse(clientModuleRow) as { 'data-format': Record<string, unknown> };
  // The OIDC plugin checks post_logout_redirect_uris, a list the packaged schema does not declare.
  clientModule['data-format'].post_logout_redirect_uris = { multiple: true, read: true, write: true };
  sqlite(
    database,
    [
      `insert into g_plugin_module_instance (gpmi_module, gpmi_name, gpmi_display_name, gpmi_parameters, gpmi_enabled) values ('oidc', 'oidc', 'OIDC', ${quote(JSON.stringify(pluginParameters(issuer, audience, accessTokenTtl)))}, 1);`,
      `update g_user_module_instance set gumi_parameters = ${quote(JSON.stringify(userModule))};`,
      `update g_client_module_instance set gcmi_parameters = ${quote(JSON.stringify(clientModule))};`,
    ].join('\n'),
  );
  // Its login page (a single-page app) from the package, with the configuration its packaged symlink misses.
  cpSync(WEBAPP, path.join(dir, 'webapp'), {
    recursive: true,
    dereference: true,
    filter: (source) => path.basename(source) !== 'config.json',
  });
  const webappConfig = statSync(WEBAPP_CONFIG).isDirectory() ? path.join(WEBAPP_CONFIG, 'config.json') : WEBAPP_CONFIG;
  writeFileSync(path.join(dir, 'webapp', 'config.json'), readFileSync(webappConfig));
  writeFileSync(path.join(dir, 'db.conf'), `database =\n{\n  type = "sqlite3"\n  path = "${database}"\n};\n`);
  const config = readFileSync(PACKAGED_CONFIG, 'utf8')
    .replace(/^port=.*$/m, `port=${port}`)
    .replace(/^external_url=.*$/m, `external_url="${origin}"`)
    .replace(/^log_mode=.*$/m, 'log_mode="console"')
    .replace(/^log_level=.*$/m, 'log_level="WARNING"')
    .replace(/^#? *static_files_path=.*$/m, `static_files_path="${path.join(dir, 'webapp')}/"`)
    .replace(/^@include .*glewlwyd-db\.conf"$/m, `@include "${path.join(dir, 'db.conf')}"`);
  writeFileSync(path.join(dir, 'glewlwyd.conf'), config);

  let log = '';
  const child: ChildProcess = spawn(BINARY, [`--config-file=${path.join(dir, 'glewlwyd.conf')}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`glewlwyd exited with ${child.exitCode}:\n${log}`);
      const ok = await fetch(`${issuer}/.well-known/openid-configuration`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`glewlwyd did not answer in 30 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // The realm's set-up, through Glewlwyd's admin API as an administrator would do it (the packaged admin).
    const admin = new GlewlwydSession();
    const steps: [string, string, unknown][] = [
      ['POST', '/auth/', { username: 'admin', password: 'password' }],
      [
        'POST',
        '/scope/',
        {
          name: GLEWLWYD_API_SCOPE,
          display_name: 'Digital Portfolio',
          description: 'The API',
          password_required: true,
          password_max_age: 0,
          scheme: {},
        },
      ],
      [
        'POST',
        '/client/',
        {
          client_id: clientId,
          name: 'Digital Portfolio',
          confidential: false,
          enabled: true,
          redirect_uri: [`${appUrl}/auth/callback`, `${appUrl}/auth/silent`],
          post_logout_redirect_uris: [`${appUrl}/home`],
          authorization_type: ['code', 'refresh_token'],
          token_endpoint_auth_method: ['none'],
          scope: ['openid', GLEWLWYD_API_SCOPE],
        },
      ],
      ...Object.entries(users).map(([username, user]): [string, string, unknown] => [
        'POST',
        '/user/',
        {
          username,
          name: user.name,
          email: user.email,
          password: user.password,
          groups: user.groups,
          scope: ['openid', GLEWLWYD_API_SCOPE],
          enabled: true,
        },
      ]),
    ];
    for (const [method, route, json] of steps) {
      const res = await admin.fetch(`${api}${route}`, { method, json });
      if (!res.ok) throw new Error(`glewlwyd ${method} ${route} answered ${res.status}: ${await res.text()}\n${log}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { issuer, api, stop };
}
