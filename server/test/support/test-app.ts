import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase } from './database.js';
import { startTestIssuer, TEST_AUDIENCE } from './test-issuer.js';

export type TestRole = 'admin' | 'intern' | 'extern' | 'norole';

/** The real app on a fresh copy of the seeded database, with an external test issuer for tokens. */
export async function buildTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const issuer = await startTestIssuer();
  const config = loadConfig({
    // The app under test gets its database handed in; nothing is written under DATA_DIR.
    DATA_DIR: path.join(os.tmpdir(), 'dp-api-unused'),
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'digital-portfolio-web',
    OIDC_AUDIENCE: TEST_AUDIENCE,
    WEB_DIST: path.join(os.tmpdir(), 'dp-no-web-dist'),
    ...env,
  });
  const app = await buildApp({ config, db: database.db, pool: database.pool });
  await app.ready();

  const tokens = new Map<TestRole, string>();
  /** Authorization headers of a demo user with that role. */
  async function as(role: TestRole) {
    if (!tokens.has(role)) tokens.set(role, await issuer.tokenFor(role, role === 'norole' ? [] : [role]));
    return { authorization: `Bearer ${tokens.get(role)}` };
  }

  return {
    app,
    db: database.db,
    pool: database.pool,
    config,
    issuer,
    as,
    async close() {
      await app.close();
      await issuer.close();
      await database.drop();
    },
  };
}
