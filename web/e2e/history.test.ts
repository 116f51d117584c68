import type { AuditEntry, HistoryPage } from '@dp/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1000 } });

const LABEL = 'Brake Control Unit 1.9.0';
const NEW = `E2E history ${Date.now().toString(36)}`;

const browserPath = (at?: string) =>
  `/evaluate/system-compatibility-browser?${new URLSearchParams({ data: LABEL, ...(at ? { at } : {}) })}`;

/** Opens the System Compatibility Browser on LABEL (as of `at`, else now) and waits for its lists. */
async function openBrowser(page: Page, at?: string) {
  await page.goto(`${baseUrl()}${browserPath(at)}`);
  await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(LABEL);
  await page.getByTestId('browser-loading').waitFor({ state: 'detached' });
}

/** How many rows of the assembly list show `text` as their obligation (the whole text is the row's title). */
const rowsShowing = (page: Page, text: string) =>
  page
    .getByRole('listbox', { name: 'Assembly Compatibility' })
    .locator(`[role=option] [data-status] [title="${text}"]`)
    .count();

describe('the catalog’s history (issue 41)', () => {
  it('admin changes an obligation, reads it in the history, sees the old text as of before, and restores it', async () => {
    const page = await openAs('admin', '/evaluate/system-compatibility-browser');
    await openBrowser(page);
    // The first row with an obligation text: the text the journey changes.
    const shown = page
      .getByRole('listbox', { name: 'Assembly Compatibility' })
      .locator('[role=option] [data-status] [title]')
      .first();
    const old = (await shown.getAttribute('title'))!;
    expect(old.length).toBeGreaterThan(0);
    const api = await apiAs(page, baseUrl());
    let before: string | undefined;
    let restored = false;
    try {
      // Change it on its editing screen.
      await page.goto(`${baseUrl()}/basic-data/obligations-intern`);
      await page.getByRole('textbox', { name: 'Filter Obligation-Text' }).fill(old);
      await expect.poll(() => page.getByTestId('table-row').count()).toBe(1);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByTestId('table-row').first().getByRole('button', { name: 'Edit row' }).click();
      const text = page.locator('tr[data-editing]').getByRole('textbox', { name: 'Obligation-Text' });
      await text.fill(NEW);
      await text.press('Enter');
      await expect.poll(() => page.getByTestId('table-status').textContent()).toBe('1 row saved');
      await page.getByRole('button', { name: 'Finish editing' }).click();

      const [change] = (await api<HistoryPage>('GET', '/api/audit?entity=compatibility_info&limit=1')).items as [
        AuditEntry,
      ];
      before = new Date(Date.parse(change.at) - 1).toISOString();
      expect(change.changes).toContainEqual({ field: 'obligation', before: old, after: NEW });

      // The history shows the entry with before → after.
      await page.goto(`${baseUrl()}/database/history`);
      const entry = page.getByTestId('history-row').filter({ hasText: NEW }).first();
      await expect
        .poll(() =>
          entry
            .getByTestId('history-change')
            .filter({ hasText: /^obligation:/ })
            .textContent(),
        )
        .toBe(`obligation: ${old} → ${NEW}`);
      await screenshot(page, 'history-screen');

      // The browser as of just before the change: the old text, with the banner; back to now: the new one.
      await openBrowser(page, before);
      await expect.poll(() => rowsShowing(page, old)).toBeGreaterThan(0);
      expect(await rowsShowing(page, NEW)).toBe(0);
      const banner = page.getByTestId('as-of-banner');
      expect(await banner.textContent()).toMatch(/^As of \d\d\.\d\d\.\d{4} \d\d:\d\d/);
      expect(await page.getByTestId('as-of-input').inputValue()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
      await screenshot(page, 'history-browser-as-of');
      await banner.getByRole('button', { name: 'Back to now' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.has('at')).toBe(false);
      await expect.poll(() => rowsShowing(page, NEW)).toBeGreaterThan(0);
      expect(await rowsShowing(page, old)).toBe(0);
      expect(await banner.count()).toBe(0);

      // Restore the state before the change from its history row, typing RESTORE.
      await page.goto(`${baseUrl()}/database/history`);
      await entry.getByTestId('history-restore').click();
      const dialog = page.getByTestId('restore-confirm');
      await dialog.getByTestId('restore-confirm-input').fill('RESTORE');
      await screenshot(page, 'history-restore-confirm');
      await dialog.getByTestId('confirm-yes').click();
      await page.getByTestId('restore-done').waitFor({ timeout: 60_000 });
      restored = true;

      await openBrowser(page);
      await expect.poll(() => rowsShowing(page, old)).toBeGreaterThan(0);
      expect(await rowsShowing(page, NEW)).toBe(0);
    } finally {
      // Leave the shared work instance as the journey found it, even when a step above failed.
      if (before && !restored) await api('POST', '/api/db/restore', { bkp: `@${before}` });
    }
    await page.context().close();
  });
});
