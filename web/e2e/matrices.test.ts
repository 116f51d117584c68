import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectObligationsFor, screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1600 } });

const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const STATUS_TEXT = /^(Allowed|Conditional|Forbidden|Irrelevant)$/;

/** Opens the select labelled `label` inside `scope`, optionally types a search, and returns its options. */
async function openSelect(page: Page, scope: Page | Locator, label: string, search?: string): Promise<Locator> {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (search !== undefined) await input.fill(search);
  const listbox = page.getByRole('listbox').filter({ visible: true });
  await listbox.getByRole('option').first().waitFor();
  return listbox.getByRole('option');
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  const options = await openSelect(page, scope, label);
  await options.filter({ hasText: option }).first().click();
}

/** Picks the first `count` options of a multi-select (after an optional search) and closes it. */
async function chooseFirst(
  page: Page,
  scope: Page | Locator,
  label: string,
  count: number,
  search?: string,
): Promise<string[]> {
  const picked: string[] = [];
  for (let i = 0; i < count; i++) {
    // Each pick clears the search, so it is typed again.
    const option = (await openSelect(page, scope, label, search)).nth(i);
    picked.push((await option.textContent()) ?? '');
    await option.click();
  }
  await page.keyboard.press('Escape');
  return picked;
}

/** The matrix: coloured status cells, rotated column headings, the status in a tooltip. */
async function expectMatrix(page: Page, user: 'intern' | 'extern') {
  const table = page.locator('table[aria-label]');
  await table.locator('td[data-status]').first().waitFor({ timeout: 30_000 });
  const cells = table.locator('td[data-status]');
  expect(await cells.count()).toBeGreaterThan(0);
  expect(await cells.first().evaluate((cell) => getComputedStyle(cell).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  const headings = table.locator('th[scope="col"]');
  expect(await headings.count()).toBeGreaterThan(0);
  expect(
    await headings
      .first()
      .locator('[data-orientation="vertical"]')
      .evaluate((box) => getComputedStyle(box).writingMode),
  ).toBe('vertical-rl');

  await cells.first().hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  const lines = await tooltip.locator('p').allTextContents();
  expect(lines[0]).toMatch(STATUS_TEXT);
  if (user === 'extern') expect(lines).toHaveLength(1);
  await expectObligationsFor(page, user);
  return table;
}

/** A screenshot with the tooltip of the last coloured cell open. */
async function showTooltipAndShoot(page: Page, table: Locator, name: string) {
  await page.mouse.move(1400, 1500);
  await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  await table.locator('td[data-status]').last().hover();
  const tooltip = page.getByRole('tooltip');
  // Shot once it has faded in.
  await expect.poll(() => tooltip.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await screenshot(page, name);
}

describe('System - Assembly Matrix', () => {
  for (const user of ['intern', 'extern'] as const) {
    it(`as ${user}: system, version, assemblies and related assemblies give a coloured matrix`, async () => {
      const page = await openAs(user, '/evaluate/system-assembly-matrix');
      await choose(page, page, 'System', 'ETCS Onboard Unit');
      await choose(page, page, 'Version number', '1.6.2');
      await expect.poll(() => searchOf(page)).toEqual({ system: expect.any(String), version: expect.any(String) });

      const rows = await chooseFirst(page, page, 'Select Component', 3, 'Juridical');
      expect(rows.every((label) => label.startsWith('Juridical Recording Unit JRU-200'))).toBe(true);
      // One related assembly that is also a row (its self cell is inactive), then two more.
      await chooseFirst(page, page, 'Select Version', 1, 'Juridical');
      await chooseFirst(page, page, 'Select Version', 2);
      await expect.poll(() => searchOf(page).others?.split(',').length).toBe(3);

      const table = await expectMatrix(page, user);
      expect(await table.locator('tbody th[scope="row"]').count()).toBe(3);
      expect(await table.locator('td[data-self]').count()).toBe(1);
      await showTooltipAndShoot(page, table, `matrix-system-assembly-${user}`);

      // Back undoes the last choice; another system clears the version; Reset clears everything.
      await page.goBack();
      await expect.poll(() => searchOf(page).others?.split(',').length).toBe(2);
      await choose(page, page, 'System', 'Door Control');
      await expect.poll(() => searchOf(page)).toEqual({ system: expect.any(String) });
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => searchOf(page)).toEqual({});
      await page.context().close();
    });
  }

  it('names the unusable part of a link and keeps the rest', async () => {
    const page = await openAs('extern', '/evaluate/system-assembly-matrix');
    await page.goto(`${page.url()}?system=1&version=999999&assemblies=x`);
    const alert = page.getByTestId('matrix-invalid-link');
    // The version is judged once the system's own versions have arrived (GET /api/systems/1), which on a
    // loaded CI machine can take longer than the poll's default second.
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('version 999999');
    expect(await alert.textContent()).toContain('assembly version x');
    await choose(page, page, 'Version number', '1.6.2');
    await expect.poll(() => searchOf(page)).toEqual({ system: '1', version: expect.any(String) });
    await expect.poll(() => alert.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('System - System - Assembly Matrix', () => {
  for (const user of ['intern', 'extern'] as const) {
    it(`as ${user}: block 0 against a related system gives a coloured, grouped matrix`, async () => {
      const page = await openAs(user, '/evaluate/system-system-assembly-matrix');
      const block0 = page.getByTestId('matrix-block-0');
      const block1 = page.getByTestId('matrix-block-1');
      await choose(page, block0, 'System', 'ETCS Onboard Unit');
      await choose(page, block0, 'Version number', '1.6.2');
      expect(await block1.count()).toBe(0);
      // The juridical recording unit is shared with Door Control, so assemblies there relate to it.
      await chooseFirst(page, block0, 'Select Component', 3, 'Juridical');
      await block1.waitFor();

      // Block 1 offers only related systems; ETCS, taken by block 0, is disabled.
      const systems = await openSelect(page, block1, 'System');
      await expect
        .poll(() => systems.filter({ hasText: 'ETCS Onboard Unit' }).getAttribute('aria-disabled'))
        .toBe('true');
      await systems.filter({ hasText: 'Door Control' }).click();
      const versions = await openSelect(page, block1, 'Version number');
      await versions.first().click();
      await chooseFirst(page, block1, 'Select Component', 3);
      await expect.poll(() => searchOf(page).assemblies1?.split(',').length).toBe(3);

      const table = await expectMatrix(page, user);
      expect(await table.locator('th[scope="colgroup"]').first().textContent()).toMatch(/^Door Control \d+\.\d+\.\d+$/);
      expect(await table.locator('th[scope="col"]').count()).toBe(3);
      await showTooltipAndShoot(page, table, `matrix-system-system-assembly-${user}`);

      // Choosing Door Control again deselects it (and its version and assemblies); Back brings it back.
      await choose(page, block1, 'System', 'Door Control');
      await expect.poll(() => searchOf(page).system1).toBeUndefined();
      await page.goBack();
      await expect.poll(() => searchOf(page).assemblies1?.split(',').length).toBe(3);
      await table.locator('td[data-status]').first().waitFor();
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => searchOf(page)).toEqual({});
      await page.context().close();
    });
  }
});
