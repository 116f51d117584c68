import type { CompatibilityRecord, ItemWithVersions } from '@dp/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inReadSnapshot } from '../../src/db/read-snapshot.js';
import { sendJsonArray } from '../../src/http/json-stream.js';
import * as catalog from '../../src/modules/catalog/catalog.service.js';
import * as compatibility from '../../src/modules/compatibility/compatibility.service.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// Issue 45: the bulk listings go out from a cursor, a batch at a time. Small batches here make every
// listing of the S data cross many batch boundaries.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function collect<T>(batches: AsyncGenerator<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

describe('the bulk listings, streamed', () => {
  it('give every item with its versions in listing order, whatever the batch size', async () => {
    // An item without versions, sorted between others, must keep its place between batches.
    const created = await t.call('POST', '/api/assemblies', { name: 'Aaa streamed, no versions', description: '' });
    expect(created.status).toBe(201);
    const whole = (await t.call('GET', '/api/assemblies/versions', undefined, 'intern')).body as ItemWithVersions[];
    expect(whole.some((item) => item.name === 'Aaa streamed, no versions' && item.versions.length === 0)).toBe(true);
    expect(whole.filter((item) => item.versions.length > 1).length).toBeGreaterThan(3);
    for (const batch of [1, 3, 7]) {
      const streamed = await collect(catalog.streamItemsWithVersions(t.db, 'assembly', 'intern', batch));
      expect(streamed).toEqual(whole);
    }
    // The same content as the item listing and each item's own versions, read independently.
    const items = (await t.call('GET', '/api/assemblies', undefined, 'intern')).body as Array<{ href: string }>;
    expect(whole.map((item) => item.href).sort()).toEqual(items.map((item) => item.href).sort());
    const sample = whole.find((item) => item.versions.length > 1)!;
    const own = (await t.call('GET', `${sample.href}/versions`, undefined, 'intern')).body as Array<{ href: string }>;
    expect(sample.versions.map((v) => v.href)).toEqual(own.map((v) => v.href));
  });

  it('give every compatibility once per side, whatever the batch size', async () => {
    const whole = (await t.call('GET', '/api/assemblies/versions/compatibilities/assemblies', undefined, 'extern'))
      .body as CompatibilityRecord[];
    expect(whole.length).toBeGreaterThan(10);
    const streamed = await collect(compatibility.streamCompatibilities(t.db, 'assembly', 'assembly', 'extern', 4));
    expect(streamed).toEqual(whole);
    // A same-kind pair is listed from both of its sides.
    const keys = new Set(whole.map((r) => `${r.from.href}>${r.to.href}`));
    expect(whole.every((r) => keys.has(`${r.to.href}>${r.from.href}`))).toBe(true);
  });

  it('give the connection back when the client goes away midway', async () => {
    // A listing far larger than what the sockets hold, so the client hangs up while it is being read.
    const server = Fastify();
    server.get('/endless', (_req, reply) =>
      sendJsonArray(
        reply,
        inReadSnapshot(t.db, async function* (reader) {
          yield* reader.batches<{ n: number }>( // Nested loops of two small series: rows come as they are asked for (one series of
            // that length would be materialised whole first).
            sql`select a * 1000 + b as n from generate_series(0, 9999) a, generate_series(1, 1000) b`,
            500,
          );
        }),
      ),
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const before = await openTransactions();
    try {
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = http.get({ host: '127.0.0.1', port, path: '/endless' }, (res) => {
            expect(res.statusCode).toBe(200);
            res.once('data', (chunk: Buffer) => {
              expect(chunk.toString()).toMatch(/^\[\{"n":\d+\},\{"n":\d+\},/);
              req.destroy();
              resolve();
            });
          });
          req.on('error', reject);
        });
      }
      await expect.poll(openTransactions, { timeout: 10_000 }).toBe(before);
      // Every connection the listings took is back in the pool.
      await expect.poll(() => t.pool.totalCount - t.pool.idleCount, { timeout: 10_000 }).toBe(0);
    } finally {
      await server.close();
    }
  });
});

/** Sessions of this database that sit inside a transaction (a cursor left open keeps one). */
async function openTransactions() {
  const result = await t.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`,
  );
  return result.rows[0]!.n;
}
