import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1000 } });

/** What the app keeps for offline use: the saved systems' names, and the identity for an offline start. */
const savedState = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('dp-offline', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error('IndexedDB did not open'));
    });
    const meta = await new Promise<{ systems: Array<{ name: string }>; bytes: number } | undefined>(
      (resolve, reject) => {
        const get = db.transaction('meta').objectStore('meta').get('current');
        get.onsuccess = () => resolve(get.result as never);
        get.onerror = () => reject(new Error('IndexedDB did not read'));
      },
    );
    db.close();
    return {
      systems: meta?.systems.map((system) => system.name) ?? [],
      bytes: meta?.bytes ?? 0,
      identity: localStorage.getItem('dp.offline.identity'),
    };
  });

describe('offline reading', () => {
  it('saves a system, opens the app without network, browses and searches it; logout removes the data', async () => {
    const page = await openAs('intern', '/offline');
    await page.getByRole('checkbox', { name: 'Door Control', exact: true }).check();
    await page.getByRole('button', { name: 'Save for offline use' }).click();
    await expect
      .poll(() => page.getByTestId('offline-saved').textContent(), { timeout: 60_000 })
      .toBe('1 system saved for offline use.');
    const saved = await savedState(page);
    expect(saved.systems).toEqual(['Door Control']);
    expect(saved.bytes).toBeGreaterThan(0);
    expect(await page.getByTestId('offline-state').textContent()).toMatch(
      /^1 system saved, data as of .+ on this device\.$/,
    );
    // The service worker has the app shell before the network goes.
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((ready) => ready.active !== null))).toBe(true);

    const context = page.context();
    await context.setOffline(true);
    await page.goto(`${new URL(page.url()).origin}/evaluate/system-compatibility-browser`);
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toMatch(/^offline — data as of /);
    const versions = page.getByRole('listbox', { name: 'System', exact: true });
    await versions.getByRole('option').first().waitFor();
    const labels = await versions
      .getByRole('option')
      .evaluateAll((options) => options.map((o) => o.getAttribute('title')));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((label) => label?.startsWith('Door Control '))).toBe(true);
    await versions.getByRole('option').first().click();
    const assemblies = page.getByRole('listbox', { name: 'Assembly Compatibility' });
    await assemblies.getByRole('option').first().waitFor();
    expect(await assemblies.getByRole('option').count()).toBeGreaterThan(0);
    await screenshot(page, 'offline-system-browser');

    await page.goto(`${new URL(page.url()).origin}/evaluate`);
    await page.getByRole('textbox', { name: 'Smart search' }).fill('Door Control');
    await page.getByRole('textbox', { name: 'Smart search' }).press('Enter');
    await expect.poll(() => page.getByTestId('smart-search-count').textContent()).toMatch(/^Results: [1-9]/);
    const firstRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'System', exact: true }) });
    await firstRow.first().waitFor();
    expect(await firstRow.first().getByRole('cell').first().textContent()).toBe('Door Control');
    await screenshot(page, 'offline-search');

    // A new window has no session (tokens live in sessionStorage): offline, it opens as the saved user.
    const fresh = await context.newPage();
    await fresh.goto(`${new URL(page.url()).origin}/evaluate/system-compatibility-browser`);
    await expect.poll(() => fresh.getByTestId('offline-banner').textContent()).toMatch(/^offline — data as of /);
    await fresh.getByRole('listbox', { name: 'System', exact: true }).getByRole('option').first().waitFor();
    await fresh.close();

    await context.setOffline(false);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/home');
    expect(await savedState(page)).toEqual({ systems: [], bytes: 0, identity: null });
    await context.close();
  });
});
