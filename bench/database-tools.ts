/**
 * Issue 10's figures: a backup, the delta report in both formats, the XLSX report of all systems, and
 * a transfer of the actual state to a live instance while a client reads on live (live's read p99
 * beside its idle p99). Work and live run as server processes of their own, as in production, so the
 * peak memory of each (VmHWM) is the server's alone, not the bench's that seeded the data.
 */
import { percentile } from './percentile.js';
import pg from 'pg';
import { peakRssMb, startServer, stopServer } from './server-process.js';
import { createDb } from '../server/src/db/connection.js';
import { runMigrations } from '../server/src/db/migrate.js';

interface Options {
  /** The bench's database (work's data). */
  connectionString: string;
  issuer: { issuer: string; tokenFor(user: string, roles: string[]): Promise<string> };
  audience: string;
  /** A backup taken before the bench's writes: the delta report compares it with a backup taken after them. */
  backupBefore: string;
  /** What a user reads on live while it is replaced: one system version's assembly list. */
  readPath: string;
}

const TOKEN = 'bench-transfer-token-of-at-least-32-characters';

export async function benchDatabaseTools({ connectionString, issuer, audience, backupBefore, readPath }: Options) {
  const oidc = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'bench', OIDC_AUDIENCE: audience, TRANSFER_TOKEN: TOKEN };
  const liveName = `bench_live_${Date.now()}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(liveName)}`);
  const liveUrl = new URL(connectionString);
  liveUrl.pathname = `/${liveName}`;
  const migrating = createDb(liveUrl.toString());
  await runMigrations(migrating.db);
  await migrating.close();

  const live = await startServer({ ...oidc, DEPLOYMENT: 'live', DATABASE_URL: liveUrl.toString() });
  const work = await startServer({
    ...oidc,
    DEPLOYMENT: 'work',
    DATABASE_URL: connectionString,
    LIVE_URL: live.url,
    // One admin transfers at once: the bench times the transfer, not a request waiting for a second admin.
    PUBLISH_APPROVAL: 'off',
  });
  const adminAuth = { authorization: `Bearer ${await issuer.tokenFor('admin', ['admin'])}` };
  const reader = { authorization: `Bearer ${await issuer.tokenFor('intern', ['intern'])}` };

  /** One call to work, its body read to the end and counted, never held. */
  const call = async (method: string, url: string, body?: unknown) => {
    const start = performance.now();
    const res = await fetch(`${work.url}${url}`, {
      method,
      headers: body === undefined ? adminAuth : { ...adminAuth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let bytes = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of res.body ?? []) {
      bytes += chunk.length;
      if (bytes < 100_000) chunks.push(Buffer.from(chunk));
    }
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${Buffer.concat(chunks).toString().slice(0, 300)}`);
    return {
      seconds: (performance.now() - start) / 1000,
      bytes,
      json: () => JSON.parse(Buffer.concat(chunks).toString()),
    };
  };

  const backup = await call('POST', '/api/backups');
  const backupAfter = backup.json().name as string;
  const pdf = await call('POST', '/api/dumps', { bkp1: backupBefore, bkp2: backupAfter, type: 'pdf' });
  const html = await call('POST', '/api/dumps', { bkp1: backupBefore, bkp2: backupAfter, type: 'html' });
  const xlsx = await call('POST', '/api/reports/systems/assemblies', { type: 'xls' });
  // The demo data holds a deliberate consistency error (issue 43), published anyway.
  // Live starts empty; fill it once so the timed transfer replaces a whole state, as in production.
  const first = await call('POST', '/api/db/uploads', { to: 'www', bkp: backupAfter, accept_findings: true });

  const readOnce = async () => {
    const start = performance.now();
    const res = await fetch(`${live.url}${readPath}`, { headers: reader });
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
  const transfer = await call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', accept_findings: true });
  reading = false;
  await loop;
  idle.sort((a, b) => a - b);
  during.sort((a, b) => a - b);

  const result = {
    backupSeconds: backup.seconds,
    backupMb: (backup.json().size as number) / 2 ** 20,
    deltaPdf: { seconds: pdf.seconds, kib: pdf.bytes / 1024 },
    deltaHtml: { seconds: html.seconds, kib: html.bytes / 1024 },
    xlsxAllSystems: { seconds: xlsx.seconds, mib: xlsx.bytes / 2 ** 20 },
    firstTransferSeconds: first.seconds,
    transferSeconds: transfer.seconds,
    liveReadsDuring: during.length,
    liveReadP99IdleMs: percentile(idle, 99),
    liveReadP99DuringMs: percentile(during, 99),
    workPeakRssMb: peakRssMb(work.child.pid!),
    livePeakRssMb: peakRssMb(live.child.pid!),
  };
  const f = (n: number) => n.toFixed(1);
  console.log(`\ndatabase tools (work and live as server processes of their own):`);
  console.log(`  backup: ${f(result.backupSeconds)} s (${result.backupMb.toFixed(0)} MB in PostgreSQL)`);
  console.log(
    `  delta report between two backups: PDF ${f(pdf.seconds)} s (${result.deltaPdf.kib.toFixed(0)} KiB), HTML ${f(html.seconds)} s (${result.deltaHtml.kib.toFixed(0)} KiB)`,
  );
  console.log(
    `  XLSX report of all systems (admin): ${f(xlsx.seconds)} s (${result.xlsxAllSystems.mib.toFixed(1)} MiB)`,
  );
  console.log(
    `  transfer of the actual state to live (backup + stream + atomic swap): ${f(transfer.seconds)} s (the first, into an empty live: ${f(first.seconds)} s)`,
  );
  console.log(
    `  live read p99 during the transfer ${result.liveReadP99DuringMs.toFixed(0)} ms over ${during.length} reads (idle p99 ${f(result.liveReadP99IdleMs)} ms)`,
  );
  console.log(
    `  peak server memory: work ${result.workPeakRssMb.toFixed(0)} MB, live ${result.livePeakRssMb.toFixed(0)} MB`,
  );

  for (const server of [work, live]) await stopServer(server);
  await admin.query(`drop database ${pg.escapeIdentifier(liveName)} with (force)`);
  await admin.end();
  return result;
}
