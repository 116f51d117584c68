import { MESSAGES } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const readEndpoints = [
  '/api/me',
  '/api/infos',
  '/api/systems',
  '/api/systems/versions',
  '/api/assemblies/versions',
  '/api/subassemblies/versions',
  '/api/compatibility_infos',
  '/api/systems/versions/compatibilities/systems',
  '/api/systems/versions/compatibilities/assemblies',
  '/api/assemblies/versions/compatibilities/assemblies',
  '/api/assemblies/versions/compatibilities/subassemblies',
  '/api/subassemblies/versions/compatibilities/subassemblies',
  '/api/systems/assemblies',
  '/api/assemblies/subassemblies',
  '/api/assemblies/versions/subassemblies',
  '/api/assemblies/assemblies',
  '/api/assemblies/versions/assemblies',
];

type Caller = TestRole | 'anonymous';
const expected: Record<Caller, number> = { anonymous: 401, norole: 403, extern: 200, intern: 200, admin: 200 };

describe('who may read what', () => {
  for (const url of readEndpoints) {
    for (const caller of Object.keys(expected) as Caller[]) {
      it(`GET ${url} as ${caller} → ${expected[caller]}`, async () => {
        const headers = caller === 'anonymous' ? {} : await t.as(caller);
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(expected[caller]);
        if (caller === 'anonymous') expect(res.json().message).toBe(MESSAGES.unauthorized);
        if (caller === 'norole') expect(res.json().message).toBe(MESSAGES.refused);
      });
    }
  }

  for (const url of ['/api/config', '/api/health']) {
    it(`GET ${url} is public`, async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
    });
  }

  it('/api/config names the audience as an RFC 8707 resource indicator by default (issue 12 A2)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().oidc).toMatchObject({
      authority: t.config.oidc.issuer,
      client_id: 'digital-portfolio-web',
      resource: t.config.oidc.audience,
    });
    expect(res.json().oidc).not.toHaveProperty('audience');
  });

  it('/api/me names the user and the mapped role', async () => {
    for (const role of ['admin', 'intern', 'extern'] as const) {
      const res = await t.app.inject({ url: '/api/me', headers: await t.as(role) });
      expect(res.json()).toEqual({ username: role, role });
    }
  });

  it('a user with both intern and admin roles is admin; intern and extern is intern', async () => {
    const both = await t.issuer.tokenFor('boss', ['intern', 'admin']);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${both}` } })).json().role).toBe(
      'admin',
    );
    const mixed = await t.issuer.tokenFor('mixed', ['extern', 'intern', 'unknown']);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${mixed}` } })).json().role).toBe(
      'intern',
    );
  });

  it.each([
    ['no scheme', 'abc'],
    ['garbage bearer', 'Bearer not-a-token'],
    ['empty bearer', 'Bearer '],
    ['basic auth', 'Basic YWRtaW46YWRtaW4='],
  ])('a malformed authorization header (%s) answers 401 with the text', async (_name, header) => {
    const res = await t.app.inject({ url: '/api/infos', headers: { authorization: header } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: MESSAGES.unauthorized });
  });

  it('an expired token answers 401', async () => {
    const token = await t.issuer.tokenFor('intern', ['intern'], { exp: Math.floor(Date.now() / 1000) - 3600 });
    const res = await t.app.inject({ url: '/api/infos', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});
