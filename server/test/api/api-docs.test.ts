import { MESSAGES } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the API description is for admins only (SPEC 6)', () => {
  it.each([
    ['anonymous', 401],
    ['norole', 403],
    ['extern', 403],
    ['intern', 403],
    ['admin', 200],
  ] as const)('GET /api/openapi.json as %s → %i', async (caller, status) => {
    const res = await t.app.inject({
      url: '/api/openapi.json',
      headers: caller === 'anonymous' ? {} : await t.as(caller),
    });
    expect(res.statusCode).toBe(status);
    if (caller === 'anonymous') {
      expect(res.json().message).toBe(MESSAGES.unauthorized);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    if (caller === 'intern') expect(res.json().message).toBe('This action requires the admin role.');
  });

  it('describes the routes, bearer authentication and the new info-page calls; it is not cached by proxies', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: await t.as('admin') });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      '/api/dataset',
      '/api/dataset/{id}',
      '/api/release-notes',
      '/api/release-notes/internal',
      '/api/upload',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
    expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('the former public documentation pages are gone', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      // Without a token nothing is served; with one these are no routes ('docs' is no kind of item).
      expect([401, 404], url).toContain((await t.app.inject({ url })).statusCode);
      const res = await t.app.inject({ url, headers: await t.as('admin') });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });
});
