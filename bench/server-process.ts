/** The product as a server process of its own for the bench: its memory and its event loop are its alone. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freeLoopbackPort } from '../server/src/db/embedded.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
}

/** A number from a process's /proc status (Linux), 0 when the field is missing. */
function statusNumber(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

/** The peak resident memory of a process so far, in MB (Linux). */
export const peakRssMb = (pid: number): number => statusNumber(pid, 'VmHWM') / 1024;

/**
 * How often so far the kernel took the CPU from a process's main thread (its event loop) while it could
 * still run: preempted for another process, not waiting for input (Linux).
 */
export const preemptions = (pid: number): number => statusNumber(pid, 'nonvoluntary_ctxt_switches');

/** The machine's CPU time so far, all cores, in clock ticks: busy and in all (Linux, /proc/stat). */
export function machineCpuTicks(): { busy: number; total: number } {
  // user, nice, system, idle, iowait, irq, softirq, steal (the guest columns after them are part of user
  // and nice already).
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
}

/** The environment of a bench server on `port`: no demo data, scheduled backups or rate limits. */
export function benchServerEnv(env: Record<string, string>, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    BACKUP_SCHEDULE: 'off',
    // The bench's requests back to back are its load, not a flood to stop (16 clients, live's reads
    // during a transfer at L).
    RATE_LIMIT_PER_TOKEN: '0',
    RATE_LIMIT_PER_ADDRESS: '0',
    LOG_LEVEL: env.DEPLOYMENT === 'live' ? 'info' : 'warn',
  };
}

/** Waits until the server that `child` started answers its health check at `url`; fails if it exits first. */
export async function untilHealthy(url: string, child: ChildProcess, what: string) {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    if (child.exitCode !== null || i > 600) throw new Error(`${what} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the compiled product as its own Node process, as production runs it (run.ts builds it first), without demo
 * data, scheduled backups or rate limits. With
 * BENCH_CPU_PROF=<dir>, each server writes a V8 CPU profile there when it stops (issue 14's profiling).
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freeLoopbackPort();
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, 'server/dist/main.js'], {
    cwd: repoRoot,
    env: benchServerEnv(env, port),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, child, `a bench server (${env.DEPLOYMENT})`);
  return { url, child };
}

export async function stopServer(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await new Promise((r) => (server.child.exitCode !== null ? r(null) : server.child.once('exit', r)));
}
