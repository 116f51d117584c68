/**
 * Issue 41's speed figures, each beside its floor from the same run: one version's list read at a point in
 * time against the same list now; the history's answers (first page, one entity's) in bytes and their
 * screens in Chromium; a 500-row save with the history triggers on and off; the history's size before and
 * after 10,000 changes; a restore to a point in time with reads going on beside it.
 */
import pg from 'pg';
import { percentile } from './percentile.js';
import { benchScreens, type ScreenOpening } from './screens.js';
import { startServer, stopServer } from './server-process.js';

type Call = (method: string, url: string, body?: unknown) => Promise<any>;

interface Options {
  /** The bench's own database: its triggers are switched off and on again here. */
  pool: pg.Pool;
  connectionString: string;
  issuer: { issuer: string; tokenFor(user: string, roles: string[]): Promise<string> };
  audience: string;
  /** Calls to the bench's server as intern (reads) and as admin (writes, history). */
  call: Call;
  admin: Call;
  /** run.ts's measurement: warm-up, then the sorted times of its rounds. */
  measure: (fn: () => Promise<unknown>) => Promise<number[]>;
  /** The list read now and in the past: one system version's assembly list. */
  readPath: string;
  /** The bench's fresh system version and the 500 assemblies its saves relate it to, with two obligations. */
  writeVersion: string;
  writeRows: number[];
  infoHrefs: [string, string];
}

const CHANGES = 10_000;
/** Saves timed with the triggers on and off, alternately. */
const SAVE_PAIRS = 9;
const byValue = (a: number, b: number) => a - b;
const HISTORY_TRIGGERS = ['history_insert', 'history_update', 'history_delete'];

/** The history schema's tables with their indexes and TOAST, bytes. */
async function historyBytes(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'history' and c.relkind = 'r'`);
  return Number(rows[0]!.bytes);
}

/** Switches the history triggers of every catalog table off, or on again as the migration left them (ALWAYS). */
async function setHistoryTriggers(pool: pg.Pool, on: boolean) {
  const { rows } = await pool.query<{ tbl: string; name: string }>(
    `select tgrelid::regclass::text as tbl, tgname as name from pg_trigger
      where tgname = any($1) and not tgisinternal and tgrelid::regclass::text not like 'history.%'`,
    [HISTORY_TRIGGERS],
  );
  if (rows.length === 0) throw new Error('no history triggers found: the on/off comparison would compare nothing');
  // ENABLE ALWAYS, not ENABLE: restores and transfers write with session_replication_role = replica.
  for (const { tbl, name } of rows)
    await pool.query(`alter table ${tbl} ${on ? 'enable always' : 'disable'} trigger ${pg.escapeIdentifier(name)}`);
}

export async function benchHistory(o: Options) {
  const { pool, call, admin, measure } = o;
  const { rows: nowRows } = await pool.query<{ at: Date }>('select clock_timestamp() as at');
  const before = nowRows[0]!.at.toISOString();
  const bytesBefore = await historyBytes(pool);

  let turn = 0;
  /** One save of all 500 rows, each changed (the obligation alternates); ms. */
  const save = async () => {
    const info = o.infoHrefs[turn++ % 2]!;
    const start = performance.now();
    await admin('PUT', `${o.writeVersion}/compatibilities/assemblies`, {
      rows: o.writeRows.map((id) => ({ to_id: id, compatibility_info: { href: info } })),
    });
    return performance.now() - start;
  };

  // 4. The history's growth: 10,000 changed rows through the API, in saves of 500.
  const growing: number[] = [];
  for (let changed = 0; changed < CHANGES; changed += o.writeRows.length) growing.push(await save());
  const bytesAfter = await historyBytes(pool);

  // 3. The same save with the history triggers on and off, alternately, so both see the same machine. Switching
  // the triggers invalidates every cached plan of the catalog's tables: the save right after a switch is not
  // timed, the next one is, so neither side pays for the switch.
  const on: number[] = [];
  const off: number[] = [];
  try {
    for (let i = 0; i < SAVE_PAIRS; i++) {
      await save();
      on.push(await save());
      await setHistoryTriggers(pool, false);
      await save();
      off.push(await save());
      await setHistoryTriggers(pool, true);
    }
  } finally {
    await setHistoryTriggers(pool, true);
  }
  const saveOnMs = percentile(on.sort(byValue), 50);
  const saveOffMs = percentile(off.sort(byValue), 50);

  // 1. One version's list at a time before those 15,000 changes, against the same list now.
  const atQuery = `?at=${encodeURIComponent(before)}`;
  const nowTimes = await measure(() => call('GET', o.readPath));
  const atTimes = await measure(() => call('GET', `${o.readPath}${atQuery}`));
  const changedNow = await measure(() => call('GET', `${o.writeVersion}/compatibilities/assemblies`));
  const changedAt = await measure(() => call('GET', `${o.writeVersion}/compatibilities/assemblies${atQuery}`));

  // 2. The history's answers: the first page, and the history of the entity changed last (30 times here).
  const jsonBytes = async (url: string) => JSON.stringify(await admin('GET', url)).length;
  const firstPage = await admin('GET', '/api/audit');
  const latest = firstPage.items[0] as { entity: string; entity_id: string };
  const entityQuery = `entity=${encodeURIComponent(latest.entity)}&entity_id=${encodeURIComponent(latest.entity_id)}`;
  const firstPageBytes = JSON.stringify(firstPage).length;
  const entityBytes = await jsonBytes(`/api/audit?${entityQuery}`);
  const screens: ScreenOpening[] = await benchScreens(o.connectionString, [
    '/database/history',
    `/database/history?${entityQuery}`,
  ]);

  // 5. A restore of the catalog as it was before those changes, on a server process of its own (the
  // restoring instance), while the bench's server (another instance on the same database) reads.
  const server = await startServer({
    DATABASE_URL: o.connectionString,
    DEPLOYMENT: 'work',
    OIDC_ISSUER: o.issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: o.audience,
  });
  const readOnce = async () => {
    const start = performance.now();
    await call('GET', o.readPath);
    return performance.now() - start;
  };
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await readOnce());
  let reading = true;
  const during: number[] = [];
  const loop = (async () => {
    while (reading) during.push(await readOnce());
  })();
  const restoreStart = performance.now();
  const restored = await fetch(`${server.url}/api/db/restore`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await o.issuer.tokenFor('admin', ['admin'])}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ bkp: `@${before}` }),
  });
  const restoreSeconds = (performance.now() - restoreStart) / 1000;
  reading = false;
  await loop;
  await stopServer(server);
  if (!restored.ok) throw new Error(`restore → ${restored.status} ${await restored.text()}`);
  idle.sort(byValue);
  during.sort(byValue);

  const result = {
    listNowP50: percentile(nowTimes, 50),
    listNowP95: percentile(nowTimes, 95),
    listAtP50: percentile(atTimes, 50),
    listAtP95: percentile(atTimes, 95),
    changedListNowP95: percentile(changedNow, 95),
    changedListAtP95: percentile(changedAt, 95),
    firstPageKb: firstPageBytes / 1000,
    entity: latest,
    entityKb: entityBytes / 1000,
    screens,
    saveRows: o.writeRows.length,
    saveTriggersOnMs: saveOnMs,
    /** The 20 saves of the 10,000 changes, all with the triggers on: their median. */
    saveGrowingMs: percentile(growing.sort(byValue), 50),
    saveTriggersOffMs: saveOffMs,
    historyMbBefore: bytesBefore / 2 ** 20,
    historyMbAfter: bytesAfter / 2 ** 20,
    changes: CHANGES,
    bytesPerChange: (bytesAfter - bytesBefore) / CHANGES,
    restoreSeconds,
    readsDuringRestore: during.length,
    readP99IdleMs: percentile(idle, 99),
    readP99DuringRestoreMs: percentile(during, 99),
  };
  return result;
}

export type HistoryFigures = Awaited<ReturnType<typeof benchHistory>>;

/** The figures as rows of the bench's table: figure, value, floor, goal. */
export function historyRows(h: HistoryFigures): string[][] {
  const f = (n: number, digits = 1) => n.toFixed(digits);
  const screen = (i: number) => h.screens[i]?.interactiveMs;
  const ms = (v: number | null | undefined) => (v === null || v === undefined ? 'did not settle' : f(v, 0));
  return [
    [
      "one system version's list at a past time, p95 ms (p50)",
      `${f(h.listAtP95, 2)} (${f(h.listAtP50, 2)})`,
      `now ${f(h.listNowP95, 2)} (${f(h.listNowP50, 2)})`,
      '< 25, ≤ 2× now',
    ],
    [
      'the bench version changed 30 times, its list at a past time, p95 ms',
      f(h.changedListAtP95, 2),
      `now ${f(h.changedListNowP95, 2)}`,
      '< 25, ≤ 2× now',
    ],
    ['history first page (GET /api/audit), kB of JSON', f(h.firstPageKb), '', '< 300'],
    [`one entity's history (${h.entity.entity}), kB of JSON`, f(h.entityKb), '', '< 300'],
    ['/database/history interactive, ms', ms(screen(0)), '', '< 1000'],
    ['/database/history?entity=… interactive, ms', ms(screen(1)), '', '< 1000'],
    [
      `${h.saveRows}-row save, history triggers on, median ms`,
      f(h.saveTriggersOnMs, 0),
      `off ${f(h.saveTriggersOffMs, 0)} (${f(h.saveTriggersOnMs / h.saveTriggersOffMs, 2)}×)`,
      '≤ 1.3×',
    ],
    [
      `the ${h.changes / h.saveRows} saves of the changes below (triggers on), median ms`,
      f(h.saveGrowingMs, 0),
      '',
      '',
    ],
    ["history size before (the demo data and the run's first saves), MB", f(h.historyMbBefore), '', ''],
    [
      `history size after ${h.changes} more changes, MB`,
      f(h.historyMbAfter),
      `${f(h.bytesPerChange, 0)} B a change`,
      '',
    ],
    ['restore to a point in time, s', f(h.restoreSeconds), '', '< 60'],
    [
      `one version's list during the restore, p99 ms (${h.readsDuringRestore} reads)`,
      f(h.readP99DuringRestoreMs, 0),
      `idle ${f(h.readP99IdleMs, 1)}`,
      '< 500',
    ],
  ];
}
