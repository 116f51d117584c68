import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, signIn, useBrowser } from './support/browser.js';
import { addImage } from './support/images.js';

const { newPage, openAs } = useBrowser();

describe('basic data as admin', () => {
  it('creates a system with a cropped image, edits it and relates an assembly to it', async () => {
    const name = `E2E System ${Date.now()}`;
    const page = await openAs('admin', '/basic-data/systems');
    await page.getByRole('heading', { name: 'Systems' }).waitFor();
    await page.getByTestId('table-row').first().waitFor();

    // Add, with an image chosen, cropped in the browser and uploaded.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add entry' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Created by the browser test');
    await addImage(page, dialog, 'gradient.png', 'systems');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Filter Name' }).fill(name);
    const row = page.getByTestId('table-row').filter({ hasText: name });
    await row.waitFor();
    const thumbnail = await row.getByRole('img', { name: 'Image' }).getAttribute('src');
    expect(thumbnail).toMatch(/^\/api\/images\/systems\//);
    // Images are served publicly and really are images.
    const image = await page.request.get(`${baseUrl()}${thumbnail}`);
    expect(image.ok()).toBe(true);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    // Edit the comment in single-row edit; Enter saves the row.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Finish editing' }).waitFor();
    await row.getByRole('button', { name: 'Edit row' }).click();
    const editing = page.locator('tr[data-editing]');
    await editing.waitFor();
    const comment = editing.getByRole('textbox', { name: 'Comment' });
    await comment.fill('Changed by the browser test');
    await screenshot(page, 'basic-data-systems-row-edit');
    await comment.press('Enter');
    await expect.poll(() => page.getByTestId('table-status').textContent()).toBe('1 row saved');
    await page.getByRole('button', { name: 'Finish editing' }).click();
    await expect.poll(() => row.textContent()).toContain('Changed by the browser test');

    // Still there after a reload (the filter is kept for the session).
    await page.reload();
    await page.getByTestId('table-row').filter({ hasText: 'Changed by the browser test' }).waitFor();

    // Relate an assembly in Systems relations.
    await page.getByTestId('basic-data-menu-systems-relations').click();
    // Until the new screen shows, the systems table (with its own 'Filter Name') stays on the page.
    await page.getByRole('heading', { level: 1, name: 'Systems relations' }).waitFor();
    await page.getByRole('textbox', { name: 'Filter Name' }).fill(name);
    await page.getByRole('button', { name }).click();
    await page.getByRole('heading', { name: `Assemblies of ${name}` }).waitFor();
    const firstAssembly = page.getByTestId('table-row').first();
    await firstAssembly.waitFor();
    const assemblyName = (await firstAssembly.locator('td').first().textContent())!.trim();
    expect(await firstAssembly.getByRole('img', { name: 'No' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page
      .getByTestId('table-row')
      .filter({ hasText: assemblyName })
      .getByRole('checkbox', { name: 'Related' })
      .check();
    await screenshot(page, 'basic-data-systems-relations-edit');
    await page.getByRole('button', { name: 'Save all' }).click();
    await expect.poll(() => page.getByTestId('table-status').textContent()).toBe('1 row saved');
    await page.getByRole('button', { name: 'Finish editing' }).click();
    const related = page.getByTestId('table-row').filter({ hasText: assemblyName });
    await expect.poll(() => related.getByRole('img', { name: 'Yes' }).isVisible()).toBe(true);

    // The relation survives a reload: the server has it.
    await page.reload();
    await page.getByRole('textbox', { name: 'Filter Name' }).fill(name);
    await page.getByRole('button', { name }).click();
    await expect
      .poll(() =>
        page.getByTestId('table-row').filter({ hasText: assemblyName }).getByRole('img', { name: 'Yes' }).isVisible(),
      )
      .toBe(true);

    // Back on the systems list, with the new system and its picture.
    await page.getByTestId('basic-data-menu-systems').click();
    await page.getByTestId('table-row').filter({ hasText: name }).getByRole('img', { name: 'Image' }).waitFor();
    await page.getByRole('textbox', { name: 'Filter Name' }).fill('');
    await screenshot(page, 'basic-data-systems');

    // The internal obligation texts, coloured by state.
    await page.getByTestId('basic-data-menu-obligations-intern').click();
    await page.getByTestId('table-row').first().waitFor();
    await screenshot(page, 'basic-data-obligations');
    await page.context().close();
  });
  it('pages the relations table: 2000 candidates arrive a page at a time as it scrolls; the filter asks the server', async () => {
    const page = await newPage();
    const count = 2000;
    const candidates = Array.from({ length: count }, (_, i) => ({
      href: `/api/assemblies/${100_000 + i}`,
      name: `Synthetic assembly ${String(i).padStart(4, '0')}`,
      related: i % 7 === 0,
      relation: null,
    }));
    const writes: string[] = [];
    const pagesAsked: string[] = [];
    // Only the candidate pages and the relation writes are replaced; the rest is the real app. The pages
    // answer like the server: by name, `name` as filter, `limit` (100) at a time, `after` a position here.
    await page.route(/\/api\/systems\/\d+\/assemblies\/(page|\d+)(\?.*)?$/, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (request.method() !== 'GET') {
        writes.push(`${request.method()} ${url.pathname}`);
        return route.fulfill({ status: 204 });
      }
      pagesAsked.push(url.search);
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const matching = candidates.filter((candidate) => candidate.name.toLowerCase().includes(name));
      const start = Number(url.searchParams.get('after') ?? 0);
      const end = start + Number(url.searchParams.get('limit') ?? 100);
      return route.fulfill({
        json: { items: matching.slice(start, end), next: end < matching.length ? String(end) : null },
      });
    });
    await signIn(page, 'admin', '/basic-data/systems-relations');
    const system = page.getByRole('navigation', { name: 'Systems' }).getByRole('button').first();
    await system.waitFor();

    let started = Date.now();
    await system.click();
    await page.getByTestId('table-row').filter({ hasText: 'Synthetic assembly 0000' }).waitFor();
    const shown = Date.now() - started;
    const rendered = await page.getByTestId('table-row').count();
    expect(pagesAsked).toHaveLength(1);
    expect(await page.getByTestId('table-more').textContent()).toBe('100 rows loaded; more as you scroll');

    started = Date.now();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Related' }).first().waitFor();
    const toEdit = Date.now() - started;

    // Scrolling to the end asks for the next page, until 1000 rows are loaded (the table counts them in
    // aria-rowcount; only those in view are rendered).
    started = Date.now();
    const table = page.getByRole('table', { name: /Assemblies of/ });
    await expect
      .poll(
        async () => {
          await page.getByTestId('table-scroll').evaluate((element) => (element.scrollTop = element.scrollHeight));
          return Number(await table.getAttribute('aria-rowcount'));
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(1000);
    const scrolled = Date.now() - started;
    expect(pagesAsked.length).toBeGreaterThanOrEqual(10);
    expect(pagesAsked.length).toBeLessThanOrEqual(20);
    expect(await page.getByTestId('table-row').count()).toBeLessThan(60);

    for (const index of [1, 2, 3]) {
      await page
        .getByTestId('table-row')
        .filter({ hasText: 'Synthetic assembly' })
        .nth(index)
        .getByRole('checkbox', { name: 'Related' })
        .click();
    }
    started = Date.now();
    await page.getByRole('button', { name: 'Save all' }).click();
    await expect.poll(() => page.getByTestId('table-status').textContent(), { timeout: 15_000 }).toBe('3 rows saved');
    const saved = Date.now() - started;

    started = Date.now();
    await page.getByRole('textbox', { name: 'Filter Name' }).last().fill('assembly 1999');
    await expect.poll(() => page.getByTestId('table-row').count(), { timeout: 15_000 }).toBe(1);
    const filtered = Date.now() - started;
    expect(pagesAsked.at(-1)).toContain('name=assembly+1999');

    console.info(
      JSON.stringify({
        rows: count,
        rendered,
        pages: pagesAsked.length,
        shownMs: shown,
        editModeMs: toEdit,
        scrollMs: scrolled,
        save3Ms: saved,
        filterMs: filtered,
      }),
    );
    expect(writes).toHaveLength(3);
    expect(rendered).toBeLessThan(60);
    await page.context().close();
  });
});
