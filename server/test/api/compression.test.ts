import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('large listings are sent compressed when the client accepts it', async () => {
  const plain = await t.app.inject({ url: '/api/subassemblies/versions', headers: await t.as('intern') });
  const packed = await t.app.inject({
    url: '/api/subassemblies/versions',
    headers: { ...(await t.as('intern')), 'accept-encoding': 'gzip' },
  });
  expect(packed.headers['content-encoding']).toBe('gzip');
  expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
});
