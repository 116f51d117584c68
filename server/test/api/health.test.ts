import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDb, type DbConnection } from '../../src/db/connection.js';
import type { ZodApp } from '../../src/http/types.js';
import { testConfig } from '../support/test-app.js';

// A database server that accepts connections and then never answers (a hung host, a dead proxy).
let silent: net.Server;
const sockets: net.Socket[] = [];
let connection: DbConnection;
let app: ZodApp;

beforeAll(async () => {
  silent = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  connection = createDb(`postgres://nobody:nothing@127.0.0.1:${port}/none`, { onError: () => {} });
  const config = testConfig({
    DATABASE_URL: `postgres://nobody:nothing@127.0.0.1:${port}/none`,
    OIDC_ISSUER: 'http://127.0.0.1:9/unused',
    OIDC_AUDIENCE: 'unused',
  });
  app = await buildApp({ config, db: connection.db, pool: connection.pool });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  for (const socket of sockets) socket.destroy();
  await connection?.close().catch(() => {});
  await new Promise((resolve) => silent.close(resolve));
});

describe('GET /api/health', () => {
  it('answers 503 with the database unavailable when the database does not answer, instead of hanging', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', app: 'ok', database: 'unavailable' });
  });
});
