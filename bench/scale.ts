/**
 * Issue 14's figures, on a server process of its own (so its event loop and its memory are the server's
 * alone): throughput with 16 clients beside the trivial route's, the API data each screen asks for when it
 * opens (JSON, and the bytes sent to a client that accepts gzip), one version's list while 500-row saves
 * run beside its idle p99, and the server's peak resident memory through all of it, the largest listing included.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { percentile, percentileOf } from './percentile.js';
import {
  machineCpuTicks,
  peakRssMb,
  preemptions,
  startServer,
  stopServer,
  type ServerProcess,
} from './server-process.js';

export interface ScaleTargets {
  systemVersion: string;
  /** The system version's label, as a browser link carries it. */
  systemLabel: string;
  assemblyVersion: string;
  assemblyLabel: string;
  systemId: number;
  assemblyId: number;
  deltaPath: string;
  matrixBody: unknown;
  /** A version whose assembly list the write loop saves, and the two obligation texts it alternates. */
  writeVersion: string;
  writeRows: number[];
  infoHrefs: [string, string];
}

interface Options {
  connectionString: string;
  issuer: { issuer: string; tokenFor(user: string, roles: string[]): Promise<string> };
  audience: string;
  targets: ScaleTargets;
}

const CLIENTS = 16;
const LOAD_MS = 4000;

export async function benchScale({ connectionString, issuer, audience, targets }: Options) {
  const env = {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: audience,
    DATABASE_URL: connectionString,
    DEPLOYMENT: 'work',
  };
  // From spawning the process to a healthy answer, on a database that is already there: a second start.
  const startedAt = performance.now();
  const server = await startServer(env);
  const serverStartSeconds = (performance.now() - startedAt) / 1000;
  const intern = { authorization: `Bearer ${await issuer.tokenFor('intern', ['intern'])}` };
  const admin = { authorization: `Bearer ${await issuer.tokenFor('admin', ['admin'])}` };

  /** One call to `base`; its body read whole (JSON bytes as decoded), a failure ends the run. */
  const callAt = async (base: string, method: string, url: string, body?: unknown, headers = intern) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const call = (method: string, url: string, body?: unknown, headers = intern) =>
    callAt(server.url, method, url, body, headers);

  /**
   * One request as a load generator (wrk, autocannon) sends it: a kept-alive connection, the encodings a
   * browser accepts, the body read to its end but neither unpacked nor parsed. The load generator shares the
   * two cores with the server: with fetch, which unpacks and decodes every answer, it spent 1.2 ms on a
   * 98 kB search answer the server sent in 0.07 ms, and the figures were its own.
   */
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const loadCallAt = (base: string, method: string, url: string, body?: unknown) =>
    new Promise<void>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = {
        ...intern,
        'accept-encoding': 'gzip, deflate, br',
        ...(payload && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
      };
      http
        .request(`${base}${url}`, { method, agent, headers }, (res) => {
          res.on('error', reject);
          if (res.statusCode === 200) {
            res.on('end', resolve).resume();
            return;
          }
          // A refusal is small JSON, sent unpacked: its message ends the run.
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            reject(new Error(`${method} ${url} → ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 300)}`)),
          );
        })
        .on('error', reject)
        .end(payload);
    });

  /** Requests a second with CLIENTS clients calling `fn` back to back for LOAD_MS, and their p99. */
  const throughput = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await fn();
    const times: number[] = [];
    const end = performance.now() + LOAD_MS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          await fn();
          times.push(performance.now() - start);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return { perSecond: times.length / seconds, p99: percentile(times, 99) };
  };

  const loads: Array<[string, string, string, unknown?]> = [
    ['hint "conv"', 'POST', '/api/search/hint', { word: 'conv' }],
    ['full search "brake"', 'POST', '/api/search/full', { word: 'brake' }],
    ['results table: "brake", first page', 'POST', '/api/search/full/page', { word: 'brake', limit: 50 }],
    ["one system version's assembly list", 'GET', `${targets.systemVersion}/compatibilities/assemblies`],
    ["one assembly version's assembly list", 'GET', `${targets.assemblyVersion}/compatibilities/assemblies`],
    ['one delta', 'GET', targets.deltaPath],
    ['one 15×20 matrix', 'POST', '/api/matrix', targets.matrixBody],
  ];
  /** Each load beside the trivial route measured right before it, on the server at `base`. */
  const throughputsAt = async (base: string) => {
    const rows = [];
    for (const [name, method, url, body] of loads) {
      const trivial = await throughput(() => loadCallAt(base, 'GET', '/api/config'));
      const measured = await throughput(() => loadCallAt(base, method, url, body));
      rows.push({
        name,
        ...measured,
        trivialPerSecond: trivial.perSecond,
        ratio: measured.perSecond / trivial.perSecond,
      });
    }
    return rows;
  };
  // As deployed: a repeated read is answered from the read cache while the database does not change.
  const throughputs = await throughputsAt(server.url);

  // What each screen asks for when it opens with a selection (the requests of the web app as it is).
  const label = (kind: string, text: string) =>
    `/api/${kind}/versions/by-label?${new URLSearchParams({ label: text })}`;
  const screens: Array<[string, string[]]> = [
    [
      'System Compatibility Browser',
      [
        label('systems', targets.systemLabel),
        '/api/systems/versions/page',
        `${targets.systemVersion}/compatibilities/systems`,
        `${targets.systemVersion}/compatibilities/assemblies`,
        `${targets.systemVersion}/assembly-warnings`,
      ],
    ],
    [
      'Assembly Compatibility Browser',
      [
        label('assemblies', targets.assemblyLabel),
        '/api/assemblies/versions/page',
        `${targets.assemblyVersion}/compatibilities/systems`,
        `${targets.assemblyVersion}/compatibilities/assemblies`,
        `${targets.assemblyVersion}/assembly-warnings`,
      ],
    ],
    ['System Delta Browser', ['/api/systems/page', `/api/systems/${targets.systemId}/versions`, targets.deltaPath]],
    [
      'System – Assembly Matrix',
      [
        '/api/systems/page?limit=50',
        `/api/systems/${targets.systemId}`,
        `${targets.systemVersion}/compatibilities/assemblies`,
      ],
    ],
    ['Compatibility report', ['/api/systems/page?limit=50']],
    ['Basic data: assemblies', ['/api/assemblies/page']],
    ['Basic data: references', ['/api/references/page']],
    ['Relation editor system → assemblies', ['/api/systems/page', `/api/systems/${targets.systemId}/assemblies/page`]],
    [
      'Relation editor assembly → sub-assemblies',
      ['/api/assemblies/page', `/api/assemblies/${targets.assemblyId}/subassemblies/page`],
    ],
    [
      'Compatibilities system versions → assemblies',
      [
        '/api/systems/page',
        `/api/systems/${targets.systemId}/versions`,
        `${targets.systemVersion}/compatibilities/assemblies/candidates`,
        `${targets.systemVersion}/compatibilities/assemblies/commentaries`,
        // What the table offers in its obligation cells; references are asked as the user types in one.
        '/api/compatibility_infos',
      ],
    ],
  ];
  /** A GET with gzip accepted: the bytes on the wire (small answers go unpacked) and the JSON they carry. */
  const transferred = (url: string) =>
    new Promise<{ sent: number; json: number }>((resolve, reject) => {
      http
        .get(`${server.url}${url}`, { headers: { ...intern, 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            if (res.statusCode !== 200) {
              reject(new Error(`GET ${url} → ${res.statusCode} ${body.toString().slice(0, 300)}`));
              return;
            }
            const json = res.headers['content-encoding'] === 'gzip' ? gunzipSync(body).length : body.length;
            resolve({ sent: body.length, json });
          });
        })
        .on('error', reject);
    });
  const screenData = [];
  for (const [name, urls] of screens) {
    let json = 0;
    let sent = 0;
    for (const url of urls) {
      const answer = await transferred(url);
      json += answer.json;
      sent += answer.sent;
    }
    screenData.push({ name, requests: urls.length, jsonKb: json / 1000, sentKb: sent / 1000 });
  }

  // Reads while writes run: 500-row saves back to back, alternating two obligation texts. Three rounds of
  // a thousand reads idle, then a thousand beside the saves, each side's p99 taken over its 3,000: the p99
  // of 1,000 is their tenth slowest, and on this shared machine one such round's ratio ranged over
  // 1.5–2.8× in runs of the same code. Alternating keeps a slow minute of the machine from falling on
  // one side only. Each round's own ratio is kept too, to show the spread.
  const READS = 1000;
  const ROUNDS = 3;
  // Beside each side's p99: how busy the machine's cores were (server, PostgreSQL and this bench share
  // them), and how often the kernel took the CPU from the server's event loop while it could still run.
  const readsUnderWritesAt = async ({ url: base, child }: ServerProcess) => {
    const sides = {
      idle: { times: [] as number[], busy: 0, total: 0, preempted: 0 },
      during: { times: [] as number[], busy: 0, total: 0, preempted: 0 },
    };
    const readTimes = async (side: keyof typeof sides) => {
      const cpuBefore = machineCpuTicks();
      const preemptedBefore = preemptions(child.pid!);
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const start = performance.now();
        await callAt(base, 'GET', `${targets.systemVersion}/compatibilities/assemblies`);
        times.push(performance.now() - start);
      }
      const cpuAfter = machineCpuTicks();
      const kept = sides[side];
      kept.times.push(...times);
      kept.busy += cpuAfter.busy - cpuBefore.busy;
      kept.total += cpuAfter.total - cpuBefore.total;
      kept.preempted += preemptions(child.pid!) - preemptedBefore;
      return percentileOf(times, 99);
    };
    let saves = 0;
    const roundRatios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const idleP99 = await readTimes('idle');
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const info = targets.infoHrefs[saves % 2]!;
          const rows = targets.writeRows.map((id) => ({ to_id: id, compatibility_info: { href: info } }));
          await callAt(base, 'PUT', `${targets.writeVersion}/compatibilities/assemblies`, { rows }, admin);
          saves++;
        }
      })();
      const duringP99 = await readTimes('during');
      writing = false;
      await writer;
      roundRatios.push(duringP99 / idleP99);
    }
    const share = (side: keyof typeof sides) => sides[side].busy / sides[side].total;
    const perRead = (side: keyof typeof sides) => sides[side].preempted / sides[side].times.length;
    return {
      idleP99: percentileOf(sides.idle.times, 99),
      duringP99: percentileOf(sides.during.times, 99),
      readsEachWay: READS * ROUNDS,
      roundRatios,
      saves,
      rows: targets.writeRows.length,
      cpuBusy: { idle: share('idle'), during: share('during') },
      preemptedPerRead: { idle: perRead('idle'), during: perRead('during') },
    };
  };
  // With the cache, idle reads are answered from it and reads between saves mostly compute anew.
  const readsUnderWritesCached = await readsUnderWritesAt(server);

  // The largest listing there is (every assembly version with its item), once: memory must hold it too.
  const largest = Buffer.byteLength(await call('GET', '/api/assemblies/versions'));
  const peakMb = peakRssMb(server.child.pid!);
  await stopServer(server);

  // Every answer computed (READ_CACHE_MB=0): the cost of the work itself, as for a request nobody asked
  // before; and whether saves stall reads that compute, which the cache would hide.
  const computing = await startServer({ ...env, READ_CACHE_MB: '0' });
  const throughputsComputed = await throughputsAt(computing.url);
  const readsUnderWrites = await readsUnderWritesAt(computing);
  await stopServer(computing);
  agent.destroy();

  const f = (n: number, digits = 1) => n.toFixed(digits);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const throughputTable = (title: string, rows: typeof throughputs) => {
    console.log(
      `\n${CLIENTS} clients for ${LOAD_MS / 1000} s each (answers read, not unpacked), ${title}, beside the trivial route in the same run:\n`,
    );
    console.log(row(['call', 'req/s', 'p99 ms', 'trivial route req/s', 'ratio', '≥ 0.5×']));
    console.log(row(['---', '---:', '---:', '---:', '---:', '---']));
    for (const t of rows)
      console.log(
        row([
          t.name,
          f(t.perSecond, 0),
          f(t.p99),
          f(t.trivialPerSecond, 0),
          `${f(t.ratio, 2)}×`,
          t.ratio >= 0.5 ? 'yes' : 'NO',
        ]),
      );
  };
  throughputTable('as deployed (the same request repeated: answered from the read cache)', throughputs);
  throughputTable('every answer computed (READ_CACHE_MB=0)', throughputsComputed);
  console.log(`\nAPI data a screen asks for when it opens with a selection:\n`);
  console.log(row(['screen', 'requests', 'JSON kB', 'sent kB (gzip)', '< 300 KB sent']));
  console.log(row(['---', '---:', '---:', '---:', '---']));
  for (const s of screenData)
    console.log(row([s.name, String(s.requests), f(s.jsonKb), f(s.sentKb), s.sentKb < 300 ? 'yes' : 'NO']));
  const underWrites = (r: typeof readsUnderWrites, title: string) =>
    console.log(
      `one version's assembly list, ${title}, ${r.readsEachWay} reads each way while ${r.saves} saves of ${r.rows} rows ran: p99 ${f(r.duringP99)} ms (idle p99 ${f(r.idleP99)} ms, ${f(r.duringP99 / r.idleP99, 2)}×; the rounds alone ${r.roundRatios.map((x) => `${f(x, 2)}×`).join(', ')}); cores busy ${f(r.cpuBusy.during * 100, 0)} % (idle ${f(r.cpuBusy.idle * 100, 0)} %), the server's event loop preempted ${f(r.preemptedPerRead.during, 2)} times per read (idle ${f(r.preemptedPerRead.idle, 2)})`,
    );
  console.log('');
  underWrites(readsUnderWrites, 'computed');
  underWrites(readsUnderWritesCached, 'as deployed (idle reads from the cache)');
  console.log(
    `peak server memory through the load, the screens, the writes and the largest listing (${f(largest / 1e6)} MB of JSON): ${f(peakMb, 0)} MB`,
  );
  console.log(`the server process was healthy ${f(serverStartSeconds, 2)} s after it was spawned`);
  return {
    serverStartSeconds,
    clients: CLIENTS,
    loadMs: LOAD_MS,
    throughputs,
    throughputsComputed,
    screenData,
    readsUnderWrites,
    readsUnderWritesCached,
    largestListingBytes: largest,
    peakMb,
  };
}
