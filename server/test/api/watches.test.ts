import {
  idOfHref,
  WATCH_LIMIT,
  type CompatibilityInfo,
  type Item,
  type NotificationPage,
  type Reference,
  type Version,
  type WatchList,
} from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;
let system: Version;
let assembly: Version;
let other: Version;
let conditional: CompatibilityInfo;
let allowed: CompatibilityInfo;
let ref: Reference;

const SECRET_TEXT = 'Only with firmware 4.2 (watch test)';
const watchPath = (v: Version) => `/api/watches${v.href.slice('/api'.length)}`;
const notifications = async (role: TestRole, query = '') =>
  (await t.call('GET', `/api/notifications${query}`, undefined, role)).body as NotificationPage;
const saveRow = (compatibility_info: { href: string } | null, references: string[] = [], to = assembly) =>
  t.call('PUT', `${system.href}/compatibilities/assemblies`, {
    rows: [{ to_id: idOfHref(to.href), compatibility_info, references }],
  });

beforeAll(async () => {
  t = await buildTestApp();
  const sys = (await t.call('POST', '/api/systems', { name: 'Watch Test System' })).body as Item;
  system = (await t.call('POST', `${sys.href}/versions`, { name: '4.2' })).body;
  const asm = (await t.call('POST', '/api/assemblies', { name: 'Watch Test Assembly' })).body as Item;
  assembly = (await t.call('POST', `${asm.href}/versions`, { name: 'W-1' })).body;
  other = (await t.call('POST', `${asm.href}/versions`, { name: 'W-2' })).body;
  allowed = (await t.call('POST', '/api/compatibility_infos', { compatibility_status: 'allowed', obligation: '' }))
    .body;
  conditional = (
    await t.call('POST', '/api/compatibility_infos', { compatibility_status: 'conditional', obligation: SECRET_TEXT })
  ).body;
  ref = (await t.call('POST', '/api/references', { reference: 'WATCH-REF' })).body;
});
afterAll(() => t.close());

describe('watches', () => {
  it('adds a watch once (201, then 204), lists it with its label and removes it', async () => {
    expect((await t.call('PUT', watchPath(other), undefined, 'extern')).status).toBe(201);
    expect((await t.call('PUT', watchPath(other), undefined, 'extern')).status).toBe(204);
    const list = (await t.call('GET', '/api/watches', undefined, 'extern')).body as WatchList;
    expect(list.items).toEqual([
      expect.objectContaining({ href: other.href, label: 'Watch Test Assembly W-2', item_name: 'Watch Test Assembly' }),
    ]);
    // Another user's list is their own.
    expect(((await t.call('GET', '/api/watches', undefined, 'intern')).body as WatchList).items).toEqual([]);
    expect((await t.call('DELETE', watchPath(other), undefined, 'extern')).status).toBe(204);
    expect((await t.call('DELETE', watchPath(other), undefined, 'extern')).status).toBe(204);
    expect(((await t.call('GET', '/api/watches', undefined, 'extern')).body as WatchList).items).toEqual([]);
    const audited = await t.pool.query(`select action from audit_log where entity = 'watch' order by id`);
    expect(audited.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('answers 404 for a version that is not there or of another kind, 400 for a bad id, 401 and 403 without a role', async () => {
    const missing = await t.call('PUT', '/api/watches/systems/versions/999999', undefined, 'intern', {
      'accept-language': 'de',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/Systemversion 999999/);
    expect((await t.call('PUT', `/api/watches/systems/versions/${idOfHref(assembly.href)}`)).status).toBe(404);
    expect((await t.call('PUT', '/api/watches/systems/versions/abc')).status).toBe(400);
    expect((await t.call('PUT', '/api/watches/parts/versions/1')).status).toBe(400);
    expect((await t.call('PUT', watchPath(system), undefined, 'norole')).status).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: watchPath(system) })).statusCode).toBe(401);
  });

  it(`allows at most ${WATCH_LIMIT} watches per user`, async () => {
    // The admin already watches WATCH_LIMIT - 1 versions (ids that need not exist for the count).
    await t.call('PUT', watchPath(other), undefined, 'admin');
    await t.pool.query(
      `insert into watches (username, version_id, kind) select 'admin', -g, 'system' from generate_series(1, $1) g`,
      [WATCH_LIMIT - 2],
    );
    expect((await t.call('PUT', watchPath(assembly), undefined, 'admin')).status).toBe(201);
    const refused = await t.call('PUT', watchPath(system), undefined, 'admin');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`${WATCH_LIMIT} versions`);
    expect(refused.body.code).toBe('watches.limit');
    // Asking again for one already watched is no new watch.
    expect((await t.call('PUT', watchPath(assembly), undefined, 'admin')).status).toBe(204);
    await t.pool.query(`delete from watches where username = 'admin'`);
  });
});

describe('notifications', () => {
  beforeAll(async () => {
    expect((await t.call('PUT', watchPath(system), undefined, 'intern')).status).toBe(201);
    expect((await t.call('PUT', watchPath(assembly), undefined, 'extern')).status).toBe(201);
  });

  it('tells each watcher once per compatibility and change set: added, changed, references, removed', async () => {
    expect((await saveRow({ href: conditional.href })).status).toBe(200);
    let page = await notifications('intern');
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({
      version: { href: system.href, label: 'Watch Test System 4.2' },
      partner: { href: assembly.href, label: 'Watch Test Assembly W-1' },
      action: 'added',
      before: null,
      after: { status: 'conditional', obligation: SECRET_TEXT },
      references_changed: false,
      read: false,
    });

    // Status and references in one save: one notification.
    expect((await saveRow({ href: allowed.href }, [ref.href])).status).toBe(200);
    page = await notifications('intern');
    expect(page.unread).toBe(2);
    expect(page.items[0]).toMatchObject({
      action: 'changed',
      before: { status: 'conditional', obligation: SECRET_TEXT },
      after: { status: 'allowed', obligation: '' },
      references_changed: true,
    });

    // The obligation text itself changes for every compatibility that uses it.
    await saveRow({ href: conditional.href }, [ref.href]);
    const edited = await t.call(
      'PUT',
      conditional.href,
      { compatibility_status: 'conditional', obligation: `${SECRET_TEXT}, edited` },
      'admin',
      { 'if-match': conditional.etag! },
    );
    expect(edited.status).toBe(200);
    page = await notifications('intern');
    expect(page.items[0]).toMatchObject({
      action: 'changed',
      before: { status: 'conditional', obligation: SECRET_TEXT },
      after: { status: 'conditional', obligation: `${SECRET_TEXT}, edited` },
      references_changed: false,
    });

    expect((await saveRow(null)).status).toBe(200);
    page = await notifications('intern');
    expect(page.items[0]).toMatchObject({ action: 'removed', after: null });
    expect(page.unread).toBe(5);
    // Only the watchers of a changed compatibility's versions are told.
    expect((await saveRow({ href: allowed.href }, [], other)).status).toBe(200);
    expect((await notifications('intern')).unread).toBe(6);
    expect((await notifications('extern')).unread).toBe(5);
    expect((await notifications('admin')).items).toEqual([]);
  });

  it('never gives extern an obligation text', async () => {
    const raw = await t.app.inject({ url: '/api/notifications', headers: await t.as('extern') });
    const page = raw.json() as NotificationPage;
    expect(page.items.length).toBe(5);
    expect(page.items.map((n) => n.version.href)).toEqual(page.items.map(() => assembly.href));
    expect(raw.body).not.toContain('firmware');
    expect(raw.body).not.toContain('obligation');
    expect(page.items.find((n) => n.action === 'added')?.after).toEqual({ status: 'conditional' });
  });

  it('pages by keyset, newest first, and marks notifications read up to an id', async () => {
    const all = (await notifications('intern')).items;
    const first = await notifications('intern', '?limit=2');
    expect(first.items.map((n) => n.id)).toEqual(all.slice(0, 2).map((n) => n.id));
    expect(first.next).not.toBeNull();
    const second = await notifications('intern', `?limit=2&after=${first.next}`);
    expect(second.items.map((n) => n.id)).toEqual(all.slice(2, 4).map((n) => n.id));
    expect((await notifications('intern', `?limit=10&after=${first.next}`)).next).toBeNull();

    expect((await t.call('POST', '/api/notifications/read', { up_to: all[2]!.id }, 'intern')).status).toBe(204);
    const after = await notifications('intern');
    expect(after.unread).toBe(2);
    expect(after.items.map((n) => n.read)).toEqual([false, false, true, true, true, true]);
    // Another user's notifications are not theirs to mark.
    expect((await notifications('extern')).unread).toBe(5);
    expect((await t.call('POST', '/api/notifications/read', { up_to: 'all' }, 'intern')).status).toBe(400);
    expect((await t.call('GET', '/api/notifications?limit=0', undefined, 'intern')).status).toBe(400);
  });

  it('keeps the language the user reads in and the address of their token for their mails', async () => {
    await t.call('GET', '/api/notifications', undefined, 'intern', { 'accept-language': 'fr-CH, fr;q=0.9' });
    const user = await t.pool.query(`select email, language, role from watch_users where username = 'intern'`);
    expect(user.rows).toEqual([{ email: 'intern@example.com', language: 'fr', role: 'intern' }]);
  });
});
