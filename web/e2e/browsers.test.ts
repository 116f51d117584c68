import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectObligationsFor, screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1000 } });

const dataOf = (page: Page) => new URL(page.url()).searchParams.get('data');

/** Filters the version list, picks `label` and waits for it to be in the address and the header. */
async function selectVersion(page: Page, heading: string, filter: string, label?: string) {
  await page.getByRole('textbox', { name: `Filter the list ${heading}` }).fill(filter);
  const versions = page.getByRole('listbox', { name: heading, exact: true });
  // Long names are cut on screen; the title holds the whole label.
  const option = label ? versions.locator(`[role=option][title="${label}"]`) : versions.getByRole('option').first();
  const chosen = label ?? (await option.getAttribute('title'));
  await option.click();
  await expect.poll(() => dataOf(page)).toBe(chosen);
  await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(chosen);
}

/** The rows of a compatibility list carry a status and a status colour. */
async function expectColouredRows(list: Locator) {
  await list.getByRole('option').first().waitFor();
  const rows = await list.getByRole('option').all();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows.slice(0, 4)) {
    expect(await row.getAttribute('data-status')).toMatch(/^(allowed|conditional|forbidden|irrelevant)$/);
    expect(await row.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  }
}

/** Clicks the first row of `list` and checks that its browser opens with the row's label as `data`. */
async function openFirstRow(page: Page, list: Locator, path: string) {
  const row = list.getByRole('option').first();
  const label = await row.getAttribute('title');
  await row.click();
  await page.waitForURL((url) => url.pathname === path && url.searchParams.get('data') === label);
  await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(label);
  await page.getByTestId('browser-loading').waitFor({ state: 'detached' });
}

describe('compatibility browsers', () => {
  for (const user of ['intern', 'extern'] as const) {
    it(`System Compatibility Browser as ${user}: pick a version, follow an assembly row`, async () => {
      const page = await openAs(user, '/evaluate/system-compatibility-browser');
      await selectVersion(page, 'System', 'brake control unit 1.9', 'Brake Control Unit 1.9.0');
      const systems = page.getByRole('listbox', { name: 'System Compatibility' });
      const assemblies = page.getByRole('listbox', { name: 'Assembly Compatibility' });
      await expectColouredRows(systems);
      await expectColouredRows(assemblies);
      await expectObligationsFor(page, user);
      await expect.poll(() => assemblies.getByTestId('assembly-warning').count()).toBeGreaterThan(0);
      await screenshot(page, `browser-system-${user}`);

      await openFirstRow(page, assemblies, '/evaluate/assembly-compatibility-browser');
      await expectColouredRows(page.getByRole('listbox', { name: 'System Compatibility' }));
      await screenshot(page, `browser-system-${user}-to-assembly`);
      await page.context().close();
    });

    it(`Assembly Compatibility Browser as ${user}: pick a version, follow a system row`, async () => {
      const page = await openAs(user, '/evaluate/assembly-compatibility-browser');
      await selectVersion(
        page,
        'Assembly',
        'Brake Pressure Regulator BPR-210 MAT-4551-01',
        'Brake Pressure Regulator BPR-210 MAT-4551-01',
      );
      const systems = page.getByRole('listbox', { name: 'System Compatibility' });
      await expectColouredRows(systems);
      await expectColouredRows(page.getByRole('listbox', { name: 'Assembly Compatibility' }));
      await expectObligationsFor(page, user);
      await screenshot(page, `browser-assembly-${user}`);

      await openFirstRow(page, systems, '/evaluate/system-compatibility-browser');
      await expectColouredRows(page.getByRole('listbox', { name: 'Assembly Compatibility' }));
      await screenshot(page, `browser-assembly-${user}-to-system`);
      await page.context().close();
    });

    it(`Sub-Assembly Compatibility Browser as ${user}: pick a version, follow an assembly row`, async () => {
      const page = await openAs(user, '/evaluate/subassembly-compatibility-browser');
      await selectVersion(page, 'Sub-Assembly', 'antenna cable set acs-830');
      const assemblies = page.getByRole('listbox', { name: 'Assembly Compatibility' });
      await expectColouredRows(assemblies);
      await expectColouredRows(page.getByRole('listbox', { name: 'Sub-Assembly Compatibility' }));
      await expectObligationsFor(page, user);
      await screenshot(page, `browser-subassembly-${user}`);

      await openFirstRow(page, assemblies, '/evaluate/assembly-compatibility-browser');
      await screenshot(page, `browser-subassembly-${user}-to-assembly`);
      await page.context().close();
    });
  }

  it('keeps the selection in a shared link and explains an unknown one', async () => {
    const page = await openAs('intern', '/evaluate/subassembly-compatibility-browser');
    await page.goto(
      `${new URL(page.url()).origin}/evaluate/system-compatibility-browser?data=${encodeURIComponent('tursteuerung 9.9.9')}`,
    );
    await expect
      .poll(() => page.getByTestId('no-match').textContent())
      .toContain('No version matches “tursteuerung 9.9.9”');
    await selectVersion(page, 'System', 'Door Control 2.1.0', 'Door Control 2.1.0');
    await expect.poll(() => page.getByTestId('no-match').count()).toBe(0);

    await page.goBack();
    await expect.poll(() => page.getByTestId('no-match').count()).toBe(1);
    await page.goForward();
    await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe('Door Control 2.1.0');
    await page.getByTestId('browser-loading').waitFor({ state: 'detached' });
    await screenshot(page, 'browser-shared-link');
    await page.context().close();
  });
});
