/**
 * The product's server as a child process of the test, for tests that kill it midway (kill -9): a server
 * inside the test's own process could not be killed without the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freeLoopbackPort } from '../../src/db/embedded.js';
import { TEST_AUDIENCE } from './test-issuer.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export interface ChildServer {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  child: ChildProcess;
  /** What the server printed so far (stdout and stderr), for the message of a failed wait. */
  log: () => string;
}

/**
 * Starts the server from its sources and waits for its health. It accepts the tokens of the test issuer at
 * `issuer`; `env` adds to or overrides the defaults (no scheduled backups, warnings only). The test's own
 * DATABASE_URL is not passed on: without one in `env`, the server starts its embedded PostgreSQL.
 */
export async function startChildServer(issuer: string, env: Record<string, string>): Promise<ChildServer> {
  const port = await freeLoopbackPort();
  let log = '';
  // Node itself, not the tsx command: that runs the server as a child of its own, which outlives a SIGKILL
  // of the command, so work in flight would end by the aborted request instead of by the killed process.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
      PORT: String(port),
      HOST: '127.0.0.1',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'digital-portfolio-web',
      OIDC_AUDIENCE: TEST_AUDIENCE,
      BACKUP_SCHEDULE: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Up to five minutes: a first start creates its embedded cluster and may seed demo data on a busy machine.
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return { url, child, log: () => log };
    if (i > 1200 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** kill -9 of the server, resolved once the process is gone (its embedded PostgreSQL, if any, lives on). */
export async function killChildServer(server: ChildServer | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
