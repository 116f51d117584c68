import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { screenshot, signIn, useBrowser } from './support/browser.js';

const { browser, newPage, openAs } = useBrowser();

/** Counts the hint requests the page sends from now on. */
function countHintRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/search/hint') count++;
  });
  return () => count;
}

const browserPath = {
  System: '/evaluate/system-compatibility-browser',
  Assembly: '/evaluate/assembly-compatibility-browser',
};

/**
 * Types `word` quickly, waits for the hints, searches with Enter and opens the first result of `type`;
 * checks the browser URL's `data` and the stored filter target, and returns the row's cells.
 */
async function searchAndOpen(page: Page, name: string, word: string, type: keyof typeof browserPath) {
  const hintRequests = countHintRequests(page);
  const input = page.getByRole('textbox', { name: 'Smart search' });
  await input.pressSequentially(word, { delay: 40 });
  await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
  expect(await page.getByRole('option').first().textContent()).toContain(word);
  // One request after typing paused, not one per keystroke.
  expect(hintRequests()).toBe(1);
  await screenshot(page, `smart-search-${name}-hints`);

  await input.press('Enter');
  await expect.poll(() => page.getByTestId('smart-search-count').textContent()).toMatch(/^Results: [1-9]/);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: type, exact: true }) })
    .first();
  // The results table loads on demand, after the count is shown.
  await row.waitFor();
  const cells = await row.getByRole('cell').allTextContents();
  expect(cells[0]?.toLowerCase()).toContain(word.toLowerCase());
  await screenshot(page, `smart-search-${name}-results`);

  await row.getByRole('link').click();
  await page.waitForURL((url) => url.pathname === browserPath[type]);
  expect(new URL(page.url()).searchParams.get('data')).toBe(cells.slice(0, 3).filter(Boolean).join(' '));
  expect(await page.evaluate(() => sessionStorage.getItem('filterTarget'))).toMatch(/^\/api\/.+\/versions\/\d+$/);
  expect(await page.evaluate(() => sessionStorage.getItem('lastSelectedSmartSearch'))).toContain(cells[0]);
  return cells;
}

describe('smart search', () => {
  it('intern finds a system, opens it in the System Compatibility Browser and gets the search back', async () => {
    const page = await openAs('intern', '/evaluate');
    await searchAndOpen(page, 'intern', 'Door Control', 'System');
    await screenshot(page, 'smart-search-intern');

    // Back on the start page the last search is restored from session storage.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/evaluate');
    expect(await page.getByRole('textbox', { name: 'Smart search' }).inputValue()).toBe('Door Control');
    await expect.poll(() => page.getByTestId('smart-search-count').textContent()).toMatch(/^Results: [1-9]/);
    await page.context().close();
  });

  it('extern finds an assembly by an accented name and opens it in the Assembly Compatibility Browser', async () => {
    const page = await openAs('extern', '/evaluate');
    await searchAndOpen(page, 'extern', 'Bremsgerät', 'Assembly');
    await screenshot(page, 'smart-search-extern');
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('language', 'de'));
    await signIn(page, 'extern', '/evaluate');
    const input = page.getByRole('textbox', { name: 'Intelligente Suche' });
    await input.fill('Door Control');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('smart-search-count').textContent()).toMatch(/^Ergebnisse: [1-9]/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'smart-search-phone');
    await context.close();
  });

  it('loads further results as the results table scrolls to its end', async () => {
    const page = await openAs('intern', '/evaluate');
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search/full/page') pageRequests.push(request.postData() ?? '');
    });
    const input = page.getByRole('textbox', { name: 'Smart search' });
    await input.fill('a');
    await input.press('Enter');
    const count = page.getByTestId('smart-search-count');
    await expect.poll(() => count.textContent()).toBe('Results: 50 · more are loaded as you scroll');
    expect(pageRequests).toHaveLength(1);
    const table = page.getByRole('table', { name: 'Search results' });
    await table.waitFor();
    // The rows come in the server's order: parent names never go backwards from one row to the next.
    const firstParents = await table.locator('tbody tr:not([aria-hidden]) td:first-child').allTextContents();
    expect(firstParents.length).toBeGreaterThan(5);
    expect(firstParents).toEqual([...firstParents].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));

    await table.evaluate((element) => element.parentElement?.scrollTo({ top: element.scrollHeight }));
    await expect.poll(async () => Number(/\d+/.exec((await count.textContent()) ?? '')?.[0])).toBeGreaterThan(50);
    expect(pageRequests).toHaveLength(2);
    expect(JSON.parse(pageRequests[1] ?? '{}')).toMatchObject({ word: 'a', limit: 50, after: expect.any(String) });
    await screenshot(page, 'smart-search-more-results');

    // A new search starts at the top of its own table: it asks for no page beyond its first.
    await input.fill('e');
    await input.press('Enter');
    await expect.poll(() => count.textContent()).toBe('Results: 50 · more are loaded as you scroll');
    await page.waitForTimeout(1000);
    expect(pageRequests).toHaveLength(3);
    expect(await table.evaluate((element) => element.parentElement?.scrollTop)).toBe(0);
    await page.context().close();
  });

  it('says when nothing matches, with the term, and clears', async () => {
    const page = await openAs('extern', '/evaluate');
    const input = page.getByRole('textbox', { name: 'Smart search' });
    await input.fill('zzzqqq');
    await input.press('Enter');
    await expect
      .poll(() => page.getByTestId('smart-search-no-results').textContent())
      .toContain('No results found for search term: zzzqqq');
    await page.getByTestId('smart-search-no-results').getByRole('button', { name: 'Clear' }).click();
    expect(await input.inputValue()).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('lastSmartSearch'))).toBeNull();
    await page.context().close();
  });
});

/** The modules of a QR code for `text`, one string of '0' and '1' per row. */
function qrRows(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, y) =>
    Array.from({ length: modules.size }, (_, x) => modules.get(y, x)).join(''),
  );
}

/** Runs in the page: a camera whose picture is a QR code (rows of '0' and '1'), drawn on a canvas. */
function fakeCamera(rows: string[]) {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const context = canvas.getContext('2d');
  const scale = 6;
  const left = (canvas.width - rows.length * scale) / 2;
  const top = (canvas.height - rows.length * scale) / 2;
  const draw = () => {
    if (!context) return;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#000';
    rows.forEach((row, y) =>
      [...row].forEach((bit, x) => bit === '1' && context.fillRect(left + x * scale, top + y * scale, scale, scale)),
    );
  };
  draw();
  // A canvas stream only sends a frame when the canvas is drawn on.
  setInterval(draw, 100);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: async () => canvas.captureStream(10) } });
}

describe('QR code lookup', () => {
  it('scans a label and opens the entity named on its second line', async () => {
    const page = await newPage();
    await page.addInitScript(fakeCamera, qrRows('Digital Portfolio\nDoor Control'));
    await signIn(page, 'intern', '/evaluate');

    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Scan QR Code' }).isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === browserPath.System, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('data')).toMatch(/^Door Control /);
    await screenshot(page, 'qr-scan-found');
    await page.context().close();
  });

  it('says so when the entity on the label does not exist, and keeps the camera running', async () => {
    const page = await newPage();
    await page.addInitScript(fakeCamera, qrRows('Digital Portfolio\nNo such part 0815'));
    await signIn(page, 'extern', '/evaluate');
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await expect
      .poll(() => page.getByTestId('qr-message').textContent(), { timeout: 15_000 })
      .toBe('Entity was not found');
    expect(await page.getByTestId('qr-frame').isVisible()).toBe(true);
    await screenshot(page, 'qr-scan-not-found');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('warns when there is no camera and closes with Cancel', async () => {
    const page = await newPage();
    await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined }));
    await signIn(page, 'extern', '/evaluate');
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await expect
      .poll(() => page.getByTestId('qr-no-camera').textContent())
      .toBe('Unable to access video stream (please make sure you have a webcam enabled)');
    await screenshot(page, 'qr-scan-no-camera');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});
