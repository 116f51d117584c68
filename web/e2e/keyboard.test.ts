import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { liveUrl, screenshot, useBrowser } from './support/browser.js';
import { tabTo } from './support/keyboard.js';

// Keyboard only (issue 45): after signing in, no click, no fill; every Tab stop shows where the focus is.
const { openAs } = useBrowser({ viewport: { width: 1600, height: 1000 } });

/** On a relation screen: the first item of the list, then its first version, until their table shows. */
async function chooseFirstVersion(page: Page) {
  await page.getByTestId('items-list-entry').first().waitFor();
  await tabTo(page, '[data-testid="items-list-entry"]');
  await page.keyboard.press('Enter');
  await page.getByTestId('versions-list-entry').first().waitFor();
  await tabTo(page, '[data-testid="versions-list-entry"]');
  await page.keyboard.press('Enter');
  await page.getByTestId('table-row').first().waitFor();
}

/** Types into the relation table's column filters until one row is left. */
async function filterTo(page: Page, assembly: string, partNumber: string) {
  await tabTo(page, 'input[aria-label="Filter Assembly"]');
  await page.keyboard.type(assembly);
  await tabTo(page, 'input[aria-label="Filter Part number (GS)"]');
  await page.keyboard.type(partNumber);
  await expect.poll(() => page.getByTestId('table-row').count()).toBe(1);
}

describe('keyboard only', () => {
  it('intern searches, chooses a hint, opens a result and lands on its version in the browser', async () => {
    const page = await openAs('intern', '/evaluate');
    await page.getByTestId('smart-search-input').waitFor();
    await tabTo(page, '[data-testid="smart-search-input"]');
    await page.keyboard.type('Door Control', { delay: 40 });
    const hint = page.getByRole('option').first();
    await hint.waitFor();
    const hintText = (await hint.textContent()) ?? '';
    expect(hintText).toContain('Door Control');
    // The first hint, taken with the arrow and Enter; the focus stays in the input meanwhile.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hint.getAttribute('data-combobox-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('smart-search-count').textContent()).toMatch(/^Results: [1-9]/);

    // The first result's link, reached with Tab, opens it with Enter.
    await page.locator('a[aria-label^="Open "]').first().waitFor();
    await tabTo(page, 'a[aria-label^="Open "]');
    // The row's parent, name and name2 name the version the browser must show.
    const cells = await page.evaluate(() =>
      [...(document.activeElement?.closest('tr')?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent ?? ''),
    );
    expect(cells[3]).toBe('System');
    const label = cells.slice(0, 3).filter(Boolean).join(' ');
    expect(label).toContain('Door Control');
    await screenshot(page, 'keyboard-search-result');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/evaluate/system-compatibility-browser');
    expect(new URL(page.url()).searchParams.get('data')).toBe(label);
    await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(label);
    await page.context().close();
  });

  it('admin edits a relation row, sets its status and saves it', async () => {
    const page = await openAs('admin', '/compatibility/systems-assemblies-compatibility');
    await chooseFirstVersion(page);

    // A row without a relation yet, found by its assembly and part number through the column filters.
    const candidate = page
      .getByTestId('table-row')
      .filter({ has: page.locator('td[data-column="version"]', { hasText: /\S/ }) })
      .filter({ hasNot: page.locator('td[data-column="obligation"] [data-status]') })
      .first();
    const rowId = (await candidate.getAttribute('data-row-id')) ?? '';
    const assembly = ((await candidate.locator('td[data-column="item"]').textContent()) ?? '').trim();
    const partNumber = ((await candidate.locator('td[data-column="version"]').textContent()) ?? '').trim();
    expect(rowId && assembly && partNumber).toBeTruthy();
    await filterTo(page, assembly, partNumber);
    const row = page.locator(`[data-testid="table-row"][data-row-id="${rowId}"]`);

    // Edit mode with the toolbar's button, back up the page from the filters.
    await tabTo(page, 'button[aria-pressed="false"]', { backwards: true, text: 'Edit' });
    await page.keyboard.press('Enter');
    const obligation = row.getByRole('combobox', { name: 'Obligation text' });
    await obligation.waitFor();
    await tabTo(page, `[data-row-id="${rowId}"] input[aria-label="Obligation text"]`);
    // The select's list: typed to the status, taken with the arrow and Enter.
    await page.keyboard.type('Forbidden');
    await page
      .getByRole('option', { name: /^Forbidden/ })
      .first()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => obligation.inputValue()).toMatch(/^Forbidden/);
    await screenshot(page, 'keyboard-relation-edit');

    await tabTo(page, 'button', { backwards: true, text: 'Save all' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('table-status').allTextContents()).toEqual(['1 row saved']);
    // 'Save all' is disabled now; the outcome has the focus, and shows it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('table-status');
    expect(await page.getByTestId('table-status').evaluate((element) => getComputedStyle(element).outlineStyle)).toBe(
      'solid',
    );

    // What the server has, after a reload, found the same way.
    await page.reload();
    await chooseFirstVersion(page);
    await filterTo(page, assembly, partNumber);
    await expect
      .poll(() => row.locator('td[data-column="obligation"] [data-status]').getAttribute('data-status'))
      .toBe('forbidden');
    await page.context().close();
  });

  it('admin transfers the actual state to live after typing the confirmation', async () => {
    const page = await openAs('admin', '/database/transfer');
    await expect.poll(() => page.getByTestId('transfer-www-url').textContent()).toBe(liveUrl());
    await tabTo(page, '[data-testid="transfer-actual"]');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('transfer-actual').isChecked()).toBe(true);
    await tabTo(page, '[data-testid="transfer-www"]');
    await page.keyboard.press('Enter');

    // The dialog: its confirm button stays off until LIVE is typed; Enter in the field confirms.
    const dialog = page.getByRole('dialog', { name: 'Transfer to LIVE' });
    await dialog.waitFor();
    await tabTo(page, '[data-testid="transfer-confirm-input"]');
    await page.keyboard.type('LIVE');
    const confirm = dialog.getByRole('button', { name: 'Transfer to LIVE' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await tabTo(page, 'button', { text: 'Transfer to LIVE' });
    await screenshot(page, 'keyboard-transfer-confirm');
    await page.keyboard.press('Enter');

    // The demo data's deliberate consistency error: published anyway, with the keyboard.
    const findings = page.getByTestId('transfer-findings');
    await findings.waitFor({ timeout: 60_000 });
    await tabTo(page, '[data-testid="transfer-accept-findings"]');
    await page.keyboard.press('Enter');
    const complete = page.getByTestId('transfer-complete');
    await complete.waitFor({ timeout: 120_000 });
    expect(await complete.textContent()).toContain('Transfer Complete');
    // The button went with the findings; the outcome has the focus, and shows it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('transfer-complete');
    expect(await complete.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await page.context().close();
  }, 240_000);
});
