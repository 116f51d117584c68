import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, screenshot, signIn, useBrowser } from './support/browser.js';

const { newPage, openAs } = useBrowser();
const PHONE = { width: 390, height: 844 };

/** Every API answer the page receives, as text (to look for the code host's token in them). */
function recordApiAnswers(page: Page): () => Promise<string[]> {
  const pending: Promise<string>[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) pending.push(response.text().catch(() => ''));
  });
  return () => Promise.all(pending);
}

/** A real PNG for the editor's picture upload. */
const picture = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 110, b: 180 } } })
    .png()
    .toBuffer();

const ENTRY_HEADING = `Data of March ${Date.now()}`;

describe('data state', () => {
  it('an admin writes an entry with a heading, bold text, a list, a link, a table and an uploaded picture', async () => {
    const page = await openAs('admin', '/dataset');
    const editor = page.getByTestId('dataset-editor');
    await editor.getByTestId('dataset-editor-content').waitFor({ timeout: 30_000 });
    const content = editor.locator('.ProseMirror');
    await content.click();

    await editor.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type(ENTRY_HEADING);
    await page.keyboard.press('Enter');
    await page.keyboard.type('The ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('brake');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' data is complete. See the manual.');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('Systems checked');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Assemblies checked');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await editor
      .locator('input[type=file]')
      .setInputFiles({ name: 'state.png', mimeType: 'image/png', buffer: await picture() });
    await expect
      .poll(() => content.locator('img').first().getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^\/api\/images\/richtext\/[0-9a-f-]{36}\.jpg$/);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Insert table' }).click();
    await page.getByRole('button', { name: 'Insert a table of 2 × 2' }).click();
    await page.keyboard.type('Kind');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Count');

    // The link last: a double click on the word selects it, as a person would.
    const word = await content.locator('p', { hasText: 'See the manual.' }).evaluate((p) => {
      const node = [...p.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('manual'))!;
      const range = document.createRange();
      const at = node.textContent!.indexOf('manual');
      range.setStart(node, at);
      range.setEnd(node, at + 'manual'.length);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x: x + width / 2, y: y + height / 2 };
    });
    // A click may first close a popover that is still fading out: double-click until the word is selected.
    await expect
      .poll(async () => {
        await page.mouse.dblclick(word.x, word.y);
        return page.evaluate(() => String(window.getSelection()));
      })
      .toBe('manual');
    await editor.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByPlaceholder('https://…').fill('https://example.com/manual');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => content.getByRole('link', { name: 'manual' }).getAttribute('href'))
      .toBe('https://example.com/manual');
    await screenshot(page, 'dataset-editor-admin');

    await editor.getByTestId('dataset-editor-save').click();
    const entry = page.getByTestId('dataset-entry').filter({ hasText: ENTRY_HEADING });
    await entry.waitFor();
    const text = entry.getByTestId('dataset-entry-text');
    expect(await text.getByRole('heading', { level: 2 }).textContent()).toBe(ENTRY_HEADING);
    expect(await text.locator('strong').textContent()).toBe('brake');
    expect(await text.locator('li').allTextContents()).toEqual(['Systems checked', 'Assemblies checked']);
    const link = text.getByRole('link', { name: 'manual' });
    expect(await link.getAttribute('href')).toBe('https://example.com/manual');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await text.locator('th').first().textContent()).toBe('Kind');
    const image = text.locator('img');
    expect(await image.getAttribute('src')).toMatch(/^\/api\/images\/richtext\//);
    // The picture was stored resized and is served back.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await entry.getByTestId('dataset-entry-author').textContent()).toBe('admin');
    expect(await entry.getByTestId('dataset-entry-times').textContent()).toMatch(/\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/);
    // Newest first.
    expect(await page.getByTestId('dataset-entry').first().textContent()).toContain(ENTRY_HEADING);
    await screenshot(page, 'dataset-admin');
    await page.context().close();
  });

  it('an intern reads it, without the editor; on a phone too', async () => {
    const page = await openAs('intern', '/dataset');
    const entry = page.getByTestId('dataset-entry').filter({ hasText: ENTRY_HEADING });
    await entry.waitFor();
    expect(await entry.locator('strong').textContent()).toBe('brake');
    expect(await page.getByTestId('dataset-editor').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await screenshot(page, 'dataset-intern');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'dataset-intern-phone');
    await page.context().close();
  });

  it('an extern has no Data state entry and is told the page is not theirs', async () => {
    const page = await openAs('extern', '/evaluate');
    await page.getByTestId('nav-evaluate').waitFor();
    expect(await page.getByTestId('nav-dataset').count()).toBe(0);
    await page.goto(`${baseUrl()}/dataset`);
    await expect
      .poll(() => page.getByTestId('requires-role').textContent(), { timeout: 20_000 })
      .toContain('This page is for internal users only.');
    expect(await page.content()).not.toContain(ENTRY_HEADING);
    await page.context().close();
  });

  it('the admin deletes it with a second click', async () => {
    const page = await openAs('admin', '/dataset');
    const entry = page.getByTestId('dataset-entry').filter({ hasText: ENTRY_HEADING });
    await entry.waitFor();
    await entry.getByTestId('dataset-entry-delete').click();
    expect(await entry.getByTestId('dataset-entry-delete').textContent()).toBe('Really delete?');
    await entry.getByTestId('dataset-entry-delete').click();
    await entry.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('release notes', () => {
  it('an extern gets Infos: the licence notice and the German history, not the internal page', async () => {
    const page = await openAs('extern', '/evaluate');
    await page.getByTestId('nav-infos').click();
    await page.waitForURL((url) => url.pathname === '/issues');
    const history = page.getByTestId('release-history');
    await history.waitFor();
    expect(await history.getAttribute('lang')).toBe('de');
    expect(await page.getByTestId('licence-notice').isVisible()).toBe(true);
    expect((await page.getByTestId('release-version').allTextContents())[0]).toContain('2.6.0');
    expect((await page.getByTestId('release-version').allTextContents()).at(-1)).toContain('1.0.0');
    expect(await page.getByTestId('nav-infos-internal').count()).toBe(0);
    await screenshot(page, 'infos-extern');
    await page.goto(`${baseUrl()}/issues-internal`);
    await expect
      .poll(() => page.getByTestId('requires-role').textContent(), { timeout: 20_000 })
      .toContain('internal users only');
    await page.context().close();
  });

  it("an intern gets Infos (Internal) with the code host's issues; no token anywhere", async () => {
    const page = await newPage();
    const answers = recordApiAnswers(page);
    await signIn(page, 'intern', '/evaluate');
    expect(await page.getByTestId('nav-infos').count()).toBe(0);
    await page.getByTestId('nav-infos-internal').click();
    await page.waitForURL((url) => url.pathname === '/issues-internal');
    const newest = page.getByTestId('code-host-issues-2.6.0');
    await newest.waitFor({ timeout: 30_000 });
    // 120 issues: two pages of the fake code host, all shown.
    expect(await newest.getByTestId('code-host-issue').count()).toBe(120);
    expect(await newest.getByRole('heading').textContent()).toBe('Issues of the code host for 2.6.0 (120)');
    const older = page.getByTestId('code-host-issues-2.5.0');
    const hostile = older.getByRole('link', { name: /Matrix limit raised to 15 & 20/ });
    expect(await hostile.textContent()).toBe('<img src=x onerror="window.__hacked=1"> Matrix limit raised to 15 & 20');
    expect(await older.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
    expect(await page.getByTestId('release-history').getAttribute('lang')).toBe('en');
    await screenshot(page, 'infos-intern');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'infos-intern-phone');

    const token = inject('codeHostToken');
    expect(token.length).toBeGreaterThan(10);
    expect(await page.content()).not.toContain(token);
    for (const body of await answers()) expect(body).not.toContain(token);
    await page.context().close();
  });

  it('the built app holds no token and serves no source maps', async () => {
    const dist = path.resolve(import.meta.dirname, '..', 'dist');
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => path.join(f.parentPath, f.name));
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const token = inject('codeHostToken');
    for (const file of files) expect(readFileSync(file, 'latin1').includes(token), file).toBe(false);
    const script = files.find((f) => /index-[^/]+\.js$/.test(f))!;
    const map = await fetch(`${baseUrl()}/assets/${path.basename(script)}.map`);
    expect(map.headers.get('content-type') ?? '').not.toMatch(/json/);
    expect(await map.text()).not.toContain('"sourcesContent"');
  });
});

describe('help', () => {
  it('labels the system overview in English, German and French', async () => {
    const page = await openAs('extern', '/help');
    const diagram = page.getByTestId('system-overview');
    await diagram.waitFor();
    expect(await diagram.getAttribute('data-layout')).toBe('wide');
    expect(await diagram.locator('text').allTextContents()).toEqual(
      expect.arrayContaining(['Train control', 'Doors', 'Passenger info', 'Sub-Assembly']),
    );
    await screenshot(page, 'help-en');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-de').click();
    await expect
      .poll(() => diagram.locator('text').allTextContents())
      .toEqual(expect.arrayContaining(['Zugsteuerung', 'Türen', 'Fahrgastinformation', 'Unterbaugruppe']));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Grafische Systembeschreibung');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-fr').click();
    await expect
      .poll(() => diagram.locator('text').allTextContents())
      .toEqual(expect.arrayContaining(['Commande du train', 'Portes', 'Information voyageurs', 'Sous-assemblage']));
    await screenshot(page, 'help-fr');
    // The guide links to the screens.
    await page.getByTestId('guide-infos').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/issues');
    await page.context().close();
  });

  it('on a phone the upright diagram keeps its labels readable', async () => {
    const page = await newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, 'intern', '/help');
    const diagram = page.getByTestId('system-overview');
    await diagram.waitFor();
    expect(await diagram.getAttribute('data-layout')).toBe('narrow');
    const label = diagram.locator('text', { hasText: 'Fahrgastinformation' });
    // Rendered at least 14 px high on a 390 px wide screen.
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(14);
    const box = (await diagram.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'help-phone-de');
    await page.context().close();
  });
});

describe('API documentation', () => {
  it('an admin opens it from the toolbar and tries a call, the token only in a header', async () => {
    const page = await newPage();
    const requests: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/'))
        requests.push({ url: request.url(), authorization: request.headers().authorization });
    });
    await signIn(page, 'admin', '/evaluate');
    await page.getByTestId('nav-api-docs').click();
    await page.waitForURL((url) => url.pathname === '/api-docs');
    const docs = page.getByTestId('api-docs');
    // The operations are listed under their tags, which open on a click.
    await docs.locator('.opblock-tag', { hasText: 'release notes' }).click({ timeout: 30_000 });
    const operation = docs
      .locator('.opblock')
      .filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/api\/release-notes$/ }) });
    await operation.waitFor({ timeout: 30_000 });
    await screenshot(page, 'api-docs-admin');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await expect.poll(() => status.first().textContent(), { timeout: 20_000 }).toContain('200');
    expect(await operation.locator('.live-responses-table').textContent()).toContain('Versionshistorie');

    const openapi = requests.filter((r) => new URL(r.url).pathname === '/api/openapi.json');
    expect(openapi.length).toBeGreaterThan(0);
    expect(openapi.every((r) => r.authorization?.startsWith('Bearer '))).toBe(true);
    const tried = requests.filter((r) => new URL(r.url).pathname === '/api/release-notes');
    expect(tried).toHaveLength(1);
    expect(tried[0]!.authorization).toMatch(/^Bearer /);
    // No token in any URL the page asked for.
    for (const r of requests) expect(new URL(r.url).search).not.toMatch(/token|access_token|eyJ/i);
    await page.context().close();
  });

  it('is not offered to an intern, and the document is refused to one', async () => {
    const page = await openAs('intern', '/evaluate');
    await page.getByTestId('nav-evaluate').waitFor();
    expect(await page.getByTestId('nav-api-docs').count()).toBe(0);
    await page.goto(`${baseUrl()}/api-docs`);
    await expect.poll(() => page.getByTestId('requires-role').textContent(), { timeout: 20_000 }).toContain('admin');
    expect((await fetch(`${baseUrl()}/api/openapi.json`)).status).toBe(401);
    await page.context().close();
  });
});
