import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectObligationsFor, screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1100 } });

const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const pick = (page: Page, list: string, option: string) =>
  page.getByRole('listbox', { name: list, exact: true }).getByRole('option', { name: option, exact: true }).click();

describe('System Delta Browser', () => {
  for (const user of ['intern', 'extern'] as const) {
    it(`as ${user}: compare two versions, follow a changed assembly, reset`, async () => {
      const page = await openAs(user, '/evaluate/system-delta-browser');
      await pick(page, 'System', 'Brake Control Unit');
      await pick(page, 'Version 1', '1.9.0');
      await pick(page, 'Version 2', '1.10.0');
      await expect.poll(() => searchOf(page)).toMatchObject({ v1: expect.any(String), v2: expect.any(String) });

      const assemblies = page.getByRole('region', { name: 'Assembly Compatibility' });
      const changed = assemblies.locator('tr[data-changed]');
      await changed.first().waitFor();
      expect(await changed.count()).toBeGreaterThan(0);
      expect(await changed.first().evaluate((row) => getComputedStyle(row).backgroundColor)).not.toBe(
        'rgba(0, 0, 0, 0)',
      );
      expect(await assemblies.locator('[data-status]').count()).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByRole('region', { name: 'System Compatibility' }).locator('tbody tr').count())
        .toBeGreaterThan(0);
      await expectObligationsFor(page, user);
      await screenshot(page, `delta-${user}`);

      // Choosing another system clears both versions; Reset clears everything.
      await pick(page, 'System', 'Door Control');
      await expect.poll(() => searchOf(page)).toEqual({ system: expect.any(String) });
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => searchOf(page)).toEqual({});
      await page.goBack();
      await page.goBack();
      await changed.first().waitFor();

      const link = changed.first().getByRole('link');
      const label = await link.locator('..').locator('..').getAttribute('title');
      await link.click();
      await page.waitForURL(
        (url) => url.pathname === '/evaluate/assembly-compatibility-browser' && url.searchParams.get('data') === label,
      );
      await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(label);
      await page.getByRole('listbox', { name: 'System Compatibility' }).getByRole('option').first().waitFor();
      await page.getByTestId('browser-loading').waitFor({ state: 'detached' });
      await screenshot(page, `delta-${user}-to-assembly`);
      await page.context().close();
    });
  }
});
