import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1440, height: 1000 } });

describe('Consistency check', () => {
  it('as admin: checks the data rule by rule, filters the findings and follows one to its fix', async () => {
    const page = await openAs('admin', '/database/consistency');
    await page.getByRole('button', { name: 'Check the data' }).click();
    const progress = page.getByTestId('consistency-progress');
    await expect
      .poll(() => progress.getByRole('progressbar').getAttribute('aria-valuenow'), { timeout: 60_000 })
      .toBe('100');

    // The demo data's conditional status without text is an error, with a link to the obligation texts.
    const errors = page.getByTestId('consistency-rule-conditional_without_obligation');
    await expect.poll(() => errors.textContent()).toContain('has no obligation text');
    await page.getByRole('textbox', { name: 'Filter the findings' }).fill('obligation');
    await page.getByTestId('consistency-severity').getByText('Errors').click();
    await expect.poll(() => page.getByTestId('consistency-rule-stale_review').count()).toBe(0);
    await screenshot(page, 'consistency-admin');
    await errors.getByRole('link', { name: 'Fix it' }).first().click();
    await page.waitForURL((url) => url.pathname === '/basic-data/obligations-intern');
    await page.context().close();
  });

  it('is refused to intern', async () => {
    const page = await openAs('intern', '/database/consistency');
    await page.getByTestId('requires-role').waitFor();
    await page.context().close();
  });
});
