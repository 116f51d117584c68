import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.js';
import { baseUrl, liveUrl, screenshot, signIn, useBrowser } from './support/browser.js';
import { livePassword } from './support/live-secrets.js';

const { newPage, openAs } = useBrowser({ viewport: { width: 1440, height: 900 } });
const PHONE = { width: 390, height: 844 };

const downloads = mkdtempSync(path.join(os.tmpdir(), 'dp-e2e-downloads-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** The obligation text the journey gives one compatibility: short, so no report or list cuts it. */
const TOKEN = `E2E-${suffix}`;

/** Clicks `trigger` (e.g. the Yes of a confirmation) and saves the download it starts. */
async function download(page: Page, trigger: Locator, timeout = 120_000): Promise<{ name: string; file: string }> {
  const [started] = await Promise.all([page.waitForEvent('download', { timeout }), trigger.click()]);
  const name = started.suggestedFilename();
  const file = path.join(downloads, name);
  await started.saveAs(file);
  return { name, file };
}

/** Lets a dialog's opening or closing transition end before a screenshot. */
const settled = (page: Page) => page.waitForTimeout(400);

/** Takes a backup on the Backups screen; its name from the screen's notice. */
async function takeBackup(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Take backup now' }).click();
  const notice = page.getByTestId('backup-notice');
  await expect
    .poll(() => notice.textContent(), { timeout: 60_000 })
    .toMatch(/^Backup \d{4}-\d\d-\d\d_\d\d-\d\d-\d\d was taken\.$/);
  const name = /Backup (\S+) was taken/.exec((await notice.textContent()) ?? '')![1]!;
  await page.locator(`[data-testid="backup-row"][data-name="${name}"]`).waitFor();
  return name;
}

/** Scrolls a virtual list until an option whose title starts with `title` is rendered. */
async function optionIn(list: Locator, title: string): Promise<Locator> {
  const option = list.locator(`[role=option][title^="${title.replace(/"/g, '\\"')}"]`);
  for (let i = 0; i < 200 && (await option.count()) === 0; i++) {
    const end = await list.evaluate((element) => {
      element.scrollTop += element.clientHeight / 2;
      return element.scrollTop + element.clientHeight >= element.scrollHeight;
    });
    if (end && (await option.count()) === 0) break;
  }
  await option.first().waitFor({ timeout: 5_000 });
  return option.first();
}

/** What the journey changed, for the checks on the reports and on live. */
const changed = { system: '', systemVersionLabel: '', assemblyTitle: '', backup1: '', backup2: '', transferred: '' };

interface CatalogItem {
  href: string;
  name: string;
  versions: { href: string; name: string; name2?: string | null }[];
}
interface CompatibilityRecord {
  href: string;
  to: { href: string };
  etag: string;
  compatibility_info: { href: string; compatibility_status: string; obligation?: string };
}

const label = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * Gives one system version's first assembly compatibility a new obligation text (through the API, as
 * the compatibility screens do): the change the reports and the live instance must show.
 */
async function changeACompatibility(api: Api) {
  const info = await api<{ href: string }>(
    'POST',
    '/api/compatibility_infos',
    { compatibility_status: 'forbidden', obligation: TOKEN },
    { 'Content-Type': 'application/json' },
  );
  const systems = await api<CatalogItem[]>('GET', '/api/systems/versions');
  const assemblies = await api<CatalogItem[]>('GET', '/api/assemblies/versions');
  const assemblyLabel = new Map(
    assemblies.flatMap((item) => item.versions.map((v) => [v.href, label(item.name, v.name, v.name2)] as const)),
  );
  for (const system of systems) {
    for (const version of system.versions) {
      const records = await api<CompatibilityRecord[]>('GET', `${version.href}/compatibilities/assemblies`);
      const record = records.find(
        (r) => r.compatibility_info.compatibility_status !== 'forbidden' && assemblyLabel.has(r.to.href),
      );
      if (!record) continue;
      const toId = record.to.href.slice(record.to.href.lastIndexOf('/') + 1);
      await api(
        'PUT',
        `${version.href}/compatibilities/assemblies/${toId}`,
        { compatibility_info: { href: info.href } },
        { 'Content-Type': 'application/json', 'If-Match': record.etag },
      );
      changed.system = system.name;
      changed.systemVersionLabel = label(system.name, version.name, version.name2);
      changed.assemblyTitle = assemblyLabel.get(record.to.href)!;
      return;
    }
  }
  throw new Error('The demo data has no system version with an assembly compatibility');
}

describe('database tools as admin: backups, delta report, compatibility report, transfer to live, monitoring', () => {
  it('takes a backup, changes a compatibility, takes a second backup and downloads the delta report as PDF and HTML', async () => {
    const page = await openAs('admin', '/database/backups');
    await page.getByRole('heading', { name: 'Backups' }).waitFor();
    changed.backup1 = await takeBackup(page);
    await changeACompatibility(await apiAs(page, baseUrl()));
    // Backups are named by the second they were taken in.
    await page.waitForTimeout(1100);
    changed.backup2 = await takeBackup(page);
    await screenshot(page, 'database-admin-backups');

    await page.getByTestId('database-menu-delta-report').click();
    await page.getByRole('heading', { name: 'Delta report' }).waitFor();
    const pdf = page.getByRole('button', { name: 'Download PDF' });
    const html = page.getByRole('button', { name: 'Download HTML' });
    expect(await pdf.isDisabled()).toBe(true);
    await page.locator(`[data-testid="delta-backup1"] input[value="${changed.backup1}"]`).check();
    await page.locator(`[data-testid="delta-backup2"] input[value="${changed.backup1}"]`).check();
    // The same backup twice: no report.
    expect(await page.getByTestId('delta-hint').textContent()).toBe('Backup 1 and Backup 2 must be different.');
    expect(await pdf.isDisabled()).toBe(true);
    await page.locator(`[data-testid="delta-backup2"] input[value="${changed.backup2}"]`).check();
    expect(await pdf.isEnabled()).toBe(true);
    expect(await html.isEnabled()).toBe(true);

    for (const [type, button] of [
      ['pdf', pdf],
      ['html', html],
    ] as const) {
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Download delta report' });
      expect(await dialog.textContent()).toContain(`as ${type.toUpperCase()}?`);
      if (type === 'pdf') {
        await settled(page);
        await screenshot(page, 'database-admin-delta-confirm');
      }
      const progress = page.getByTestId('delta-progress');
      const saved = download(page, dialog.getByRole('button', { name: 'Yes' }));
      // The progress bar follows the job for both formats.
      await progress.waitFor();
      expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toMatch(/^\d+$/);
      if (type === 'html') {
        await settled(page);
        await screenshot(page, 'database-admin-delta-progress');
      }
      const { name, file } = await saved;
      expect(name).toBe(`delta-report-${changed.backup1}-${changed.backup2}.${type}`);
      await expect.poll(() => progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      // … and is gone 1.5 s after the end.
      await progress.waitFor({ state: 'detached', timeout: 5_000 });

      const text =
        type === 'pdf'
          ? execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
          : readFileSync(file, 'utf8');
      if (type === 'pdf') expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      else {
        expect(text.slice(0, 200).toLowerCase()).toContain('<!doctype html');
        // One self-contained file: nothing loaded from anywhere.
        expect(text).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|<img[^>]+src="https?:/i);
      }
      // The change, with the system it belongs to; the assembly's name as written in the report.
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain(TOKEN);
      expect(flat).toContain(changed.system);
      expect(flat).toContain(changed.assemblyTitle.split(' ')[0]);
    }
    await screenshot(page, 'database-admin-delta-report');
    await page.context().close();
  }, 300_000);

  it('downloads the compatibility report of all systems as XLSX and finds the change in it', async () => {
    expect(changed.system, 'the first journey changes a compatibility').not.toBe('');
    const page = await openAs('admin', '/database/compatibility-report');
    await page.getByRole('heading', { name: 'Compatibility report' }).waitFor();
    const button = page.getByRole('button', { name: 'Download report' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'All systems' }).check();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Download compatibility report' });
    expect(await dialog.textContent()).toContain('all systems');
    await settled(page);
    await screenshot(page, 'database-admin-report-confirm');
    const { name, file } = await download(page, dialog.getByRole('button', { name: 'Yes' }));
    expect(name).toBe('report.xlsx');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows: string[][] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((_, i) => row.getCell(i + 1).text))),
    );
    expect(rows.length).toBeGreaterThan(2);
    const row = rows.find((cells) => cells.includes(TOKEN));
    expect(row, `a row with ${TOKEN}`).toBeDefined();
    expect(row).toContain(changed.system);
    await page.context().close();
  }, 180_000);

  it('transfers the second backup to live after a typed confirmation, and live shows the change', async () => {
    expect(changed.backup2, 'the first journey takes the backups').not.toBe('');
    const page = await openAs('admin', '/database/transfer');
    await page.getByRole('heading', { name: 'Transfer', exact: true }).waitFor();
    const toLive = page.getByRole('button', { name: 'Transfer database', exact: true });
    await expect.poll(() => page.getByTestId('transfer-www-url').textContent()).toBe(liveUrl());
    expect(await toLive.isDisabled()).toBe(true);
    await page.locator(`[data-testid="transfer-backup"] input[value="${changed.backup2}"]`).check();
    await toLive.click();

    const dialog = page.getByRole('dialog', { name: 'Transfer to LIVE' });
    const details = (await dialog.getByTestId('transfer-confirm-details').textContent()) ?? '';
    expect(details).toContain('LIVE');
    expect(details).toContain(liveUrl());
    expect(details).toContain(changed.backup2);
    const confirm = dialog.getByRole('button', { name: 'Transfer to LIVE' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type LIVE to confirm' }).fill('LIVE');
    await settled(page);
    await screenshot(page, 'database-admin-transfer-confirm');
    await confirm.click();
    // The demo data holds a conditional status without text: live refuses it until the admin accepts it (issue 43).
    const findings = page.getByTestId('transfer-findings');
    await findings.waitFor({ timeout: 60_000 });
    expect(await findings.textContent()).toContain('has no obligation text');
    await screenshot(page, 'database-admin-transfer-findings');
    await findings.getByRole('button', { name: 'Publish to live anyway' }).click();
    const complete = page.getByTestId('transfer-complete');
    await complete.waitFor({ timeout: 120_000 });
    expect(await complete.textContent()).toContain('Transfer Complete');
    expect(await complete.textContent()).toContain(`Backup ${changed.backup2} is now on LIVE`);
    const history = page.getByTestId('transfer-history-row').first();
    await expect.poll(() => history.textContent()).toContain(changed.backup2);
    expect(await history.textContent()).toContain('admin');
    expect(await history.textContent()).toContain(liveUrl());
    await screenshot(page, 'database-admin-transfer-complete');
    await page.context().close();

    // On live: signed in there, read-only, with the changed compatibility.
    const live = await newPage();
    await signIn(live, 'admin', '/evaluate', livePassword('admin'), liveUrl());
    await live.getByTestId('nav-database').waitFor();
    expect(await live.getByTestId('nav-basic-data').count()).toBe(0);
    expect(await live.getByTestId('nav-compatibility').count()).toBe(0);
    await live.goto(
      `${liveUrl()}/evaluate/system-compatibility-browser?data=${encodeURIComponent(changed.systemVersionLabel)}`,
    );
    await expect
      .poll(() => live.getByTestId('selected-version').textContent(), { timeout: 30_000 })
      .toBe(changed.systemVersionLabel);
    const entry = await optionIn(live.getByRole('listbox', { name: 'Assembly Compatibility' }), changed.assemblyTitle);
    await expect.poll(() => entry.textContent()).toContain(TOKEN);
    expect(await entry.getAttribute('data-status')).toBe('forbidden');
    await screenshot(live, 'database-live-after-transfer');
    await live.goto(`${liveUrl()}/basic-data/systems`);
    await live.getByTestId('read-only-notice').waitFor();
    await screenshot(live, 'database-live-read-only');
    await live.context().close();
  }, 240_000);

  it('shows live and demo on the monitoring page', async () => {
    const page = await openAs('admin', '/monitoring');
    await page.getByRole('heading', { name: 'Monitoring (LIVE)' }).waitFor();
    const live = page.getByTestId('monitoring-live');
    await live.waitFor({ timeout: 30_000 });
    await page.getByTestId('monitoring-demo').waitFor();
    expect(await live.textContent()).toContain(liveUrl());
    expect(await page.getByTestId('monitoring-live-app').getAttribute('data-status')).toBe('ok');
    expect(await page.getByTestId('monitoring-live-db').getAttribute('data-status')).toBe('ok');
    expect(await page.getByTestId('monitoring-live-updated').textContent()).toMatch(
      /^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/,
    );
    // No demo instance in this setup: red, with the reason.
    expect(await page.getByTestId('monitoring-demo-app').getAttribute('data-status')).toBe('failed');
    expect(await page.getByTestId('monitoring-demo-reason').textContent()).not.toBe('');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => page.getByTestId('monitoring-refresh').isEnabled()).toBe(true);
    await screenshot(page, 'monitoring-admin');
    await page.context().close();
  });

  it('lays the screens out on a phone, for admin and extern', async () => {
    for (const [target, name] of [
      ['/database/delta-report', 'database-admin-delta-report-phone'],
      ['/database/transfer', 'database-admin-transfer-phone'],
      ['/database/backups', 'database-admin-backups-phone'],
      ['/monitoring', 'monitoring-admin-phone'],
    ] as const) {
      const page = await newPage({ viewport: PHONE });
      await signIn(page, 'admin', target);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (target === '/monitoring') await page.getByTestId('monitoring-live').waitFor({ timeout: 30_000 });
      else await page.locator('input[type=radio], [data-testid="backups-table"]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, name);
      await page.context().close();
    }

    for (const viewport of [undefined, PHONE]) {
      const page = await newPage(viewport ? { viewport } : {});
      await signIn(page, 'extern', '/database/compatibility-report');
      await page.getByRole('heading', { name: 'Compatibility report' }).waitFor();
      // Extern: the report, none of the work tools.
      const menu = page.getByRole('navigation', { name: 'Database' });
      expect(await menu.getByRole('link').allTextContents()).toEqual(['Compatibility report']);
      await page.getByRole('combobox', { name: 'System' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('button', { name: 'Download report' }).click();
      const { name } = await download(page, page.getByRole('dialog').getByRole('button', { name: 'Yes' }));
      expect(name).toBe('report.xlsx');
      await screenshot(page, viewport ? 'database-extern-report-phone' : 'database-extern-report');
      await page.goto(`${baseUrl()}/database/transfer`);
      await page.getByTestId('requires-role').waitFor();
      await page.context().close();
    }
  }, 240_000);
});
