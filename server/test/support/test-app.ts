import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase } from './database.js';
import { checkResponsesAgainstOpenApi } from './openapi-check.js';
import { startTestIssuer, TEST_AUDIENCE } from './test-issuer.js';

export type TestRole = 'admin' | 'intern' | 'extern' | 'norole';
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The app's configuration in tests: nothing is written under DATA_DIR and no web build is served; `env` adds the rest. */
export function testConfig(env: Record<string, string>) {
  return loadConfig({
    // The app under test gets its database handed in; nothing is written under DATA_DIR.
    DATA_DIR: path.join(os.tmpdir(), 'dp-api-unused'),
    OIDC_CLIENT_ID: 'digital-portfolio-web',
    WEB_DIST: path.join(os.tmpdir(), 'dp-no-web-dist'),
    // A test must not take a backup because the clock reached the nightly slot.
    BACKUP_SCHEDULE: 'off',
    ...env,
  });
}

/** The real app on a fresh copy of the seeded database, with an external test issuer for tokens; `logger` to read its log. */
export async function buildTestApp(env: Record<string, string> = {}, { logger }: Pick<BuildOptions, 'logger'> = {}) {
  const database = await createTestDatabase();
  const issuer = await startTestIssuer();
  const config = testConfig({ OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: TEST_AUDIENCE, ...env });
  const app = await buildApp({ config, db: database.db, pool: database.pool, logger });
  // Every JSON answer a test gets is checked against the OpenAPI document (issue 12 B10).
  checkResponsesAgainstOpenApi(app);
  await app.ready();

  const tokens = new Map<TestRole, string>();
  /** Authorization headers of a demo user with that role. */
  async function as(role: TestRole) {
    if (!tokens.has(role))
      tokens.set(role, await issuer.tokenFor(role, role === 'norole' ? [] : [role], { email: `${role}@example.com` }));
    return { authorization: `Bearer ${tokens.get(role)}` };
  }

  /** One request as a demo user with that role; `headers` go on top (another user's authorization too). */
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    role: TestRole = 'admin',
    headers: Record<string, string> = {},
  ) {
    const res = await app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: { ...(await as(role)), ...headers },
    });
    return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
  }

  /** The number of rows in a table. */
  async function count(table: string) {
    return Number(
      (await database.pool.query<{ count: string }>(`select count(*) from ${pg.escapeIdentifier(table)}`)).rows[0]!
        .count,
    );
  }

  return {
    app,
    db: database.db,
    pool: database.pool,
    config,
    issuer,
    as,
    call,
    count,
    async close() {
      await app.close();
      await issuer.close();
      await database.drop();
    },
  };
}

/**
 * The app serving a web build made of `files` (paths relative to the build folder, parents created), for
 * as long as `use` runs; the build folder and the app are gone afterwards.
 */
export async function withWebBuild(files: Record<string, string | Buffer>, use: (web: TestApp) => Promise<void>) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'dp-dist-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  }
  const web = await buildTestApp({ WEB_DIST: dist });
  try {
    await use(web);
  } finally {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  }
}
