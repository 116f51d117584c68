import type { ConsistencyReport, ConsistencyRule } from '@dp/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compatibilities,
  compatibilityInfos,
  compatibilityReferences,
  itemContainments,
  items,
  references,
  versions,
} from '../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'consistency-transfer-token-shared-by-work-and-live';
let work: TestApp;
let live: TestApp;

/** The rows of the fixture, each built to break one rule (`bad…`) or to pass it (`good…`). */
const f = {} as Record<
  | 'badInfo'
  | 'goodInfo'
  | 'unusedInfo'
  | 'usedInfo'
  | 'sys'
  | 'inside'
  | 'outside'
  | 'lonely'
  | 'badPair'
  | 'goodPair'
  | 'unusedRef'
  | 'usedRef',
  number
>;
const OLD = new Date('2026-01-01T00:00:00Z');
const NEW = new Date('2026-06-01T00:00:00Z');

beforeAll(async () => {
  live = await buildTestApp({ DEPLOYMENT: 'live', TRANSFER_TOKEN: TOKEN });
  await live.app.listen({ port: 0, host: '127.0.0.1' });
  work = await buildTestApp({
    DEPLOYMENT: 'work',
    TRANSFER_TOKEN: TOKEN,
    // A transfer here publishes at once (four-eyes publishing has tests of its own).
    PUBLISH_APPROVAL: 'off',
    LIVE_URL: `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`,
  });
  const db = work.db;
  const [badInfo, goodInfo, unusedInfo, usedInfo] = await db
    .insert(compatibilityInfos)
    .values([
      { status: 'conditional', obligation: '   ' },
      { status: 'conditional', obligation: 'Consistency fixture: with the adapter kit' },
      { status: 'allowed', obligation: 'Consistency fixture: nobody uses me' },
      { status: 'allowed', obligation: 'Consistency fixture: used' },
    ])
    .returning();
  const [sysItem, insideItem, outsideItem] = await db
    .insert(items)
    .values([
      { kind: 'system', name: 'Consistency S' },
      { kind: 'assembly', name: 'Consistency In' },
      { kind: 'assembly', name: 'Consistency Out' },
    ])
    .returning();
  await db.insert(itemContainments).values({
    parentItemId: sysItem!.id,
    parentKind: 'system',
    childItemId: insideItem!.id,
    childKind: 'assembly',
  });
  // The system version and the contained assembly changed after their pair was last reviewed: stale.
  // The other assembly version is older than its pair: not stale.
  const [sys, inside, outside, lonely] = await db
    .insert(versions)
    .values([
      { itemId: sysItem!.id, kind: 'system', name: '1', modificationTime: OLD },
      { itemId: insideItem!.id, kind: 'assembly', name: 'IN-1', modificationTime: NEW },
      { itemId: outsideItem!.id, kind: 'assembly', name: 'OUT-1', modificationTime: OLD },
      { itemId: outsideItem!.id, kind: 'assembly', name: 'OUT-2' },
    ])
    .returning();
  const [badPair, goodPair] = await db
    .insert(compatibilities)
    .values([
      {
        fromVersionId: sys!.id,
        fromKind: 'system',
        toVersionId: outside!.id,
        toKind: 'assembly',
        compatibilityInfoId: usedInfo!.id,
        modificationTime: NEW,
      },
      {
        fromVersionId: sys!.id,
        fromKind: 'system',
        toVersionId: inside!.id,
        toKind: 'assembly',
        compatibilityInfoId: goodInfo!.id,
        modificationTime: OLD,
      },
    ])
    .returning();
  const [unusedRef, usedRef] = await db
    .insert(references)
    .values([{ reference: 'Consistency-Ref-Unused' }, { reference: 'Consistency-Ref-Used' }])
    .returning();
  await db.insert(compatibilityReferences).values({ compatibilityId: goodPair!.id, referenceId: usedRef!.id });
  Object.assign(f, {
    badInfo: badInfo!.id,
    goodInfo: goodInfo!.id,
    unusedInfo: unusedInfo!.id,
    usedInfo: usedInfo!.id,
    sys: sys!.id,
    inside: inside!.id,
    outside: outside!.id,
    lonely: lonely!.id,
    badPair: badPair!.id,
    goodPair: goodPair!.id,
    unusedRef: unusedRef!.id,
    usedRef: usedRef!.id,
  });
});

afterAll(async () => {
  await work?.close();
  await live?.close();
});

async function findings(rule: ConsistencyRule, language = 'en') {
  const res = await work.call('GET', `/api/consistency?rule=${rule}`, undefined, 'admin', {
    'accept-language': language,
  });
  expect(res.status).toBe(200);
  const report = res.body as ConsistencyReport;
  expect(Object.keys(report.counts)).toEqual([rule]);
  return report.findings;
}
const hrefsOf = (list: Awaited<ReturnType<typeof findings>>) => list.flatMap((finding) => finding.hrefs);

describe('GET /api/consistency', () => {
  it('conditional_without_obligation: an error for a conditional status with an empty text, none for one with a text', async () => {
    const list = await findings('conditional_without_obligation', 'de');
    const bad = list.find((x) => x.hrefs.includes(`/api/compatibility_infos/${f.badInfo}`));
    expect(bad).toMatchObject({ severity: 'error', fix: '/basic-data/obligations-intern' });
    expect(bad!.message).toContain('hat keinen Auflagentext');
    expect(hrefsOf(list)).not.toContain(`/api/compatibility_infos/${f.goodInfo}`);
  });

  it('not_contained: a warning for a system–assembly pair whose items are not linked, none for a contained one', async () => {
    const list = await findings('not_contained');
    const bad = list.find((x) =>
      x.hrefs.includes(`/api/systems/versions/${f.sys}/compatibilities/assemblies/${f.outside}`),
    );
    expect(bad).toMatchObject({ severity: 'warning', fix: '/basic-data/systems-relations' });
    expect(bad!.message).toContain('Consistency Out OUT-1');
    expect(hrefsOf(list)).not.toContain(`/api/systems/versions/${f.sys}/compatibilities/assemblies/${f.inside}`);
  });

  it('stale_review: a warning for a pair changed before one of its versions, none for one changed after both', async () => {
    const list = await findings('stale_review');
    const stale = list.find((x) =>
      x.hrefs.includes(`/api/systems/versions/${f.sys}/compatibilities/assemblies/${f.inside}`),
    );
    expect(stale).toMatchObject({ severity: 'warning', fix: '/compatibility/systems-assemblies-compatibility' });
    expect(hrefsOf(list)).not.toContain(`/api/systems/versions/${f.sys}/compatibilities/assemblies/${f.outside}`);
  });

  it('unused_obligation and unused_reference: info for texts nothing uses, none for used ones', async () => {
    const obligations = hrefsOf(await findings('unused_obligation'));
    expect(obligations).toContain(`/api/compatibility_infos/${f.unusedInfo}`);
    expect(obligations).not.toContain(`/api/compatibility_infos/${f.usedInfo}`);
    const refs = await findings('unused_reference');
    expect(refs.find((x) => x.hrefs.includes(`/api/references/${f.unusedRef}`))).toMatchObject({
      severity: 'info',
      fix: '/basic-data/references',
    });
    expect(hrefsOf(refs)).not.toContain(`/api/references/${f.usedRef}`);
  });

  it('version_without_compatibility: info for a version with none, none for a version with one', async () => {
    const list = await findings('version_without_compatibility', 'fr');
    const lonely = list.find((x) => x.hrefs.includes(`/api/assemblies/versions/${f.lonely}`));
    expect(lonely).toMatchObject({ severity: 'info', fix: '/compatibility/assemblies-versions' });
    expect(lonely!.message).toContain('n’a aucune compatibilité');
    expect(hrefsOf(list)).not.toContain(`/api/assemblies/versions/${f.outside}`);
  });

  it('checks every rule without a filter, and is for admins only', async () => {
    const all = await work.call('GET', '/api/consistency');
    expect(all.status).toBe(200);
    expect(Object.keys((all.body as ConsistencyReport).counts).sort()).toEqual([
      'conditional_without_obligation',
      'not_contained',
      'stale_review',
      'unused_obligation',
      'unused_reference',
      'version_without_compatibility',
    ]);
    expect((await work.call('GET', '/api/consistency', undefined, 'intern')).status).toBe(403);
    expect((await work.call('GET', '/api/consistency?rule=nope')).status).toBe(400);
  });
});

describe('a transfer to live with error findings', () => {
  it('answers 409 with the findings, for the actual state and for a backup, unless the request accepts them', async () => {
    const refused = await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual' }, 'admin', {
      'accept-language': 'de',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('transfer.findings');
    expect(refused.body.message).toContain('Konsistenzfehler');
    expect(refused.body.findings.map((x: { hrefs: string[] }) => x.hrefs[0])).toContain(
      `/api/compatibility_infos/${f.badInfo}`,
    );
    expect(await live.count('compatibility_infos')).toBeLessThan(await work.count('compatibility_infos'));

    const backup = (await work.call('POST', '/api/backups')).body.name as string;
    expect((await work.call('POST', '/api/db/uploads', { to: 'www', bkp: backup })).status).toBe(409);

    const accepted = await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual', accept_findings: true });
    expect(accepted.status).toBe(200);
    expect(await live.count('compatibility_infos')).toBe(await work.count('compatibility_infos'));
  });

  it('goes through once the errors are fixed', async () => {
    // The demo data holds one such status of its own; both get a text.
    await work.db
      .update(compatibilityInfos)
      .set({ obligation: 'Consistency fixture: fixed' })
      .where(and(eq(compatibilityInfos.status, 'conditional'), eq(sql`btrim(${compatibilityInfos.obligation})`, '')));
    expect((await work.call('GET', '/api/consistency?rule=conditional_without_obligation')).body.counts).toEqual({
      conditional_without_obligation: 0,
    });
    expect((await work.call('POST', '/api/db/uploads', { to: 'www', bkp: 'actual' })).status).toBe(200);
  });
});
