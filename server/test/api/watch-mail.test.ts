import { idOfHref, type CompatibilityInfo, type Item, type NotificationPage, type Version } from '@dp/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freeLoopbackPort } from '../../src/db/embedded.js';
import {
  composeDigests,
  createTransport,
  mailerRound,
  sendDueMails,
  startMailer,
  type MailerDeps,
} from '../../src/modules/watches/mailer.js';
import { signUnwatch } from '../../src/modules/watches/unwatch-link.js';
import { smtpSink } from '../support/smtp-sink.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const SECRET_TEXT = 'Only behind the firewall of 4.2 (mail test)';
const LINK_SECRET = 'the-mail-link-secret-of-the-watch-mail-test';
const TOKEN = 'transfer-token-of-the-watch-mail-test';

let sink: ReturnType<typeof smtpSink>;
let work: TestApp;
let live: TestApp;
let system: Version;
let assemblies: Version[];
let conditional: CompatibilityInfo;
let allowed: CompatibilityInfo;

const mailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Portfolio <portfolio@example.com>',
  MAIL_LINK_SECRET: LINK_SECRET,
  NOTIFY_DIGEST_MINUTES: '0',
  // The test drives the rounds itself.
  MAIL_INTERVAL_SECONDS: '0',
});
const depsOf = (t: TestApp): MailerDeps => ({
  db: t.db,
  mail: t.config.mail!,
  publicUrl: t.config.publicUrl,
  log: t.app.log,
});
const round = async (t: TestApp) => {
  const transport = createTransport(t.config.mail!);
  try {
    return await mailerRound(depsOf(t), transport);
  } finally {
    transport.close();
  }
};
const watch = (t: TestApp, v: Version, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/watches${v.href.slice(4)}`, headers });
const saveAll = (info: CompatibilityInfo | null, count = assemblies.length) =>
  work.call('PUT', `${system.href}/compatibilities/assemblies`, {
    rows: assemblies
      .slice(0, count)
      .map((a) => ({ to_id: idOfHref(a.href), compatibility_info: info && { href: info.href } })),
  });

beforeAll(async () => {
  sink = smtpSink(await freeLoopbackPort());
  await sink.start();
  live = await buildTestApp({ DEPLOYMENT: 'live', TRANSFER_TOKEN: TOKEN, ...mailEnv(sink.url) });
  await live.app.listen({ port: 0, host: '127.0.0.1' });
  work = await buildTestApp({
    DEPLOYMENT: 'work',
    TRANSFER_TOKEN: TOKEN,
    // A transfer here publishes at once (four-eyes publishing has tests of its own).
    PUBLISH_APPROVAL: 'off',
    LIVE_URL: `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`,
    DEMO_URL: 'http://127.0.0.1:1',
    ...mailEnv(sink.url),
  });
  const sys = (await work.call('POST', '/api/systems', { name: 'Mail Test System' })).body as Item;
  system = (await work.call('POST', `${sys.href}/versions`, { name: '4.2' })).body;
  const asm = (await work.call('POST', '/api/assemblies', { name: 'Mail Test Assembly' })).body as Item;
  // 500 versions to be compatible with in one change set: written directly, the API is not under test here.
  assemblies = (
    await work.pool.query<{ id: number }>(
      `insert into versions (item_id, kind, name) select $1, 'assembly', 'M-' || g from generate_series(1, 500) g returning id`,
      [idOfHref(asm.href)],
    )
  ).rows.map((r) => ({ ...system, href: `/api/assemblies/versions/${r.id}` }));
  conditional = (
    await work.call('POST', '/api/compatibility_infos', {
      compatibility_status: 'conditional',
      obligation: SECRET_TEXT,
    })
  ).body;
  allowed = (await work.call('POST', '/api/compatibility_infos', { compatibility_status: 'allowed', obligation: '' }))
    .body;
});
afterAll(async () => {
  await work?.close();
  await live?.close();
  await sink?.close();
});

describe('digests by e-mail', () => {
  it('sends each watcher one digest for a change set of 500 rows, in their language, extern without obligation texts', async () => {
    expect((await watch(work, system, { ...(await work.as('intern')), 'accept-language': 'de' })).statusCode).toBe(201);
    expect((await watch(work, system, { ...(await work.as('extern')), 'accept-language': 'en' })).statusCode).toBe(201);
    expect((await saveAll(conditional)).status).toBe(200);
    expect((await work.call('GET', '/api/notifications', undefined, 'intern')).body.unread).toBe(500);

    expect(await round(work)).toBe(2);
    const mails = sink.received();
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([['intern@example.com'], ['extern@example.com']]));
    expect(mails).toHaveLength(2);
    const intern = mails.find((m) => m.to[0] === 'intern@example.com')!;
    const extern = mails.find((m) => m.to[0] === 'extern@example.com')!;
    expect(intern.headers.subject).toBe('Digital Portfolio: Änderungen an beobachteten Versionen (500)');
    expect(intern.headers.from).toBe('Portfolio <portfolio@example.com>');
    expect(intern.text).toContain(`neu: Mail Test Assembly M-1 (Vorbehalt: ${SECRET_TEXT})`);
    expect(intern.text!.match(/neu: /g)).toHaveLength(500);
    expect(intern.html).toContain(SECRET_TEXT);
    expect(intern.text).toContain(
      `/evaluate/system-compatibility-browser?data=${encodeURIComponent('Mail Test System 4.2')}`,
    );
    expect(extern.headers.subject).toBe('Digital Portfolio: changes to versions you watch (500)');
    expect(extern.text).toContain('added: Mail Test Assembly M-1 (Conditional)');
    for (const part of [extern.text, extern.html, JSON.stringify(extern.headers)])
      expect(part).not.toContain('firewall');
    for (const mail of mails) {
      expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/unwatch\?t=[\w-]+\.[\w-]+>$/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }
    // Sent once: the next round finds nothing new.
    expect(await round(work)).toBe(0);
    expect(sink.received()).toHaveLength(2);
  });

  it('sends at most one digest per NOTIFY_DIGEST_MINUTES', async () => {
    const hourly = { ...depsOf(work), mail: { ...work.config.mail!, digestMinutes: 60 } };
    expect((await saveAll(allowed, 1)).status).toBe(200);
    expect(await composeDigests(hourly)).toBe(0);
    await work.pool.query(`update watch_users set last_digest_at = now() - interval '61 minutes'`);
    expect(await composeDigests(hourly)).toBe(2);
    expect(await composeDigests(hourly)).toBe(0);
    await round(work);
    expect(sink.received()).toHaveLength(4);
  });

  it('tells a user without an address in the app only', async () => {
    const token = await work.issuer.tokenFor('nomail', ['intern']);
    const headers = { authorization: `Bearer ${token}` };
    expect((await watch(work, system, headers)).statusCode).toBe(201);
    expect((await saveAll(conditional, 1)).status).toBe(200);
    expect(await round(work)).toBe(2);
    expect(sink.received().flatMap((m) => m.to)).not.toContain(expect.stringContaining('nomail'));
    const page = (await work.app.inject({ url: '/api/notifications', headers })).json() as NotificationPage;
    expect(page.unread).toBe(1);
  });

  it('unwatches by the signed link with a POST only; a GET shows the button and changes nothing', async () => {
    const intern = sink.received().find((m) => m.to[0] === 'intern@example.com')!;
    const link = intern.headers['list-unsubscribe']!.slice(1, -1);
    const url = link.slice(link.indexOf('/unwatch'));
    const watched = async () =>
      (await work.pool.query(`select count(*)::int as n from watches where username = 'intern'`)).rows[0].n as number;

    const shown = await work.app.inject({ url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('Mail Test System 4.2');
    expect(shown.body.match(/<button/g)).toHaveLength(1);
    expect(shown.body).toContain('Nicht mehr beobachten');
    expect(await watched()).toBe(1);

    const expired = signUnwatch(
      LINK_SECRET,
      { username: 'intern', versionIds: [idOfHref(system.href)], language: 'en' },
      Date.now() - 8 * 86_400_000,
    );
    for (const bad of [`/unwatch?t=${expired}`, `${url}x`, '/unwatch']) {
      const refused = await work.app.inject({ method: 'POST', url: bad, payload: 'List-Unsubscribe=One-Click' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('expired');
    }
    expect(await watched()).toBe(1);

    // RFC 8058: the mail client's one-click POST.
    const done = await work.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Sie beobachten diese Versionen nicht mehr: Mail Test System 4.2');
    expect(await watched()).toBe(0);
  });
});

describe('an SMTP server that is down', () => {
  it('gets every mail of a transfer once after it is back, from several instances and after a restart', async () => {
    const liveUsers = ['intern', 'extern', 'admin'] as const;
    // Live gets the test's versions first.
    expect(
      (await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', accept_findings: true })).status,
    ).toBe(200);
    for (const role of liveUsers) expect((await watch(live, system, await live.as(role))).statusCode).toBe(201);
    const before = sink.received().length;
    await sink.stop();

    expect((await saveAll(allowed, 3)).status).toBe(200);
    expect(
      (await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', accept_findings: true })).status,
    ).toBe(200);
    expect((await live.call('GET', '/api/notifications', undefined, 'intern')).body.unread).toBe(3);

    // Down: queued and tried, nothing lost, and not tried again before the backoff is over.
    expect(await round(live)).toBe(0);
    const pending = await live.pool.query(
      `select attempts, next_attempt_at > now() as waiting, sent_at from mail_outbox`,
    );
    expect(pending.rows).toEqual(liveUsers.map(() => expect.objectContaining({ sent_at: null })));
    expect(pending.rows.some((r) => r.attempts === 1 && r.waiting)).toBe(true);
    expect(await round(live)).toBe(0);

    await sink.start();
    // The backoff is over.
    await live.pool.query(`update mail_outbox set next_attempt_at = now()`);
    // Two instances at once: each mail leaves from one of them.
    const a = createTransport(live.config.mail!);
    const b = createTransport(live.config.mail!);
    const [sentA, sentB] = await Promise.all([
      sendDueMails(depsOf(live), a).finally(() => a.close()),
      sendDueMails(depsOf(live), b).finally(() => b.close()),
    ]);
    expect(sentA + sentB).toBe(3);
    const received = sink.received().slice(before);
    expect(received.map((m) => m.to[0]).sort()).toEqual([
      'admin@example.com',
      'extern@example.com',
      'intern@example.com',
    ]);
    expect(received.every((m) => m.text!.includes('Mail Test Assembly M-3'))).toBe(true);
    expect(await round(live)).toBe(0);

    // A mail still pending when an instance stops goes out when one starts: the first round runs at start.
    await sink.stop();
    expect((await saveAll(conditional, 1)).status).toBe(200);
    expect(
      (await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', accept_findings: true })).status,
    ).toBe(200);
    expect(await round(live)).toBe(0);
    await sink.start();
    await live.pool.query(`update mail_outbox set next_attempt_at = now() where sent_at is null`);
    const stop = startMailer(depsOf(live), 3_600_000);
    await vi.waitFor(() => expect(sink.received().length).toBe(before + 6), { timeout: 20_000, interval: 100 });
    await stop();
    expect((await live.pool.query(`select count(*)::int as n from mail_outbox where sent_at is null`)).rows[0].n).toBe(
      0,
    );
  });
});
