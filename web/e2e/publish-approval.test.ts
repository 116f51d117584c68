import type { InstanceStatus, PublishRequest, PublishRequestList } from '@dp/contract';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../server/src/db/embedded.js';
import { apiAs } from './support/api.js';
import { screenshot, signIn, useBrowser } from './support/browser.js';
import { startInstance, type Instance } from './support/global-setup.js';
import { livePassword, liveSecretsEnv } from './support/live-secrets.js';

/*
 * Four-eyes publishing (issue 44) on a pair of instances of its own: the shared work instance publishes
 * without approval, and what this journey publishes must not change the live instance other journeys read.
 */
const { newPage } = useBrowser({ viewport: { width: 1440, height: 900 } });
const transferToken = randomBytes(32).toString('hex');
let work: Instance | undefined;
let live: Instance | undefined;
const workUrl = () => work!.url;
const liveUrl = () => live!.url;

beforeAll(async () => {
  const workPort = await freeLoopbackPort();
  let livePort = await freeLoopbackPort();
  while (livePort === workPort) livePort = await freeLoopbackPort();
  const started = await Promise.allSettled([
    startInstance('approval-live', livePort, {
      DEPLOYMENT: 'live',
      TRANSFER_TOKEN: transferToken,
      BACKUP_SCHEDULE: 'off',
      ...liveSecretsEnv(),
    }),
    // PUBLISH_APPROVAL is left unset: four eyes are the default once LIVE_URL is.
    startInstance('approval-work', workPort, {
      DEPLOYMENT: 'work',
      LIVE_URL: `http://localhost:${livePort}`,
      TRANSFER_TOKEN: transferToken,
      BACKUP_SCHEDULE: 'off',
    }),
  ]);
  [live, work] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});
afterAll(async () => {
  await Promise.all([work?.stop(), live?.stop()]);
});

/** A page signed in on this journey's work instance; its demo users keep their default passwords. */
async function openAs(user: string, target: string) {
  const page = await newPage();
  await signIn(page, user, target, user, workUrl());
  return page;
}

const liveStatus = async () =>
  (await (
    await fetch(`${liveUrl()}/api/db/status`, { headers: { authorization: `Bearer ${transferToken}` } })
  ).json()) as InstanceStatus;

/** The toolbar's count of open publish requests, once shown. */
const toolbarCount = (page: Page) => page.getByTestId('nav-publish-requests').getByTestId('publish-requests-count');

describe('four-eyes publishing in the browser', () => {
  it('admin asks with a reason and cannot approve; the reviewer sees the count, reads the report, approves; live records both', async () => {
    const system = `Four-eyes system ${randomBytes(3).toString('hex')}`;
    const admin = await openAs('admin', '/evaluate');
    const adminApi = await apiAs(admin, workUrl());
    // Live must hold a publication from work before a report can compare with it: a first one, decided
    // through the API, then a change for the reviewer to find in the report.
    const first = await adminApi<PublishRequest>('POST', '/api/db/uploads', {
      to: 'www',
      bkp: 'actual',
      reason: 'First publication',
      accept_findings: true,
    });
    const reviewerSetup = await openAs('reviewer', '/evaluate');
    await (
      await apiAs(reviewerSetup, workUrl())
    )('POST', `${first.href}/approve`, { comment: '' });
    await reviewerSetup.context().close();
    expect((await liveStatus()).last_publication).toMatchObject({ requested_by: 'admin', approved_by: 'reviewer' });
    await adminApi('POST', '/api/systems', { name: system, description: 'published with four eyes' });

    // The admin asks for the publication of the actual state, with a reason.
    await admin.goto(`${workUrl()}/database/transfer`);
    await admin.getByRole('heading', { name: 'Transfer', exact: true }).waitFor();
    await admin.getByRole('checkbox', { name: 'Actual database state' }).check();
    await admin.getByRole('button', { name: 'Transfer database', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Transfer to LIVE' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('New system for the depot');
    await dialog.getByRole('textbox', { name: 'Type LIVE to confirm' }).fill('LIVE');
    await dialog.getByRole('button', { name: 'Transfer to LIVE' }).click();
    // The demo data holds a conditional status without text (issue 43): accepted when asking.
    await admin.getByTestId('transfer-findings').waitFor({ timeout: 60_000 });
    await admin.getByTestId('transfer-accept-findings').click();
    await admin.getByTestId('publish-requested').waitFor({ timeout: 60_000 });
    const requested = (await adminApi<PublishRequestList>('GET', '/api/publish-requests')).requests[0]!;
    expect(requested).toMatchObject({ status: 'open', requested_by: 'admin', reason: 'New system for the depot' });
    await expect.poll(() => toolbarCount(admin).textContent()).toBe('1');

    // The requester's own Approve is refused, with the reason, and changes nothing.
    const row = admin.getByTestId('publish-request-row').filter({ hasText: 'New system for the depot' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => admin.getByTestId('error-banner').textContent())
      .toContain('You asked for this publication yourself; another admin must approve or reject it.');
    await screenshot(admin, 'publish-approval-own-request');
    expect((await adminApi<PublishRequestList>('GET', '/api/publish-requests')).open).toBe(1);

    // Signed out; the reviewer signs in on the same browser.
    await admin.getByTestId('user-menu').click();
    await admin.getByTestId('user-menu-logout').click();
    await admin.waitForURL((url) => url.pathname === '/home', { timeout: 30_000 });
    await admin.context().close();
    const reviewer = await openAs('reviewer', '/evaluate');
    await expect.poll(() => toolbarCount(reviewer).textContent(), { timeout: 30_000 }).toBe('1');
    await screenshot(reviewer, 'publish-approval-toolbar-count');
    await reviewer.getByTestId('nav-publish-requests').click();
    await reviewer.waitForURL((url) => url.pathname === '/database/transfer');
    const open = reviewer.getByTestId('publish-request-row').filter({ hasText: 'New system for the depot' });
    expect(await open.textContent()).toContain(requested.backup);

    // The report shows the change between live and the request's backup.
    const [download] = await Promise.all([
      reviewer.waitForEvent('download', { timeout: 60_000 }),
      open.getByRole('button', { name: 'Report (HTML)' }).click(),
    ]);
    expect(readFileSync((await download.path())!, 'utf8')).toContain(system);

    await open.getByRole('textbox', { name: 'Comment' }).fill('Checked the report');
    await open.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => open.textContent(), { timeout: 120_000 }).toContain('published');
    expect(await open.textContent()).toContain('reviewer — Checked the report');
    await expect.poll(() => reviewer.getByTestId('nav-publish-requests').count()).toBe(0);
    await screenshot(reviewer, 'publish-approval-approved');

    // Live records the publication with both names, and monitoring on work shows it.
    expect((await liveStatus()).last_publication).toMatchObject({
      backup: requested.backup,
      requested_by: 'admin',
      approved_by: 'reviewer',
    });
    await reviewer.goto(`${workUrl()}/monitoring`);
    await expect
      .poll(() => reviewer.getByTestId('monitoring-live-publication').textContent(), { timeout: 30_000 })
      .toContain(`${requested.backup}, asked for by admin, approved by reviewer`);
    await screenshot(reviewer, 'publish-approval-monitoring');
    await reviewer.context().close();

    // Live holds the published state.
    const reader = await newPage();
    await signIn(reader, 'intern', '/evaluate', livePassword('intern'), liveUrl());
    const systems = await (await apiAs(reader, liveUrl()))<{ name: string }[]>('GET', '/api/systems');
    expect(systems.map((s) => s.name)).toContain(system);
    await reader.context().close();
  }, 300_000);
});
