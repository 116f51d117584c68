/**
 * Issue 42's figures, on work and live server processes of their own: a transfer of 10,000 changed
 * compatibilities to a live with 1,000 watchers (100 of them affected) beside the same transfer with no
 * watcher, and one version's list read on live meanwhile beside its idle p99; GET /api/notifications with
 * 10,000 notifications for the user beside the trivial route; a 500-row save on work with 1,000 watches
 * of other versions beside the same save with no watch at all.
 */
import { idOfHref } from '@dp/contract';
import http from 'node:http';
import pg from 'pg';
import { percentile } from './percentile.js';
import { startServer, stopServer } from './server-process.js';
import { createDb } from '../server/src/db/connection.js';
import { runMigrations } from '../server/src/db/migrate.js';

interface Options {
  /** The bench's database (work's data). */
  connectionString: string;
  issuer: { issuer: string; tokenFor(user: string, roles: string[]): Promise<string> };
  audience: string;
  /** What a user reads on live while the transfer arrives: one system version's assembly list. */
  readPath: string;
  /** A version whose assembly list the saves write, its 500 partners and the two obligation texts they alternate. */
  writeVersion: string;
  writeRows: number[];
  infoHrefs: [string, string];
  rounds: number;
}

const TOKEN = 'bench-transfer-token-of-at-least-32-characters';
const CHANGED = 10_000;
const WATCHERS = 1_000;
const AFFECTED = 100;
const NOTIFICATIONS = 10_000;
/** Every watcher and notification the bench adds is theirs, so a kept database is swept by this prefix. */
const PREFIX = 'bench-watcher-';
const READER = `${PREFIX}reader`;

export async function benchWatches(options: Options) {
  const { connectionString, issuer, audience } = options;
  const oidc = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'bench', OIDC_AUDIENCE: audience, TRANSFER_TOKEN: TOKEN };
  const work = new pg.Client({ connectionString });
  await work.connect();
  await sweep(work);
  const liveName = `bench_watch_live_${Date.now()}`;
  await work.query(`create database ${pg.escapeIdentifier(liveName)}`);
  const liveUrl = new URL(connectionString);
  liveUrl.pathname = `/${liveName}`;
  const migrating = createDb(liveUrl.toString());
  await runMigrations(migrating.db);
  await migrating.close();
  const liveDb = new pg.Client({ connectionString: liveUrl.toString() });
  await liveDb.connect();

  // Live's reads computed each time (no read cache), so idle and during measure the same work.
  const liveServer = await startServer({
    ...oidc,
    DEPLOYMENT: 'live',
    DATABASE_URL: liveUrl.toString(),
    READ_CACHE_MB: '0',
  });
  // No four-eyes request: the bench times the transfer itself.
  const workServer = await startServer({
    ...oidc,
    DEPLOYMENT: 'work',
    DATABASE_URL: connectionString,
    LIVE_URL: liveServer.url,
    PUBLISH_APPROVAL: 'off',
  });

  // node:http, not fetch: fetch gives up after 300 s without an answer, and the first transfer into an
  // empty live takes longer at L.
  const request = (base: string, token: string, method: string, url: string, body?: unknown) =>
    new Promise<string>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = {
        authorization: `Bearer ${token}`,
        ...(payload && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
      };
      http
        .request(`${base}${url}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if ((res.statusCode ?? 500) < 300) resolve(text);
            else reject(new Error(`${method} ${url} → ${res.statusCode} ${text.slice(0, 300)}`));
          });
        })
        .on('error', reject)
        .end(payload);
    });
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };

  // 1. The transfer. Live starts empty; fill it once, so each timed transfer changes only the chosen rows.
  const transferNow = async () =>
    request(workServer.url, await issuer.tokenFor('admin', ['admin']), 'POST', '/api/db/uploads', {
      to: 'www',
      bkp: 'actual',
      accept_findings: true,
    });
  await transferNow();
  const chosen = await liveDb.query<{ id: number }>('select id from compatibilities order by md5(id::text) limit $1', [
    CHANGED,
  ]);
  const changedIds = chosen.rows.map((r) => r.id);
  /** Live's chosen rows take another state than work's, so the next transfer changes each of them back. */
  const divergeLive = () =>
    liveDb.query(
      `update compatibilities c set compatibility_info_id = (
         select ci.id from compatibility_infos ci, compatibility_infos cur
          where cur.id = c.compatibility_info_id
            and (ci.compatibility_status, ci.obligation) is distinct from (cur.compatibility_status, cur.obligation)
          order by ci.id limit 1)
        where c.id = any($1)`,
      [changedIds],
    );
  const readerToken = await issuer.tokenFor('intern', ['intern']);
  const readOnce = () => timed(() => request(liveServer.url, readerToken, 'GET', options.readPath));
  const notificationCount = async () =>
    Number((await liveDb.query<{ n: string }>('select count(*) as n from notifications')).rows[0]!.n);

  /** One timed transfer with live's reads beside it, until live holds `expected` notifications. */
  const transferWithReads = async (expected: number) => {
    const idle: number[] = [];
    for (let i = 0; i < options.rounds; i++) idle.push(await readOnce());
    let reading = true;
    const during: number[] = [];
    const reads = (async () => {
      while (reading) during.push(await readOnce());
    })();
    const transferMs = await timed(transferNow);
    // The triggers write in the transfer's own transaction: the count should be final at its answer.
    const answeredAt = performance.now();
    let notifications = await notificationCount();
    while (notifications < expected && performance.now() - answeredAt < 60_000) {
      await new Promise((r) => setTimeout(r, 20));
      notifications = await notificationCount();
    }
    const untilWrittenMs = performance.now() - answeredAt;
    reading = false;
    await reads;
    idle.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    return {
      transferSeconds: transferMs / 1000,
      notifications,
      untilWrittenMs,
      readsDuring: during.length,
      readP99IdleMs: percentile(idle, 99),
      readP99DuringMs: percentile(during, 99),
    };
  };
  // The floor: the same transfer to a live nobody watches.
  await divergeLive();
  const unwatched = await transferWithReads(0);
  // Before the watchers exist, so that only the transfer tells them anything.
  await divergeLive();

  // 100 watchers of versions among the changed rows, 900 of versions no changed row names.
  await liveDb.query(
    `with changed as (select from_version_id, to_version_id from compatibilities where id = any($1)),
          named as (select v, count(*) as rows from (select from_version_id as v from changed
                                                      union all select to_version_id from changed) x group by v),
          -- The versions most changed rows name: the most notifications the transfer can write for 100 watchers.
          hit as (select v from named order by rows desc, v limit $2::int),
          missed as (select id as v from versions where id not in (select v from named) order by md5(id::text) limit $3::int),
          chosen as (select v, row_number() over () as n from (select v from hit union all select v from missed) x),
          users as (insert into watch_users (username, email, language, role)
                    select $4::text || n, $4::text || n || '@example.com', 'en', 'intern' from chosen)
     insert into watches (username, version_id, kind)
     select $4::text || c.n, c.v, v.kind from chosen c join versions v on v.id = c.v`,
    [changedIds, AFFECTED, WATCHERS - AFFECTED, PREFIX],
  );
  const expected = Number(
    (
      await liveDb.query<{ n: string }>(
        `select count(*) as n from watches w join compatibilities c
            on w.version_id in (c.from_version_id, c.to_version_id)
         where c.id = any($1)`,
        [changedIds],
      )
    ).rows[0]!.n,
  );
  const watched = await transferWithReads(expected);

  // 2. A user's notifications, 10,000 of them (half unread), on work: the first page and one further on.
  await work.query(`insert into watch_users (username, email, language, role) values ($1, null, 'en', 'intern')`, [
    READER,
  ]);
  await work.query(
    `insert into notifications (username, change_set, version_id, version_kind, version_label, partner_id,
                                partner_kind, partner_label, before, after, read)
     select $1, row_number() over (), c.from_version_id, c.from_kind, dp_version_label(c.from_version_id),
            c.to_version_id, c.to_kind, dp_version_label(c.to_version_id), null,
            dp_watch_state(c.compatibility_info_id), row_number() over () <= $2::int / 2
       from (select * from compatibilities order by id limit $2::int) c`,
    [READER, NOTIFICATIONS],
  );
  const readerOwnToken = await issuer.tokenFor(READER, ['intern']);
  const first = JSON.parse(await request(workServer.url, readerOwnToken, 'GET', '/api/notifications')) as {
    unread: number;
  };
  // A cursor halfway down: what a reader scrolling far asks for.
  const middle = (
    await work.query<{ id: string }>(
      'select id::text as id from notifications where username = $1 order by id desc offset $2 limit 1',
      [READER, NOTIFICATIONS / 2],
    )
  ).rows[0]!.id;
  const p95 = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 30; i++) await fn();
    const times: number[] = [];
    for (let i = 0; i < options.rounds; i++) times.push(await timed(fn));
    return percentile(
      times.sort((a, b) => a - b),
      95,
    );
  };
  const trivial = () => request(workServer.url, readerOwnToken, 'GET', '/api/config');
  const pages = async () => ({
    firstTrivialP95: await p95(trivial),
    firstP95: await p95(() => request(workServer.url, readerOwnToken, 'GET', '/api/notifications')),
    laterTrivialP95: await p95(trivial),
    laterP95: await p95(() =>
      request(workServer.url, readerOwnToken, 'GET', `/api/notifications?after=${encodeURIComponent(middle)}`),
    ),
  });
  // Just written, the unread count reads each of its 5,000 rows from the table to learn whether it is
  // visible; once (auto)vacuum has marked their pages all-visible it is an index-only scan.
  const justWritten = await pages();
  await work.query('vacuum analyze notifications');
  const notificationPages = { count: NOTIFICATIONS, unread: first.unread, justWritten, vacuumed: await pages() };

  // 3. 500-row saves on work with no watch at all and with 1,000 watches of versions the saves do not touch,
  // alternating in rounds so a slow minute of this shared machine falls on both sides.
  const adminToken = await issuer.tokenFor('admin', ['admin']);
  const writeId = idOfHref(options.writeVersion);
  let saves = 0;
  const save = () => {
    const info = options.infoHrefs[saves++ % 2]!;
    const rows = options.writeRows.map((id) => ({ to_id: id, compatibility_info: { href: info } }));
    return request(workServer.url, adminToken, 'PUT', `${options.writeVersion}/compatibilities/assemblies`, { rows });
  };
  const addWatches = () =>
    work.query(
      `with chosen as (select id as v, kind, row_number() over () as n from versions
                        where id <> all($1::int[]) and id <> $2::int order by md5(id::text) limit $3::int),
            users as (insert into watch_users (username, email, language, role)
                      select $4::text || n, null, 'en', 'intern' from chosen)
       insert into watches (username, version_id, kind) select $4::text || n, v, kind from chosen`,
      [options.writeRows, writeId, WATCHERS, `${PREFIX}w`],
    );
  const dropWatches = () => work.query(`delete from watch_users where username like $1`, [`${PREFIX}w%`]);
  const existingWatches = Number((await work.query<{ n: string }>('select count(*) as n from watches')).rows[0]!.n);
  const sides = { without: [] as number[], with: [] as number[] };
  const SAVE_ROUNDS = 6;
  const SAVES_PER_ROUND = 8;
  for (let i = 0; i < 4; i++) await save();
  for (let round = 0; round < SAVE_ROUNDS; round++) {
    for (let i = 0; i < SAVES_PER_ROUND; i++) sides.without.push(await timed(save));
    await addWatches();
    for (let i = 0; i < SAVES_PER_ROUND; i++) sides.with.push(await timed(save));
    await dropWatches();
  }
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const saveRatio = {
    rows: options.writeRows.length,
    savesEachWay: sides.with.length,
    // Watches the database already held (other users'); zero in the bench's data.
    existingWatches,
    withoutMedianMs: median(sides.without),
    withMedianMs: median(sides.with),
    withoutMeanMs: mean(sides.without),
    withMeanMs: mean(sides.with),
  };

  const f = (n: number, digits = 1) => n.toFixed(digits);
  console.log(`\nwatches (issue 42; work and live as server processes of their own):`);
  console.log(
    `  transfer of ${CHANGED} changed compatibilities to live with ${WATCHERS} watchers (${AFFECTED} affected): ${f(watched.transferSeconds, 2)} s (with no watcher ${f(unwatched.transferSeconds, 2)} s); ${watched.notifications} notifications of ${expected} written ${f(watched.untilWrittenMs, 0)} ms after its answer`,
  );
  console.log(
    `  live's one version's list during it: p99 ${f(watched.readP99DuringMs)} ms over ${watched.readsDuring} reads (idle p99 ${f(watched.readP99IdleMs)} ms, ${f(watched.readP99DuringMs / watched.readP99IdleMs, 2)}×; during the transfer with no watcher ${f(unwatched.readP99DuringMs)} ms, idle ${f(unwatched.readP99IdleMs)} ms)`,
  );
  for (const [state, p] of [
    ['just written', notificationPages.justWritten],
    ['vacuumed', notificationPages.vacuumed],
  ] as const)
    console.log(
      `  GET /api/notifications with ${NOTIFICATIONS} for the user (${notificationPages.unread} unread), ${state}: first page p95 ${f(p.firstP95, 2)} ms (trivial route ${f(p.firstTrivialP95, 2)} ms), a page halfway down p95 ${f(p.laterP95, 2)} ms (trivial route ${f(p.laterTrivialP95, 2)} ms)`,
    );
  console.log(
    `  a save of ${saveRatio.rows} rows on work, ${saveRatio.savesEachWay} each way: median ${f(saveRatio.withMedianMs)} ms with ${WATCHERS} watches of other versions against ${f(saveRatio.withoutMedianMs)} ms with none (${f(saveRatio.withMedianMs / saveRatio.withoutMedianMs, 2)}×; means ${f(saveRatio.withMeanMs)} and ${f(saveRatio.withoutMeanMs)} ms)`,
  );

  for (const server of [workServer, liveServer]) await stopServer(server);
  await liveDb.end();
  await sweep(work);
  await work.query(`drop database ${pg.escapeIdentifier(liveName)} with (force)`);
  await work.end();
  return {
    transfer: { changed: CHANGED, watchers: WATCHERS, affected: AFFECTED, expected, watched, unwatched },
    notificationPages,
    saveRatio,
  };
}

/** Removes the bench's watchers (their watches go with them) and notifications, also an interrupted run's. */
async function sweep(client: pg.Client) {
  await client.query('delete from notifications where username like $1', [`${PREFIX}%`]);
  await client.query('delete from watch_users where username like $1', [`${PREFIX}%`]);
}
