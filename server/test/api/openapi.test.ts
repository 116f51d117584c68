/**
 * Issue 12 B10: the OpenAPI document is clean — operationIds, servers, OpenAPI 3.1 nullability, the
 * image operation's content type, security per operation, no unused components — and `redocly lint`
 * finds 0 errors and 0 warnings. (That every answer of the API tests matches it is checked by
 * test/support/openapi-check.ts on every app.inject.)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApi {
  openapi: string;
  servers?: Array<{ url: string }>;
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Json };
}

const serverDir = path.resolve(import.meta.dirname, '..', '..');
const redocly = path.resolve(serverDir, '..', 'node_modules', '.bin', 'redocly');

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json', headers: await t.as('admin') })).json<OpenApi>();
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${p}`, path: p, method, op })),
  );

describe('B10 the OpenAPI document', () => {
  it('is OpenAPI 3.1 with servers, and nullability written the 3.1 way', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
    expect(JSON.stringify(doc)).toContain('"null"');
  });

  it('has a unique operationId on every operation', () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/{kind}/versions/{id}']?.get?.operationId).toBe('getByKindVersionsById');
  });

  it('declares security per operation: none for the public ones, the transfer token for import and status, a bearer token for the rest', () => {
    expect(doc.security).toBeUndefined();
    for (const { name, op } of operations()) expect(op.security, name).toBeDefined();
    const publicOnes = operations()
      .filter((o) => o.op.security!.length === 0)
      .map((o) => o.name)
      .sort();
    expect(publicOnes).toEqual(['GET /api/config', 'GET /api/health', 'GET /api/images/{folder}/{file}']);
    expect(doc.paths['/api/db/import']!.post!.security).toEqual([{ transferToken: [] }]);
    expect(doc.paths['/api/me']!.get!.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'transferToken']);
  });

  it('declares the image operation with its image content type', () => {
    const image = doc.paths['/api/images/{folder}/{file}']!.get!;
    expect(Object.keys(image.responses['200']!.content!)).toEqual(['image/jpeg']);
    expect(Object.keys(doc.paths['/api/backups/{name}/file']!.get!.responses['200']!.content!)).toEqual([
      'application/gzip',
    ]);
    const upload = doc.paths['/api/upload']!.post! as Operation & { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
  });

  it('has no unused components', () => {
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.schemas);
    for (const name of Object.keys(doc.components.schemas))
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
  });

  it('passes redocly lint with 0 errors and 0 warnings', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const run = await promisify(execFile)(
        redocly,
        ['lint', file, '--config', path.join(serverDir, 'redocly.yaml'), '--format=json'],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string }>;
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('B10 every API answer is checked against the document', () => {
  it('an answer that differs from its declared schema fails the test that got it', async () => {
    const probe = await buildTestApp();
    try {
      // The check sits on app.inject: an answer of a status the document does not declare is reported.
      const spec = probe.app.swagger() as unknown as OpenApi;
      delete spec.paths['/api/health']!.get!.responses['200'];
      await expect(probe.app.inject({ url: '/api/health' })).rejects.toThrow(
        /status 200 is not declared for GET \/api\/health/,
      );
    } finally {
      await probe.close();
    }
  });
});
