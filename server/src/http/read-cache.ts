import type { ReadsStatus } from '@dp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import type { ReadRouting } from '../db/read-routing.js';
import { currentState } from '../db/snapshot-gate.js';
import { acceptedEncoding, COMPRESS_THRESHOLD, compress, type Encoding } from './compression.js';
import { readerFor } from './read-routing.js';

interface Entry {
  /** The database state (snapshot-gate) checked before the answer was computed. */
  state: string;
  json: Buffer;
  packed: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

/**
 * Answers of evaluation reads (lists, delta, matrix, search), each kept with the database state it was
 * computed in and given again, already serialized and packed, only while the database is still in that
 * state. Every request first checks the state (see snapshot-gate: one round trip shared by the requests
 * that arrive together), so an answer is never older than the request: a write on any instance, committed
 * before the request, makes the next request compute anew. The oldest unused answers go beyond `maxBytes`.
 */
export interface ReadCache {
  /**
   * Sends the answer of `compute` for `key`, read from the database this request's evaluation reads go to
   * (see read-routing), whose state the answer is kept under. The key must name everything the answer
   * depends on besides the data (route, parameters, role). Errors from `compute` are sent as usual.
   */
  send<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: unknown[],
    compute: (reader: Db) => Promise<T>,
  ): Promise<FastifyReply>;
  /** Its size and how often it answered, since this instance started, for operators. */
  stats(): ReadsStatus['cache'];
}

export function readCache(maxBytes: number, reads: ReadRouting): ReadCache {
  // Insertion order is use order: a hit moves its entry to the end, so the first entries are the oldest.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  // Answers being computed, by key, with the state they are computed for.
  const computing = new Map<string, { state: string; answer: Promise<Entry> }>();

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function evictOldest() {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function store(key: string, entry: Entry) {
    remove(key);
    // One answer larger than an eighth of the budget would push out many others: it is computed each time.
    if (entry.bytes > maxBytes / 8) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    evictOldest();
  }

  function body(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry): Buffer {
    if (entry.json.length < COMPRESS_THRESHOLD) return entry.json;
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    void reply.header('vary', 'accept-encoding');
    if (!encoding) return entry.json;
    let packed = entry.packed[encoding];
    if (!packed) {
      packed = compress(entry.json, encoding);
      entry.packed[encoding] = packed;
      entry.bytes += packed.length;
      if (entries.get(key) === entry) {
        bytes += packed.length;
        evictOldest();
      }
    }
    // @fastify/compress leaves a response alone that already names its encoding.
    void reply.header('content-encoding', encoding);
    return packed;
  }

  const entryOf = (value: unknown, state: string, id: string): Entry => {
    const json = Buffer.from(JSON.stringify(value));
    return { state, json, packed: {}, bytes: json.length + id.length };
  };

  async function entryFor(id: string, reader: Db, compute: (reader: Db) => Promise<unknown>): Promise<Entry> {
    const state = await currentState(reader);
    const kept = entries.get(id);
    if (kept?.state === state) {
      hits++;
      entries.delete(id);
      entries.set(id, kept);
      return kept;
    }
    // After a write, the requests that ask the same in the new state wait for one computation.
    const underWay = computing.get(id);
    if (underWay?.state === state) {
      hits++;
      return underWay.answer;
    }
    misses++;
    // Computed after the state was read, so the answer is at least as new as that state.
    const answer = compute(reader).then((value) => {
      const entry = entryOf(value, state, id);
      store(id, entry);
      return entry;
    });
    const flight = { state, answer };
    computing.set(id, flight);
    const done = () => void (computing.get(id) === flight && computing.delete(id));
    answer.then(done, done);
    return answer;
  }

  return {
    async send(request, reply, key, compute) {
      const id = JSON.stringify(key);
      const reader = await readerFor(reads, request);
      const entry = maxBytes > 0 ? await entryFor(id, reader, compute) : entryOf(await compute(reader), '', id);
      return reply.type('application/json; charset=utf-8').send(body(request, reply, id, entry));
    },
    stats: () => ({
      budget_bytes: maxBytes,
      used_bytes: bytes,
      entries: entries.size,
      hits,
      misses,
      hit_rate: hits + misses === 0 ? null : hits / (hits + misses),
    }),
  };
}
