import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectObligationsFor, inMarkup, screenshot, useBrowser } from './support/browser.js';
import { addImage } from './support/images.js';

const { openAs } = useBrowser({ viewport: { width: 1600, height: 1000 } });

/** Opens a select or multi-select of a table row and picks the first option matching `name`; returns its label. */
async function chooseOption(page: Page, input: Locator, name: RegExp): Promise<string> {
  await input.click();
  const option = page.getByRole('option', { name }).first();
  const label = ((await option.textContent()) ?? '').trim();
  await option.click();
  return label;
}

/**
 * Presses 'Save all' and waits until the save is over: no spinner, the table's status says how many
 * rows were saved, and nothing is left to save (the status alone may still be that of an earlier save).
 */
async function saveAll(page: Page, status: string) {
  const button = page.getByRole('button', { name: 'Save all' });
  await button.click();
  // Compared as a whole, so that a failure shows what the table said instead (row errors, notice).
  await expect
    .poll(async () => ({
      working: (await page.getByTestId('table-working').count()) > 0,
      leftToSave: await button.isEnabled(),
      status: await page.getByTestId('table-status').allTextContents(),
      rowErrors: await page.getByTestId('row-error').allTextContents(),
      notice: await page.getByTestId('relation-notice').allTextContents(),
    }))
    .toEqual(expect.objectContaining({ working: false, leftToSave: false, status: [status], rowErrors: [] }));
}

/** Picks `label` in a browser's version list (filtered first) and waits for it in the header. */
async function selectBrowserVersion(page: Page, heading: string, label: string) {
  await page.getByRole('textbox', { name: `Filter the list ${heading}` }).fill(label);
  await page.getByRole('listbox', { name: heading, exact: true }).locator(`[role=option][title="${label}"]`).click();
  await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(label);
}

/**
 * Runs in the page on a relation table in edit mode: on how many lines the first row's part number
 * stands, and which column names are cut (ellipsis) or take more lines than they have words.
 */
function layoutOfRelationTable(scroll: HTMLElement) {
  const lineCount = (element: Element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  };
  // The first header is the select column's, named for screen readers only.
  const headers = [...scroll.querySelectorAll('thead tr:first-child > th')].slice(1);
  const names = headers.map((header) => header.textContent?.trim() ?? '');
  const partColumn = names.indexOf('Part number (GS)');
  const partCell = scroll.querySelectorAll('[data-testid=table-row]')[0]?.querySelectorAll('td')[partColumn + 1];
  return {
    partNumberLines: partCell ? lineCount(partCell) : 0,
    headersCut: names.filter((_, i) =>
      [...(headers[i]?.querySelectorAll('*') ?? [])].some((element) => element.scrollWidth > element.clientWidth + 1),
    ),
    headersBrokenInWords: names.filter((name, i) => {
      const header = headers[i];
      return header !== undefined && lineCount(header) > name.split(/[\s-]+/).length;
    }),
  };
}

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const systemName = `E2E Compat System ${suffix}`;
const versionName = '1.0';
const versionLabel = `${systemName} ${versionName}`;
// Filled by the admin part, checked by the extern and intern parts.
const shared = {
  assemblyItem: '',
  assemblyVersion: '',
  obligation: '',
  reference: '',
  comment: `Checked on the test rig ${suffix}`,
};

describe('compatibility maintenance journey', () => {
  it('admin creates a system with an image and a version with an image, relates an assembly version with an obligation, a reference and a comment', async () => {
    const page = await openAs('admin', '/basic-data/systems');
    // What the screens ask the API for: the relation table must not load every reference (issue 14).
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url);
    });

    // Basic Data → Systems: a new system with a cropped, uploaded image.
    await page.getByRole('heading', { name: 'Systems' }).waitFor();
    await page.getByTestId('table-row').first().waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const addSystem = page.getByRole('dialog', { name: 'Add entry' });
    await addSystem.getByRole('textbox', { name: 'Name' }).fill(systemName);
    await addSystem.getByRole('textbox', { name: 'Comment' }).fill('Created by the compatibility e2e test');
    await addImage(page, addSystem, 'system.png', 'systems');
    await addSystem.getByRole('button', { name: 'Save' }).click();
    await addSystem.waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Filter Name' }).fill(systemName);
    const systemRow = page.getByTestId('table-row').filter({ hasText: systemName });
    await expect
      .poll(() => systemRow.getByRole('img', { name: 'Image' }).getAttribute('src'))
      .toMatch(/^\/api\/images\/systems\//);
    await screenshot(page, 'compatibility-admin-system-added');

    // Compatibility → System versions: the new system gets version 1.0 with an image.
    await page.getByTestId('nav-compatibility').click();
    await page.getByTestId('compatibility-menu-systems-versions').click();
    await page.getByTestId('items-list-filter').fill(systemName);
    await page.getByTestId('items-list').getByRole('button', { name: systemName }).click();
    await page.getByRole('heading', { name: `Versions of ${systemName}` }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const addVersion = page.getByRole('dialog', { name: 'Add entry' });
    await addVersion.getByRole('textbox', { name: 'Version' }).fill(versionName);
    await addVersion
      .getByRole('textbox', { name: 'Description' })
      .fill('First release, created by the compatibility e2e test');
    await addImage(page, addVersion, 'version.png', 'versions');
    await screenshot(page, 'compatibility-admin-version-add');
    await addVersion.getByRole('button', { name: 'Save' }).click();
    await addVersion.waitFor({ state: 'hidden' });
    const versionRow = page.getByTestId('table-row').filter({ hasText: 'First release' });
    await expect
      .poll(() => versionRow.getByRole('img', { name: 'Image' }).getAttribute('src'))
      .toMatch(/^\/api\/images\/versions\//);
    expect(await versionRow.locator('td[data-column="name"]').textContent()).toBe(versionName);
    await screenshot(page, 'compatibility-admin-version-added');

    // System - Assembly compatibility: the new system, then its new version.
    await page.getByTestId('compatibility-menu-systems-assemblies-compatibility').click();
    // Until the new screen shows, the old one (with lists of the same test ids) stays on the page.
    await page.getByRole('heading', { level: 1, name: 'System - Assembly compatibility' }).waitFor();
    await page.getByTestId('items-list-filter').fill(systemName);
    await page.getByTestId('items-list').getByRole('button', { name: systemName }).click();
    await page.getByTestId('versions-list').getByRole('button', { name: versionName }).click();
    await page
      .getByRole('heading', { name: `System-Assembly-Compatibility to: ${systemName} ${versionName}` })
      .waitFor();

    // The panel with the two lists can be hidden and shown again.
    await page.getByTestId('toggle-selection-panel').click();
    await expect.poll(() => page.getByTestId('items-list').isVisible()).toBe(false);
    await page.getByTestId('toggle-selection-panel').click();
    await page.getByTestId('items-list').waitFor();

    // The first assembly version with a part number; nothing is related to the new version yet.
    await page.getByTestId('table-row').first().waitFor();
    const candidate = page
      .getByTestId('table-row')
      .filter({ has: page.locator('td[data-column="version"]', { hasText: /\S/ }) })
      .first();
    const rowId = await candidate.getAttribute('data-row-id');
    shared.assemblyItem = ((await candidate.locator('td[data-column="item"]').textContent()) ?? '').trim();
    shared.assemblyVersion = ((await candidate.locator('td[data-column="version"]').textContent()) ?? '').trim();
    expect(rowId && shared.assemblyItem && shared.assemblyVersion).toBeTruthy();
    await page.getByRole('textbox', { name: 'Filter Assembly' }).fill(shared.assemblyItem);
    await page.getByRole('textbox', { name: 'Filter Part number (GS)' }).fill(shared.assemblyVersion);
    const row = page.locator(`[data-testid="table-row"][data-row-id="${rowId}"]`);
    await row.waitFor();
    expect(asked.filter((url) => url.pathname.startsWith('/api/references')).map((url) => url.pathname)).toEqual([]);

    // Edit mode: a conditional obligation text and a reference on the row, then Save all.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const obligationLabel = await chooseOption(
      page,
      row.getByRole('combobox', { name: 'Obligation text' }),
      /^Conditional: /,
    );
    // The select shows the text cut to 60 characters; what it shows is what the browsers must show (or hide).
    shared.obligation = obligationLabel.replace(/^Conditional: /, '').replace(/…$/, '');
    expect(shared.obligation.length).toBeGreaterThan(10);
    // The reference cell asks the server for what is typed, ignoring case and accents.
    const referenceField = row.getByRole('combobox', { name: 'References' });
    await referenceField.click();
    await page.getByRole('option').first().waitFor();
    const searched = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('reference') === 'am-2024-03',
    );
    await referenceField.fill('am-2024-03');
    await searched;
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['ÄM-2024-0312']);
    expect(
      asked.filter((url) => url.pathname === '/api/references/page').map((url) => url.searchParams.get('reference')),
    ).toEqual([null, 'am-2024-03']);
    shared.reference = await chooseOption(page, referenceField, /^ÄM-2024-0312$/);
    await page.keyboard.press('Escape');
    await screenshot(page, 'compatibility-admin-relation-edit');
    await saveAll(page, '1 row saved');
    expect(await page.getByTestId('relation-notice').textContent()).toContain(
      'Saved: 1 created, 0 changed, 0 removed.',
    );

    // A comment through the comments dialog of the row, written by Save all. (The dialog lets a row
    // take comments only once its compatibility is saved, hence the second save.)
    await row.getByRole('button', { name: /^Comments \(\d+\)$/ }).click();
    const comments = page.getByRole('dialog', { name: 'Comments' });
    await comments.getByRole('textbox', { name: 'New comment' }).fill(shared.comment);
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await comments.getByTestId('comment-entry').filter({ hasText: shared.comment }).waitFor();
    await screenshot(page, 'compatibility-admin-comment');
    await comments.getByRole('button', { name: 'Close', exact: true }).last().click();
    await comments.waitFor({ state: 'hidden' });
    await saveAll(page, '1 row saved');
    await row.getByRole('button', { name: 'Comments (1)' }).waitFor();
    await page.getByRole('button', { name: 'Finish editing' }).click();

    // Display mode shows what the server now has: status and text, the reference, the comment by admin.
    await expect.poll(() => row.locator('td[data-column="obligation"]').textContent()).toContain(shared.obligation);
    expect(await row.locator('td[data-column="obligation"] [data-status]').getAttribute('data-status')).toBe(
      'conditional',
    );
    expect(await row.locator('td[data-column="references"]').textContent()).toContain(shared.reference);
    await row.getByRole('button', { name: 'Comments (1)' }).click();
    const saved = comments.getByTestId('comment-entry');
    await saved.waitFor();
    expect(await saved.textContent()).toContain(shared.comment);
    expect(await saved.textContent()).toContain('admin');
    await comments.getByRole('button', { name: 'Close', exact: true }).last().click();
    await comments.waitFor({ state: 'hidden' });
    await screenshot(page, 'compatibility-admin-relation');

    // The versions screen copies the version with its compatibility.
    await page.getByTestId('compatibility-menu-systems-versions').click();
    await page.getByRole('heading', { level: 1, name: 'System versions' }).waitFor();
    await page.getByTestId('items-list-filter').fill(systemName);
    await page.getByTestId('items-list').getByRole('button', { name: systemName }).click();
    await page.getByRole('button', { name: `Copy version ${versionName}` }).click();
    await expect
      .poll(() => page.getByTestId('copy-description').inputValue())
      .toBe(`Kopie von: ${systemName} ${versionName}`);
    // The dialog says what the copy takes along.
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Copy Version' }).textContent())
      .toContain('Compatibilities: 1, version relations: 0.');
    await page.getByTestId('copy-name').fill('1.1');
    await page.getByTestId('copy-submit').click();
    await expect
      .poll(() => page.getByTestId('copy-result').textContent())
      .toContain('Version 1.1 was created; compatibilities copied: 1.');
    const copyRow = page.getByTestId('table-row').filter({ hasText: 'Kopie von' });
    await copyRow.waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'compatibility-admin-versions');

    // The copy has a compatibility: deleting it offers to delete that too, naming the count.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await copyRow.getByRole('button', { name: 'Delete', exact: true }).click();
    await copyRow.getByRole('button', { name: 'Really delete?' }).click();
    const cascade = page.getByRole('dialog', { name: 'Delete with compatibilities?' });
    await cascade.waitFor();
    expect(await cascade.textContent()).toContain(`Version ${systemName} 1.1 has 1 compatibility.`);
    await cascade.getByRole('button', { name: 'Delete version and 1 compatibility' }).click();
    await copyRow.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('admin sees every column of the assembly - sub-assembly relation table in edit mode from 1280 to 1920 px', async () => {
    const page = await openAs('admin', '/compatibility/assemblies-subassemblies-compatibility');
    await page.getByTestId('items-list-entry').first().click();
    await page.getByTestId('versions-list-entry').first().click();
    const scroll = page.getByTestId('table-scroll');
    await page.getByTestId('table-row').first().waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // Edit mode adds the select (40 px) and actions columns: the shared columns must make room for them.
    const lastHeader = scroll.locator('thead tr').first().locator('th').last();
    await scroll.getByRole('columnheader', { name: 'Contained' }).waitFor();
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 1000 });
      await expect
        .poll(async () => {
          const box = await scroll.evaluate((element) => ({
            right: element.getBoundingClientRect().right,
            overflow: element.scrollWidth - element.clientWidth,
          }));
          const header = await lastHeader.boundingBox();
          return header !== null && header.x + header.width <= box.right + 1 && box.overflow <= 1;
        })
        .toBe(true);
      if (width === 1440) {
        await screenshot(page, 'compatibility-admin-subassemblies-edit-1440');
        // With the navigation and the lists open, part numbers stay on one line and every column name
        // is whole: wrapped between its words where need be, never cut or broken inside a word.
        expect(await scroll.evaluate(layoutOfRelationTable)).toEqual({
          partNumberLines: 1,
          headersCut: [],
          headersBrokenInWords: [],
        });
      }
    }
    await page.context().close();
  });

  /** The new system version picked in the System Compatibility Browser; its row for the related assembly version. */
  async function openNewCompatibility(user: 'extern' | 'intern') {
    expect(shared.obligation, 'the admin journey relates the assembly version first').not.toBe('');
    const page = await openAs(user, '/evaluate/system-compatibility-browser');
    await selectBrowserVersion(page, 'System', versionLabel);
    const list = page.getByRole('listbox', { name: 'Assembly Compatibility' });
    // Only the new compatibility: the list holds exactly one row, for the assembly version the admin chose.
    const entry = list.getByRole('option');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    const title = (await entry.getAttribute('title')) ?? '';
    expect(`${title} `.startsWith(`${shared.assemblyItem} ${shared.assemblyVersion} `)).toBe(true);
    expect(await entry.getAttribute('data-status')).toBe('conditional');
    // The status is always there, as the icon's name.
    await entry.getByRole('img', { name: 'Conditional', exact: true }).waitFor();
    return { page, entry };
  }

  it('extern sees only the status of the new compatibility in the System Compatibility Browser', async () => {
    const { page, entry } = await openNewCompatibility('extern');
    // The status as text, where intern sees the obligation text.
    expect(await entry.textContent()).toMatch(/Conditional$/);
    // No obligation text anywhere in the page (text or attributes), neither this one nor any other.
    expect(await page.locator('body').innerText()).not.toContain(shared.obligation);
    expect(await page.content()).not.toContain(inMarkup(shared.obligation));
    await expectObligationsFor(page, 'extern');
    // Nor its reference (SPEC 6).
    expect(await page.locator('body').innerText()).not.toContain(shared.reference);
    await screenshot(page, 'compatibility-extern-browser');
    await page.context().close();
  });

  it('intern sees the obligation text of the new compatibility', async () => {
    const { page, entry } = await openNewCompatibility('intern');
    expect(await entry.textContent()).toContain(shared.obligation);
    // SPEC 6: intern sees the references too.
    expect(await entry.getByTestId('references').textContent()).toBe(`References: ${shared.reference}`);
    await screenshot(page, 'compatibility-intern-browser');
    await page.context().close();
  });
});
