import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, withWebBuild, type TestApp } from '../support/test-app.js';

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

it("sends the web build's packed copies of a script as they are, by what the client accepts", async () => {
  const script = 'export const answer = 42;\n'.repeat(100);
  // Packed harder than the server packs per request, so the bytes tell which copy was sent.
  const packedBr = brotliCompressSync(script);
  const packedGz = gzipSync(script, { level: 9 });
  const files = {
    'index.html': '<!DOCTYPE html><title>app</title>',
    'assets/app.js': script,
    'assets/app.js.br': packedBr,
    'assets/app.js.gz': packedGz,
  };
  await withWebBuild(files, async (web) => {
    const get = (acceptEncoding: string) =>
      web.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': acceptEncoding } });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(packedBr)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(packedGz)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
