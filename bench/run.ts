/**
 * `npm run bench`: loads demo data of size M (or BENCH_SIZE) into a fresh embedded PostgreSQL, starts
 * the real server on loopback and measures the p95 latency of the evaluation calls over HTTP, each
 * beside the p95 of a trivial route of the same server measured in the same run. First it builds the web
 * app and prints the gzipped JavaScript of the first screen (bundle-size.ts). Then, on server processes of
 * their own: issue 14's load figures (scale.ts) and issue 10's database tools (database-tools.ts).
 * Issue 41's history figures (history.ts). Results: a table on stdout and bench/results/<size>.json (M.json, L.json).
 */
import { idOfHref, versionLabelText } from '@dp/contract';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile, percentileOf } from './percentile.js';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/index.js';
import { startTestIssuer, TEST_AUDIENCE } from '../server/test/support/test-issuer.js';
import { measureFirstScreen, summary } from './bundle-size.js';
import { benchDatabaseTools } from './database-tools.js';
import { explainedTime, statementRecorder, type PostgresTime } from './postgres-time.js';
import { benchLabels } from './labels.js';
import { benchOffline } from './offline.js';
import { benchScreens } from './screens.js';
import { benchScale } from './scale.js';
import { benchRuntime } from './runtime.js';
import { benchConsistency, plannerQuestion } from './planner.js';
import { benchHistory, historyRows } from './history.js';
import { benchWatches } from './watches.js';

const size = (process.env.BENCH_SIZE ?? 'M') as 'S' | 'M' | 'L';
const rounds = Number(process.env.BENCH_ROUNDS ?? 300);
const warmup = 30;
/** BENCH_ONLY=offline,screens runs only those sections (the demo data and the server always start). */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const runs = (section: string) => !only || only.includes(section);

const repoRoot = path.resolve(import.meta.dirname, '..');

/** What `npm start` does before the server starts: build the web app and the server if their sources changed. Seconds. */
function buildIfChanged() {
  const start = performance.now();
  const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`scripts/build-if-changed.mjs failed:\n${build.stdout}\n${build.stderr}`);
  const seconds = (performance.now() - start) / 1000;
  console.log(`bench: ${build.stdout.trim().split('\n').at(-1)} (${seconds.toFixed(2)} s)`);
  return seconds;
}

async function main() {
  // Issue 13: before the server starts, so that the build does not share the machine with the measurements.
  // Issue 14: the second time is what a start with nothing changed spends before the server starts.
  buildIfChanged();
  const buildCheckSeconds = buildIfChanged();
  const firstScreen = measureFirstScreen();
  console.log(`bench: ${summary(firstScreen)}`);

  // BENCH_DATA_DIR keeps the seeded database between runs (size L takes minutes to seed).
  const dataDir = process.env.BENCH_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'dp-bench-'));
  const seeded = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  const issuer = await startTestIssuer();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: TEST_AUDIENCE,
    SEED_DEMO_DATA: size,
    // No scheduled backup in the middle of a measurement (nor among the statements recorded for one call).
    BACKUP_SCHEDULE: 'off',
    // The same request 300 times measures the work, not the read cache's copy of its answer (scale.ts
    // measures the cache under load).
    READ_CACHE_MB: '0',
  });
  const seedStart = performance.now();
  const database = await openDatabase(config);
  // Issue 14: the demo data's load time, when this run loaded it (a kept BENCH_DATA_DIR is only opened).
  const demoData = { seeded, seconds: (performance.now() - seedStart) / 1000 };
  console.log(`bench: ${size} demo data ${seeded ? 'loaded' : 'opened'} in ${demoData.seconds.toFixed(1)} s`);
  await sweepBenchWrites(database.pool);
  const recorder = statementRecorder();
  const app = await buildApp({ config, db: database.db, pool: database.pool });
  // The server's own share of each request: Fastify's time from its arrival to the answer's last byte
  // written. The rest of a client's time is the loopback and the client itself (unpacking and parsing a
  // large answer: a full search's 150 kB).
  const serverTimes: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    serverTimes.push(reply.elapsedTime);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  /** Requests as the user of that token; a failed one ends the run. */
  const clientWith = (token: string) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    return async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${address}${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
      return res.json() as Promise<any>;
    };
  };
  const call = clientWith(await issuer.tokenFor('intern', ['intern']));

  // Pick realistic targets from the data itself.
  const systems = await call('GET', '/api/systems/versions');
  const system = systems.find((s: any) => s.versions.length >= 2);
  const assemblyPage = await call('POST', '/api/search/full', { word: 'a' });
  const assemblyHrefs: string[] = assemblyPage.assemblies.map((r: any) => r.href);
  const systemVersion = system.versions[0].href as string;
  const matrixRows = assemblyHrefs.slice(0, 15).map(idOfHref);
  const matrixColumns = assemblyHrefs.slice(15, 35).map(idOfHref);
  const matrixBody = { rowKind: 'assemblies', rows: matrixRows, columnKind: 'assemblies', columns: matrixColumns };
  const deltaPath = `/api/systems/versions/${idOfHref(system.versions[0].href)}/delta/${idOfHref(system.versions[1].href)}`;

  // Issue 43: the planner's question for the system version with the most assemblies (30 of them, 100 sub-assemblies).
  const question = await plannerQuestion(database.pool);
  const plannerParts = `${question.assemblies.length} assemblies, ${question.subassemblies.length} sub-assemblies`;

  // The smart search's results table asks for 50 at a time, the next page as it scrolls.
  const resultsPage = (word: string, after?: string) =>
    call('POST', '/api/search/full/page', { word, limit: 50, ...(after ? { after } : {}) });
  const secondPageOfA2v = (await resultsPage('a2v')).next as string;

  // What people type: each call the next of the words sampled from the data, round and round.
  const words = await typedWords(database.pool);
  let nextWord = 0;
  const typedHint = () => call('POST', '/api/search/hint', { word: words[nextWord++ % words.length] });

  /** A call to measure; `floorCalls` calls share its PostgreSQL floor (their mean), one by default. */
  const cases: Array<[string, () => Promise<unknown>, number?]> = [
    ['hint "conv"', () => call('POST', '/api/search/hint', { word: 'conv' })],
    // Words found everywhere: what a typeahead asks after the first characters of a part number.
    ['hint "a"', () => call('POST', '/api/search/hint', { word: 'a' })],
    ['hint "a2v"', () => call('POST', '/api/search/hint', { word: 'a2v' })],
    // One or two characters, which have no trigram: a letter found in few names, and a pair.
    ['hint "q"', () => call('POST', '/api/search/hint', { word: 'q' })],
    ['hint "ar"', () => call('POST', '/api/search/hint', { word: 'ar' })],
    [`hints for ${words.length} words typed from the data`, typedHint, words.length],
    ['full search "brake"', () => call('POST', '/api/search/full', { word: 'brake' })],
    ['full search "a2v"', () => call('POST', '/api/search/full', { word: 'a2v' })],
    ['results table: "brake", first page', () => resultsPage('brake')],
    ['results table: "a2v", first page', () => resultsPage('a2v')],
    ['results table: "a2v", next page', () => resultsPage('a2v', secondPageOfA2v)],
    // Issue 14: what the assembly browser's version selector asks when it opens and when the user filters.
    ['assembly version selector: first page', () => call('GET', '/api/assemblies/versions/page')],
    ['assembly version selector: filter "brake"', () => call('GET', '/api/assemblies/versions/page?q=brake')],
    ['one system version: system list', () => call('GET', `${systemVersion}/compatibilities/systems`)],
    ['one system version: assembly list', () => call('GET', `${systemVersion}/compatibilities/assemblies`)],
    ['one assembly version: assembly list', () => call('GET', `${assemblyHrefs[0]}/compatibilities/assemblies`)],
    ['one delta', () => call('GET', deltaPath)],
    ['one 15×20 matrix', () => call('POST', '/api/matrix', matrixBody)],
    [`upgrade planner: ${plannerParts}`, () => call('POST', '/api/planner', question)],
    [
      `reverse question: ${plannerParts}`,
      () =>
        call('POST', '/api/planner/systems', {
          assemblies: question.assemblies,
          subassemblies: question.subassemblies,
        }),
    ],
  ];
  const baseline = () => call('GET', '/api/config');

  const measure = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < warmup; i++) await fn();
    serverTimes.length = 0;
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      await fn();
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b);
  };

  const results = [];
  for (const [name, fn, floorCalls = 1] of runs('calls') ? cases : []) {
    // The baseline is measured right beside each case, so both see the same machine load.
    const base = await measure(baseline);
    const times = await measure(fn);
    // Before the floor's calls below add theirs.
    const serverP95 = percentileOf(serverTimes, 95);
    // The query floor: what PostgreSQL itself spends on the statements of one such call.
    const statements = await recorder.record(async () => {
      for (let i = 0; i < floorCalls; i++) await fn();
    });
    const postgres = perCall(await explainedTime(database.pool, statements), floorCalls);
    results.push({
      name,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      serverP95,
      baselineP95: percentile(base, 95),
      postgres,
    });
  }
  recorder.restore();

  // Issue 14: the API data the assembly browser's version selector needs to open, paged and unpaged.
  const jsonBytes = async (url: string) => JSON.stringify(await call('GET', url)).length;
  const versionSelectorBytes = {
    firstPage: await jsonBytes('/api/assemblies/versions/page'),
    everyVersion: await jsonBytes('/api/assemblies/versions'),
  };
  console.log(
    `\nassembly version selector opens with ${(versionSelectorBytes.firstPage / 1000).toFixed(1)} kB of JSON (one page); every assembly version would be ${(versionSelectorBytes.everyVersion / 1000).toFixed(1)} kB`,
  );

  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(`\nsize ${size}, ${rounds} requests each over HTTP on loopback, sequential\n`);
  console.log(
    row([
      'call',
      'p50 ms',
      'p95 ms',
      'server p95 ms',
      'trivial route p95 ms',
      'PostgreSQL ms: execution + planning (statements)',
    ]),
  );
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:']));
  for (const r of results) {
    const { executionMs, planningMs, statements } = r.postgres;
    console.log(
      row([
        r.name,
        r.p50.toFixed(2),
        r.p95.toFixed(2),
        r.serverP95.toFixed(2),
        r.baselineP95.toFixed(2),
        `${executionMs.toFixed(2)} + ${planningMs.toFixed(2)} (${Number.isInteger(statements) ? statements : statements.toFixed(2)})`,
      ]),
    );
  }
  // Issue 4: one relation table save of 500 changed rows (one transaction, audited), created and then
  // changed, beside the same trivial route.
  const admin = clientWith(await issuer.tokenFor('admin', ['admin']));
  const infos = await admin('GET', '/api/compatibility_infos');
  const freshSystem = await admin('POST', '/api/systems', { name: `Bench System ${Date.now()}` });
  const freshVersion = await admin('POST', `${freshSystem.href}/versions`, { name: '1.0' });
  const targets = assemblyHrefs.slice(0, 500).map(idOfHref);
  const batch = (info: { href: string }) => ({
    rows: targets.map((id) => ({ to_id: id, compatibility_info: { href: info.href } })),
  });
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  // Issue 10: a backup before these writes, for the delta report of the database tools below.
  const backupBefore = (await admin('POST', '/api/backups', {})).name as string;
  const writes = {
    rows: targets.length,
    createMs: await timed(() => admin('PUT', `${freshVersion.href}/compatibilities/assemblies`, batch(infos[0]))),
    changeMs: await timed(() => admin('PUT', `${freshVersion.href}/compatibilities/assemblies`, batch(infos[1]))),
    baselineP95: percentile(await measure(baseline), 95),
  };
  console.log(
    `\nsaving ${writes.rows} changed rows of one relation table (one transaction, audited): created in ${writes.createMs.toFixed(0)} ms, changed in ${writes.changeMs.toFixed(0)} ms (trivial route p95 ${writes.baselineP95.toFixed(2)} ms)`,
  );

  // Issue 43: the consistency check (all six rules), with one version's list read beside it.
  const consistency = runs('consistency')
    ? await benchConsistency(
        () => admin('GET', '/api/consistency'),
        () => call('GET', `${systemVersion}/compatibilities/assemblies`),
      )
    : undefined;
  if (consistency)
    console.log(
      `consistency check (six rules): ${consistency.seconds.toFixed(2)} s (mean of ${consistency.runs}); one version's list beside it p99 ${consistency.readsDuringP99.toFixed(2)} ms against ${consistency.readsIdleP99.toFixed(2)} ms idle (${(consistency.readsDuringP99 / consistency.readsIdleP99).toFixed(2)}×)`,
    );

  // Issue 14: throughput with 16 clients, each screen's opening data, reads under writes, peak memory.
  const assemblyVersion = await call('GET', assemblyHrefs[0]!);
  const scale = !runs('scale')
    ? undefined
    : await benchScale({
        connectionString: database.connectionString,
        issuer,
        audience: TEST_AUDIENCE,
        targets: {
          systemVersion,
          systemLabel: versionLabelText({ ...system.versions[0], parent_name: system.name }),
          assemblyVersion: assemblyHrefs[0]!,
          assemblyLabel: versionLabelText(assemblyVersion),
          systemId: idOfHref(system.href),
          assemblyId: idOfHref(assemblyVersion.parent.href),
          deltaPath,
          matrixBody,
          writeVersion: freshVersion.href,
          writeRows: targets,
          infoHrefs: [infos[0].href, infos[1].href],
        },
      });

  if (scale)
    console.log(
      `a start with nothing changed: ${buildCheckSeconds.toFixed(2)} s to find the sources of the web app and the server unchanged, then ${scale.serverStartSeconds.toFixed(2)} s to a healthy server`,
    );

  // Issue 45: the processes of `npm start` and their memory; the bulk listings streamed.
  const runtime = !runs('runtime')
    ? undefined
    : await benchRuntime({ connectionString: database.connectionString, issuer, audience: TEST_AUDIENCE });

  // Issue 10: backup, delta report, XLSX report and transfer, on work and live servers of their own.
  const databaseTools = !runs('database-tools')
    ? undefined
    : await benchDatabaseTools({
        connectionString: database.connectionString,
        issuer,
        audience: TEST_AUDIENCE,
        backupBefore,
        readPath: `${systemVersion}/compatibilities/assemblies`,
      });

  // Issue 42: a transfer to watched versions, the notification list, a save beside 1,000 watches (prints its rows).
  const watches = !runs('watches')
    ? undefined
    : await benchWatches({
        connectionString: database.connectionString,
        issuer,
        audience: TEST_AUDIENCE,
        readPath: `${systemVersion}/compatibilities/assemblies`,
        writeVersion: freshVersion.href,
        writeRows: targets,
        infoHrefs: [infos[0].href, infos[1].href],
        rounds,
      });

  // Issue 14: every screen opened in Chromium, until it is interactive.
  const screens = runs('screens') ? await benchScreens(database.connectionString) : [];
  console.log(
    `\nevery screen opened in Chromium (admin, a full page load), until its API calls answered, no loader shows and its main thread is free:\n`,
  );
  console.log(row(['screen', 'interactive after ms', 'API calls', 'API kB sent']));
  console.log(row(['---', '---:', '---:', '---:']));
  for (const s of screens)
    console.log(
      row([
        s.path,
        s.interactiveMs === null ? 'did not settle' : s.interactiveMs.toFixed(0),
        String(s.apiCalls),
        s.apiKb.toFixed(1),
      ]),
    );

  // Issue 44: 2,000 labels in one PDF, beside the trivial route of this run.
  const labels = runs('labels')
    ? await benchLabels(
        address,
        await issuer.tokenFor('intern', ['intern']),
        database.pool,
        percentile(await measure(baseline), 95),
      )
    : undefined;
  if (labels)
    console.log(
      `\nlabels: ${labels.labels} different versions on A4 3 × 8 in ${labels.seconds.map((s) => s.toFixed(1)).join(' / ')} s, one version ${labels.labels} times in ${labels.oneVersionSeconds.map((s) => s.toFixed(1)).join(' / ')} s, PDF ${labels.pdfMb.toFixed(1)} MB (trivial route p95 ${labels.baselineP95.toFixed(2)} ms)`,
    );

  // Issue 44: 20 systems saved for offline use, and the app shell opened without network.
  const offline = runs('offline') ? await benchOffline(database.connectionString) : undefined;
  if (offline) {
    console.log(`\noffline reading (intern, Chromium):\n`);
    console.log(row(['figure', 'value']));
    console.log(row(['---', '---:']));
    console.log(row([`saving ${offline.systems} systems, s`, offline.saveSeconds.toFixed(1)]));
    console.log(row(['saved answers, MB', offline.savedMb.toFixed(1)]));
    console.log(row(['origin storage (IndexedDB + app shell), MB', offline.storageMb.toFixed(1)]));
    console.log(row(['app shell opening offline, ms', offline.shellOfflineMs.toFixed(0)]));
  }

  // Issue 41: reads in the past, the history's answers and screens, writes with and without it, its size, a restore.
  const history = !runs('history')
    ? undefined
    : await benchHistory({
        pool: database.pool,
        connectionString: database.connectionString,
        issuer,
        audience: TEST_AUDIENCE,
        call,
        admin,
        measure,
        readPath: `${systemVersion}/compatibilities/assemblies`,
        writeVersion: freshVersion.href,
        writeRows: targets,
        infoHrefs: [infos[0].href, infos[1].href],
      });
  if (history) {
    console.log(`\nhistory (issue 41):\n`);
    console.log(row(['figure', 'value', 'floor', 'goal']));
    console.log(row(['---', '---:', '---:', '---']));
    for (const cells of historyRows(history)) console.log(row(cells));
  }

  const outDir = path.join(import.meta.dirname, 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    // A partial run does not overwrite the full run's figures.
    path.join(outDir, only ? `${size}-${only.join('-')}.json` : `${size}.json`),
    JSON.stringify(
      {
        size,
        rounds,
        at: new Date().toISOString(),
        firstScreen,
        buildCheckSeconds,
        demoData,
        results,
        versionSelectorBytes,
        writes,
        consistency,
        scale,
        runtime,
        databaseTools,
        watches,
        screens,
        offline,
        labels,
        history,
      },
      null,
      2,
    ),
  );

  await sweepBenchWrites(database.pool);
  await app.close();
  await issuer.close();
  await database.close();
  if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * What people type into the search box, from the data itself: the first 2, 3, 4 and 6 characters of
 * words in item names (60) and the first 3 and 5 of version numbers (20), the same each run on the same data.
 * Matches of such words sit where the data puts them, not where a chosen word's do: at L the old walks
 * took some of them over 100 ms while every benched word took under 30.
 */
async function typedWords(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ word: string }>(`
    (select word from (
       select distinct lower(left(part, length)) as word
       from (select unnest(string_to_array(name, ' ')) as part from items tablesample system (2) repeatable (7)) p,
            unnest(array[2, 3, 4, 6]) as length
       where length(part) >= length and part ~ '^[A-Za-z0-9-]+$') w
     order by md5(word) limit 60)
    union all
    (select word from (
       select distinct lower(left(name, length)) as word
       from versions tablesample system (1) repeatable (3), unnest(array[3, 5]) as length
       where length(name) >= length) w
     order by md5(word) limit 20)`);
  return rows.map((r) => r.word);
}

/** PostgreSQL's time for `calls` calls, as the mean of one. */
function perCall(time: PostgresTime, calls: number): PostgresTime {
  return {
    statements: time.statements / calls,
    executionMs: time.executionMs / calls,
    planningMs: time.planningMs / calls,
  };
}

/**
 * Removes what the bench's writes leave in a kept database (BENCH_DATA_DIR): the systems it creates, their
 * versions and compatibilities (it relates them to nothing else), and the audit entries about them. A run saves some 150 × 500 rows; with
 * them kept, the audit log grew by 75,000 entries a run and every later run's saves and reads ran on a
 * bigger database than the one before. Before and after each run, so an interrupted run is swept too.
 */
async function sweepBenchWrites(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const items = await client.query<{ id: number }>(
      `select id from items where kind = 'system' and name like 'Bench System %'`,
    );
    const itemIds = items.rows.map((r) => r.id);
    const versions = await client.query<{ id: number }>('select id from versions where item_id = any($1)', [itemIds]);
    const versionIds = versions.rows.map((r) => r.id);
    // Items and versions are named by their id in the audit log, compatibilities by their path.
    await client.query(
      `delete from audit_log
        where (entity = 'system' and entity_id = any($1::text[]))
           or (entity = 'system_version' and entity_id = any($2::text[]))
           or (entity = 'compatibility' and entity_id like any($3))`,
      [itemIds.map(String), versionIds.map(String), versionIds.map((id) => `/api/systems/versions/${id}/%`)],
    );
    await client.query('delete from compatibilities where from_version_id = any($1) or to_version_id = any($1)', [
      versionIds,
    ]);
    await client.query('delete from versions where id = any($1)', [versionIds]);
    await client.query('delete from items where id = any($1)', [itemIds]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
