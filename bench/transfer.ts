/**
 * Issue 10's figures for backups and transfers: the time of one backup, and of a transfer of the
 * actual state from a work instance to a live instance (its own database on the same PostgreSQL
 * server) while a client reads on live, with live's read p99 beside its idle p99, and the peak RSS
 * of this process, which runs both instances.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/connection.js';
import { runMigrations } from '../server/src/db/migrate.js';

interface Options {
  /** The bench's database server and database (work's data). */
  connectionString: string;
  issuer: { issuer: string; tokenFor(user: string, roles: string[]): Promise<string> };
  audience: string;
  dataDir: string;
}

const TOKEN = 'bench-transfer-token-of-at-least-32-characters';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function benchTransfer({ connectionString, issuer, audience, dataDir }: Options) {
  const common = { DATA_DIR: dataDir, OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'bench', OIDC_AUDIENCE: audience, BACKUP_SCHEDULE: 'off', SEED_DEMO_DATA: 'false' };
  const liveName = `bench_live_${Date.now()}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(liveName)}`);
  const liveUrl = new URL(connectionString);
  liveUrl.pathname = `/${liveName}`;
  const liveDb = createDb(liveUrl.toString());
  await runMigrations(liveDb.db);
  const live = await buildApp({ config: loadConfig({ ...common, DEPLOYMENT: 'live', TRANSFER_TOKEN: TOKEN, DATABASE_URL: liveUrl.toString() }), db: liveDb.db, pool: liveDb.pool });
  await live.listen({ port: 0, host: '127.0.0.1' });
  const liveAddress = `http://127.0.0.1:${(live.server.address() as AddressInfo).port}`;

  const workDb = createDb(connectionString);
  const work = await buildApp({
    config: loadConfig({ ...common, DEPLOYMENT: 'work', TRANSFER_TOKEN: TOKEN, LIVE_URL: liveAddress, DATABASE_URL: connectionString }),
    db: workDb.db,
    pool: workDb.pool,
  });
  const adminHeaders = { authorization: `Bearer ${await issuer.tokenFor('admin', ['admin'])}` };
  const reader = { authorization: `Bearer ${await issuer.tokenFor('intern', ['intern'])}` };
  const timed = async <T>(fn: () => Promise<T>) => {
    const start = performance.now();
    const value = await fn();
    return { value, seconds: (performance.now() - start) / 1000 };
  };

  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);

  const backup = await timed(() => work.inject({ method: 'POST', url: '/api/backups', headers: adminHeaders }));
  if (backup.value.statusCode !== 201) throw new Error(`backup → ${backup.value.statusCode} ${backup.value.body}`);

  // Live starts empty; fill it once so the timed transfer replaces a whole state, as in production.
  const first = await timed(() => work.inject({ method: 'POST', url: '/api/db/uploads', headers: adminHeaders, payload: { to: 'www', bkp: backup.value.json().name } }));
  if (first.value.statusCode !== 200) throw new Error(`transfer → ${first.value.statusCode} ${first.value.body}`);

  const readOnce = async () => {
    const start = performance.now();
    const res = await fetch(`${liveAddress}/api/references`, { headers: reader });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`live read → ${res.status}`);
    return performance.now() - start;
  };
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await readOnce());
  let reading = true;
  const during: number[] = [];
  const loop = (async () => {
    while (reading) during.push(await readOnce());
  })();
  const transfer = await timed(() => work.inject({ method: 'POST', url: '/api/db/uploads', headers: adminHeaders, payload: { to: 'www', bkp: 'actual' } }));
  reading = false;
  await loop;
  clearInterval(sampler);
  if (transfer.value.statusCode !== 200) throw new Error(`transfer → ${transfer.value.statusCode} ${transfer.value.body}`);
  idle.sort((a, b) => a - b);
  during.sort((a, b) => a - b);

  const result = {
    backupSeconds: backup.seconds,
    backupBytes: backup.value.json().size as number,
    firstTransferSeconds: first.seconds,
    transferSeconds: transfer.seconds,
    liveReadsDuring: during.length,
    liveReadP99IdleMs: percentile(idle, 99),
    liveReadP99DuringMs: percentile(during, 99),
    peakRssMb: peak / 2 ** 20,
  };
  console.log(
    `\nbackup: ${result.backupSeconds.toFixed(1)} s (${(result.backupBytes / 2 ** 20).toFixed(0)} MB in PostgreSQL); ` +
      `transfer of the actual state to live (backup + stream + atomic swap): ${result.transferSeconds.toFixed(1)} s (first, into an empty live: ${result.firstTransferSeconds.toFixed(1)} s); ` +
      `live read p99 ${result.liveReadP99DuringMs.toFixed(0)} ms during it over ${result.liveReadsDuring} reads (idle p99 ${result.liveReadP99IdleMs.toFixed(1)} ms); ` +
      `peak RSS of the process running both instances ${result.peakRssMb.toFixed(0)} MB`,
  );

  await work.close();
  await live.close();
  await workDb.close();
  await liveDb.close();
  await admin.query(`drop database ${pg.escapeIdentifier(liveName)} with (force)`);
  await admin.end();
  return result;
}
