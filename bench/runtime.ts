/**
 * Issue 45's figures: the product as `npm start` runs it (its processes and their memory, and a start with
 * nothing changed), and the bulk listings streamed from a cursor (the server's memory while one, and two
 * at once, are read to their end).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '../server/src/db/embedded.js';
import { percentileOf } from './percentile.js';
import { benchServerEnv, peakRssMb, startServer, stopServer, untilHealthy } from './server-process.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Starts timed of the product and of the floor each, one after the other: their medians are reported. */
const STARTS = 3;

interface Options {
  connectionString: string;
  issuer: { issuer: string; tokenFor(user: string, roles: string[]): Promise<string> };
  audience: string;
}

/** A process's resident memory now, in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** `pid` and every process below it, with their command names (Linux). */
function processTree(pid: number): Array<{ pid: number; command: string }> {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The command name is in parentheses and may hold spaces; the parent's pid follows the state.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree: number[] = [];
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(parents.get(next) ?? []));
  }
  return tree.map((p) => ({
    pid: p,
    command: readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 3).join(' '),
  }));
}

/**
 * `npm start` in the repository, timed from its launch until GET /api/health answers; left running. With
 * `scriptShell`, npm runs the start script with that shell instead of sh (the floor's).
 */
async function timedStart(env: NodeJS.ProcessEnv, scriptShell?: string) {
  const port = await freeLoopbackPort();
  const startedAt = performance.now();
  const npm = spawn('npm', ['start', ...(scriptShell ? [`--script-shell=${scriptShell}`] : [])], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await untilHealthy(`http://127.0.0.1:${port}`, npm, 'npm start');
  return { npm, seconds: (performance.now() - startedAt) / 1000 };
}

/** SIGTERM to npm, as a terminal's Ctrl-C or a service manager would send it; its exit code. */
async function stopStart(npm: ChildProcess) {
  npm.kill('SIGTERM');
  return new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
}

export async function benchRuntime({ connectionString, issuer, audience }: Options) {
  const env = {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: audience,
    DATABASE_URL: connectionString,
    DEPLOYMENT: 'work',
  };
  const intern = { authorization: `Bearer ${await issuer.tokenFor('intern', ['intern'])}` };

  // `npm start` as a person types it, with nothing changed since the last build and the embedded OpenID
  // provider as the README's start has it (only the database is this run's, DATABASE_URL: its data
  // folder is in use): its processes once the server answers, and their memory beside the server's own.
  const {
    OIDC_ISSUER: _issuer,
    OIDC_CLIENT_ID: _client,
    OIDC_AUDIENCE: _audience,
    ...startEnv
  } = benchServerEnv({ DATABASE_URL: connectionString, DEPLOYMENT: 'work' }, 0);
  // The floor: what no server code can save, npm and a shell handing over to a bare Node HTTP server that
  // answers at once. npm runs the start script as `<shell> -c <script>`; this shell ignores the script.
  const floorDir = mkdtempSync(path.join(os.tmpdir(), 'dp-start-floor-'));
  const floorShell = path.join(floorDir, 'floor.sh');
  writeFileSync(
    floorShell,
    `#!/bin/sh\nexec node -e 'require("node:http").createServer((_, res) => res.end("{}")).listen(Number(process.env.PORT), process.env.HOST)'\n`,
    { mode: 0o755 },
  );
  const startSeconds: number[] = [];
  const floorSeconds: number[] = [];
  let processes: Array<{ pid: number; command: string; rssMb: number }> = [];
  let exitCode: number | null = null;
  for (let i = 0; i < STARTS; i++) {
    const floor = await timedStart(startEnv, floorShell);
    floorSeconds.push(floor.seconds);
    await stopStart(floor.npm);
    const start = await timedStart(startEnv);
    startSeconds.push(start.seconds);
    processes = processTree(start.npm.pid!).map((p) => ({ ...p, rssMb: rssMb(p.pid) }));
    // It reaches the server.
    exitCode = await stopStart(start.npm);
  }
  rmSync(floorDir, { recursive: true, force: true });
  const server = processes.at(-1)!;
  const launchersMb = processes.slice(0, -1).reduce((sum, p) => sum + p.rssMb, 0);
  const seconds = (values: number[]) => values.map((s) => s.toFixed(2)).join(' / ');
  console.log(
    `\n\`npm start\` with nothing changed: healthy after ${seconds(startSeconds)} s (median ${percentileOf(startSeconds, 50).toFixed(2)} s); floor (npm, sh and a bare Node HTTP server) ${seconds(floorSeconds)} s (median ${percentileOf(floorSeconds, 50).toFixed(2)} s); its processes:`,
  );
  for (const p of processes) console.log(`  ${p.pid} ${p.command}: ${p.rssMb.toFixed(0)} MB`);
  console.log(`  launchers beside the server: ${launchersMb.toFixed(0)} MB; SIGTERM to npm → exit ${exitCode}`);

  // The bulk listings, read to their end as a client that accepts brotli reads them: the server's memory
  // above what it held before, sampled every 20 ms.
  const listing = await startServer(env);
  const pid = listing.child.pid!;
  const read = (url: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${listing.url}${url}`, { headers: { ...intern, 'accept-encoding': 'br' } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} → ${res.statusCode}`)),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
  await read('/api/systems/versions');
  const sampled = async (urls: string[]) => {
    const before = rssMb(pid);
    let highest = before;
    const sampler = setInterval(() => (highest = Math.max(highest, rssMb(pid))), 20);
    const started = performance.now();
    const sent = await Promise.all(urls.map(read));
    clearInterval(sampler);
    return {
      seconds: (performance.now() - started) / 1000,
      packedMb: sent.reduce((a, b) => a + b, 0) / 1e6,
      growthMb: highest - before,
      rssMb: highest,
    };
  };
  const largest = '/api/assemblies/versions/compatibilities/subassemblies';
  const one = await sampled([largest]);
  const two = await sampled([largest, '/api/assemblies/versions']);
  const peakMb = peakRssMb(pid);
  await stopServer(listing);
  console.log(
    `${largest}, streamed: ${one.packedMb.toFixed(1)} MB brotli in ${one.seconds.toFixed(1)} s, server memory +${one.growthMb.toFixed(0)} MB (to ${one.rssMb.toFixed(0)} MB)`,
  );
  console.log(
    `two listings at once (that and /api/assemblies/versions): ${two.seconds.toFixed(1)} s, server memory +${two.growthMb.toFixed(0)} MB (to ${two.rssMb.toFixed(0)} MB); peak ${peakMb.toFixed(0)} MB`,
  );

  return {
    start: {
      seconds: percentileOf(startSeconds, 50),
      runs: startSeconds,
      floorSeconds: percentileOf(floorSeconds, 50),
      floorRuns: floorSeconds,
      processes,
      launchersMb,
      serverMb: server.rssMb,
      exitCode,
    },
    listings: { one, two, peakMb },
  };
}
