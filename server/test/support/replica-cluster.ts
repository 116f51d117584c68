import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '../../src/db/embedded.js';

/**
 * Debian's PostgreSQL as a primary plus a streaming replica made with `pg_basebackup -R`, each its own
 * server on loopback in a throw-away folder, for the read-replica tests. `.ci/run` installs the package
 * (`apt-get install postgresql`).
 */
export function debianPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica alone, as an outage would. */
  stopReplica(): void;
  stop(): void;
}

export async function startPrimaryWithReplica(bin: string): Promise<ReplicaCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-replica-'));
  // PostgreSQL refuses to run as root: as root, the servers run as Debian's `postgres` user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  const start = (dataDir: string, port: number) =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
      '-l',
      `${dataDir}.log`,
      '-w',
      'start',
    ]);
  const stop = () => {
    for (const dataDir of [replicaDir, primaryDir]) {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // Not started, or already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // initdb's trust rules include replication connections from loopback, which pg_basebackup uses.
    run('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres']);
    start(primaryDir, primaryPort);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R']);
    start(replicaDir, replicaPort);
  } catch (err) {
    stop();
    throw err;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: () => run('pg_ctl', ['-D', replicaDir, '-m', 'immediate', 'stop']),
    stop,
  };
}
