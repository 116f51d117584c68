import type { InstanceStatus, PublishRequest } from '@dp/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'transfer-token-shared-by-work-live-and-demo';

let work: TestApp;
let live: TestApp;
/** A second admin, who may decide what `admin` asked for. */
let reviewer: Record<string, string>;

beforeAll(async () => {
  live = await buildTestApp({ DEPLOYMENT: 'live', TRANSFER_TOKEN: TOKEN });
  await live.app.listen({ port: 0, host: '127.0.0.1' });
  const liveUrl = `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`;
  // PUBLISH_APPROVAL is not set: four eyes are the default once LIVE_URL is.
  work = await buildTestApp({
    DEPLOYMENT: 'work',
    TRANSFER_TOKEN: TOKEN,
    LIVE_URL: liveUrl,
    DEMO_URL: 'http://127.0.0.1:1',
  });
  reviewer = { authorization: `Bearer ${await work.issuer.tokenFor('reviewer', ['admin'])}` };
});
afterAll(async () => {
  await work?.close();
  await live?.close();
});

const request = async (reason: string) => {
  const res = await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', reason, accept_findings: true });
  expect(res.status).toBe(202);
  return res.body as PublishRequest;
};
const decide = (id: number, action: 'approve' | 'reject', headers: Record<string, string> = reviewer) =>
  work.call(
    'POST',
    `/api/publish-requests/${id}/${action}`,
    { comment: `${action}d by a colleague` },
    'admin',
    headers,
  );
const liveStatus = async () =>
  (
    await live.app.inject({ method: 'GET', url: '/api/db/status', headers: { authorization: `Bearer ${TOKEN}` } })
  ).json() as InstanceStatus;

describe('four-eyes publishing work → live', () => {
  it('needs a reason, and publishes to demo without a request', async () => {
    const noReason = await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('publish.reasonRequired');
    // Demo is never gated: the transfer is tried at once (and fails, demo being down).
    expect((await work.call('POST', '/api/db/uploads', { to: 'demo', bkp: 'actual' })).status).toBe(502);
  });

  it('a request names a fixed backup; only another admin approves it, which publishes exactly that backup', async () => {
    expect((await work.call('POST', '/api/references', { reference: 'four-eyes-1', description: '' })).status).toBe(
      201,
    );
    const asked = await request('New references for the spring release');
    expect(asked).toMatchObject({
      status: 'open',
      requested_by: 'admin',
      reason: 'New references for the spring release',
    });
    expect(asked.backup).toMatch(/\S/);
    // A change after the request is not published: approval sends the named backup.
    expect((await work.call('POST', '/api/references', { reference: 'four-eyes-later', description: '' })).status).toBe(
      201,
    );

    const list = await work.call('GET', '/api/publish-requests');
    expect(list.body.open).toBe(1);
    expect((await work.call('GET', '/api/publish-requests/count')).body).toEqual({ approval: true, open: 1 });
    expect((await work.call('GET', '/api/publish-requests/count', undefined, 'intern')).status).toBe(403);
    expect(list.body.requests[0]).toMatchObject({ id: asked.id, status: 'open' });
    expect(
      (await live.call('GET', '/api/references', undefined, 'intern')).body.map(
        (r: { reference: string }) => r.reference,
      ),
    ).not.toContain('four-eyes-1');

    const own = await decide(asked.id, 'approve', {});
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('publish.ownRequest');
    expect(
      (await work.call('POST', `/api/publish-requests/${asked.id}/approve`, { comment: '' }, 'intern')).status,
    ).toBe(403);

    const approved = await decide(asked.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'done', decided_by: 'reviewer', comment: 'approved by a colleague' });
    const onLive = (await live.call('GET', '/api/references', undefined, 'intern')).body.map(
      (r: { reference: string }) => r.reference,
    );
    expect(onLive).toContain('four-eyes-1');
    expect(onLive).not.toContain('four-eyes-later');
    expect((await liveStatus()).last_publication).toMatchObject({
      backup: asked.backup,
      requested_by: 'admin',
      approved_by: 'reviewer',
    });

    expect((await decide(asked.id, 'approve')).status).toBe(409);
    expect((await decide(asked.id, 'reject')).status).toBe(409);
    expect((await work.call('GET', '/api/publish-requests')).body.open).toBe(0);
    expect((await work.call('GET', '/api/publish-requests/count')).body).toEqual({ approval: true, open: 0 });
  });

  it('shows the delta report between live and the request, and a rejection publishes nothing', async () => {
    const before = await liveStatus();
    expect((await work.call('POST', '/api/systems', { name: 'Four-eyes system', description: '' })).status).toBe(201);
    const asked = await request('Typo fixes');
    const html = await work.app.inject({
      method: 'GET',
      url: `/api/publish-requests/${asked.id}/report?type=html`,
      headers: await work.as('admin'),
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('Four-eyes system');
    const pdf = await work.app.inject({
      method: 'GET',
      url: `/api/publish-requests/${asked.id}/report?type=pdf`,
      headers: await work.as('admin'),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const rejected = await decide(asked.id, 'reject');
    expect(rejected.body).toMatchObject({ status: 'rejected', decided_by: 'reviewer' });
    expect((await liveStatus()).last_publication).toEqual(before.last_publication);
    expect((await decide(asked.id, 'approve')).status).toBe(409);
  });

  it('an expired request can no longer be decided', async () => {
    const asked = await request('Forgotten');
    await work.pool.query(`update publish_requests set expires_at = now() - interval '1 minute' where id = $1`, [
      asked.id,
    ]);
    const list = await work.call('GET', '/api/publish-requests');
    expect(list.body.requests.find((r: PublishRequest) => r.id === asked.id).status).toBe('expired');
    expect((await work.call('GET', '/api/publish-requests/count')).body.open).toBe(0);
    const late = await decide(asked.id, 'approve');
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('expired');
  });

  it('audits every step on work', async () => {
    const { rows } = await work.pool.query<{ action: string; actor: string }>(
      `select action, actor from audit_log where entity = 'publish_request' order by id`,
    );
    expect(rows.filter((r) => r.action === 'create')).toHaveLength(3);
    expect(rows.filter((r) => r.actor === 'reviewer').length).toBeGreaterThanOrEqual(3);
  });
});
