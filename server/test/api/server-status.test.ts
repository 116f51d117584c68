import type { ServerStatus } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// Issue 45: an operator sees what serves this instance's reads. The replica's lag is tested with a real
// replica in read-replica.test.ts.
describe('GET /api/server-status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ READ_CACHE_MB: '8' });
  });
  afterAll(() => t.close());

  const status = async () => {
    const res = await t.call('GET', '/api/server-status');
    expect(res.status).toBe(200);
    return res.body as ServerStatus;
  };

  it("gives admins this instance's runtime and read cache, counting its hits and misses", async () => {
    const before = await status();
    expect(before).toMatchObject({ deployment: 'work', node: process.version });
    expect(before.reads.replica).toBeNull();
    expect(before.reads.cache.budget_bytes).toBe(8 * 1024 * 1024);
    expect(before.memory_rss_bytes).toBeGreaterThan(0);
    // The same list ten times: computed, then given again. The cache keys on PostgreSQL's snapshot, which
    // other test files' writes to their own databases in the same cluster also move: some repeats may be
    // computed anew, but not all of them.
    const list = (await t.call('GET', '/api/systems/versions/page?limit=5', undefined, 'intern')).body as {
      versions: Array<{ href: string }>;
    };
    const path = `${list.versions[0]!.href}/compatibilities/assemblies`;
    for (let i = 0; i < 10; i++) expect((await t.call('GET', path, undefined, 'intern')).status).toBe(200);
    const after = (await status()).reads.cache;
    const misses = after.misses - before.reads.cache.misses;
    const hits = after.hits - before.reads.cache.hits;
    expect(misses).toBeGreaterThanOrEqual(1);
    expect(hits).toBeGreaterThanOrEqual(1);
    expect(hits + misses).toBe(10);
    expect(after.entries).toBeGreaterThan(0);
    expect(after.used_bytes).toBeGreaterThan(0);
    expect(after.hit_rate).toBeCloseTo(after.hits / (after.hits + after.misses));
  });

  it('is for admins only', async () => {
    for (const role of ['intern', 'extern'] as const)
      expect((await t.call('GET', '/api/server-status', undefined, role)).status).toBe(403);
    expect((await t.app.inject({ url: '/api/server-status' })).statusCode).toBe(401);
  });
});
