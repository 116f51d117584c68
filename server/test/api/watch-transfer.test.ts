import type { AddressInfo } from 'node:net';
import type { CompatibilityInfo, NotificationPage } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

const TOKEN = 'transfer-token-of-the-watch-test';

let work: TestApp;
let live: TestApp;
let pair: { from: number; to: number; status: string };

beforeAll(async () => {
  live = await buildTestApp({ DEPLOYMENT: 'live', TRANSFER_TOKEN: TOKEN });
  await live.app.listen({ port: 0, host: '127.0.0.1' });
  const liveUrl = `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`;
  work = await buildTestApp({
    DEPLOYMENT: 'work',
    TRANSFER_TOKEN: TOKEN,
    // A transfer here publishes at once (four-eyes publishing has tests of its own).
    PUBLISH_APPROVAL: 'off',
    LIVE_URL: liveUrl,
    DEMO_URL: 'http://127.0.0.1:1',
  });
  // A system–assembly compatibility of the demo data, the same on both instances.
  pair = (
    await work.pool.query<{ from: number; to: number; status: string }>(
      `select c.from_version_id as from, c.to_version_id as to, ci.compatibility_status as status
         from compatibilities c join compatibility_infos ci on ci.id = c.compatibility_info_id
        where c.from_kind = 'system' and c.to_kind = 'assembly' order by c.id limit 1`,
    )
  ).rows[0]!;
});
afterAll(async () => {
  await work?.close();
  await live?.close();
});

const page = async (t: TestApp, role: TestRole) =>
  (await t.call('GET', '/api/notifications', undefined, role)).body as NotificationPage;

describe('a transfer arriving on live', () => {
  it("notifies live's watchers of the compatibilities it changed, and nobody else", async () => {
    // intern watches the system version on live, extern on work.
    expect((await live.call('PUT', `/api/watches/systems/versions/${pair.from}`, undefined, 'intern')).status).toBe(
      201,
    );
    expect((await work.call('PUT', `/api/watches/systems/versions/${pair.from}`, undefined, 'extern')).status).toBe(
      201,
    );

    const status = pair.status === 'forbidden' ? 'allowed' : 'forbidden';
    const info = (await work.call('POST', '/api/compatibility_infos', { compatibility_status: status, obligation: '' }))
      .body as CompatibilityInfo;
    const saved = await work.call('PUT', `/api/systems/versions/${pair.from}/compatibilities/assemblies`, {
      rows: [{ to_id: pair.to, compatibility_info: { href: info.href } }],
    });
    expect(saved.status).toBe(200);
    // The save on work told work's watcher; live knows nothing yet.
    expect((await page(work, 'extern')).items.map((n) => n.action)).toEqual(['changed']);
    expect((await page(live, 'intern')).items).toEqual([]);

    // A superuser imports with session_replication_role = replica: only ENABLE ALWAYS triggers still fire.
    expect((await live.pool.query(`select current_setting('is_superuser') as su`)).rows[0].su).toBe('on');
    const transfer = await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', accept_findings: true });
    expect(transfer.status).toBe(200);

    const onLive = await page(live, 'intern');
    expect(onLive.unread).toBe(1);
    expect(onLive.items[0]).toMatchObject({
      version: { href: `/api/systems/versions/${pair.from}` },
      partner: { href: `/api/assemblies/versions/${pair.to}` },
      action: 'changed',
      before: { status: pair.status },
      after: { status, obligation: '' },
    });
    // Nobody else: not live's other users, and work's watcher only for the save on work.
    expect((await page(live, 'extern')).items).toEqual([]);
    expect((await page(live, 'admin')).items).toEqual([]);
    expect((await page(work, 'extern')).items).toHaveLength(1);
    expect(await live.count('notifications')).toBe(1);

    // The same state again changes nothing, so it tells nobody anything.
    expect(
      (await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', accept_findings: true })).status,
    ).toBe(200);
    expect(await live.count('notifications')).toBe(1);
  });
});
