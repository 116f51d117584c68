import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freeLoopbackPort } from '../../../server/src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The product did not become healthy in 90 s:\n${output()}`);
}

/** Starts the whole product as `npm start` does (embedded database, embedded sign-in) on a free port. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dp-e2e-'));
  const port = await freeLoopbackPort();
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', DEPLOYMENT: 'work' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForHealth(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
