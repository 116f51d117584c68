import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freeLoopbackPort } from '../../../server/src/db/embedded.js';
import { journeyIssues, startFakeCodeHost } from '../../../server/test/support/fake-code-host.js';
import { smtpSink } from '../../../server/test/support/smtp-sink.js';
import { liveSecretsEnv } from './live-secrets.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A second instance with DEPLOYMENT=live, the work instance's LIVE_URL (transfer target). */
    liveUrl: string;
    /** The token the work instance sends to the fake code host; it must appear in no page or response. */
    codeHostToken: string;
    /** Where the SMTP server of the journeys (aiosmtpd) writes the mails the work instance sends. */
    mailFolder: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The product did not become healthy in 90 s:\n${output()}`);
}

export interface Instance {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the whole product as `npm start` does (embedded database in a temp folder, embedded sign-in) on a free port. */
export async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `dp-e2e-${name}-`));
  const url = `http://localhost:${port}`;
  let log = '';
  // The compiled server, as production runs it (`npm run test:e2e` builds it first), on the Node that runs the tests.
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => `[${name}] ${log}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * Starts the work instance the journeys use and a live instance it publishes to: two processes, two
 * embedded databases, one shared transfer token.
 */
export default async function setup(project: TestProject) {
  // The code host of the internal release notes, played by a real HTTP server on loopback.
  const codeHost = await startFakeCodeHost({ issues: journeyIssues() });
  const transferToken = randomBytes(32).toString('hex');
  // Watchers' digests go through a real SMTP server (issue 42), at once after each change set.
  const smtp = smtpSink(await freeLoopbackPort());
  await smtp.start();
  const workPort = await freeLoopbackPort();
  let livePort = await freeLoopbackPort();
  while (livePort === workPort) livePort = await freeLoopbackPort();
  const started = await Promise.allSettled([
    startInstance('work', workPort, {
      DEPLOYMENT: 'work',
      LIVE_URL: `http://localhost:${livePort}`,
      // The existing journeys publish as one admin; four-eyes publishing is tested in the API (issue 44).
      PUBLISH_APPROVAL: 'off',
      TRANSFER_TOKEN: transferToken,
      GITLAB_API_URL: codeHost.apiUrl,
      GITLAB_TOKEN: codeHost.token,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Digital Portfolio <portfolio@example.com>',
      MAIL_LINK_SECRET: randomBytes(32).toString('hex'),
      NOTIFY_DIGEST_MINUTES: '0',
      MAIL_INTERVAL_SECONDS: '1',
    }),
    startInstance('live', livePort, {
      DEPLOYMENT: 'live',
      TRANSFER_TOKEN: transferToken,
      BACKUP_SCHEDULE: 'off',
      ...liveSecretsEnv(),
    }),
  ]);
  const [work, live] = started.map((result) => (result.status === 'fulfilled' ? result.value : null));
  if (!work || !live) {
    await Promise.all([work?.stop(), live?.stop(), codeHost.close(), smtp.close()]);
    throw started.map((result) => (result.status === 'rejected' ? result.reason : null)).find(Boolean);
  }
  project.provide('baseUrl', work.url);
  project.provide('liveUrl', live.url);
  project.provide('codeHostToken', codeHost.token);
  project.provide('mailFolder', smtp.folder);

  return async () => {
    await Promise.all([work.stop(), live.stop(), codeHost.close(), smtp.close()]);
  };
}
