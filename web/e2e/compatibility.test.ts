import type { CompatibilityInfo, Item, ItemWithVersions, Reference, Version } from '@dp/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newPage = () => openPage(browser, { viewport: { width: 1600, height: 1000 } });

/** Calls the API with the access token of the page's own session (oidc-client-ts keeps it in sessionStorage). */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      const token = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined;
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    { method, path, body },
  );
}

/** Opens a select or multi-select and picks the option whose label starts with `label`. */
async function choose(page: Page, input: Locator, label: string, exact = false) {
  await input.click();
  await page.getByRole('option', { name: label, exact }).first().click();
}

const stamp = Date.now().toString(36);
const systemName = `E2E Compat System ${stamp}`;
const versionName = '1.0';
// Filled by the admin part, checked by the extern and intern parts.
const shared = { assemblyItem: '', assemblyVersion: '', obligation: '', comment: `Checked on the test rig ${stamp}` };

describe('compatibility maintenance journey', () => {
  it('admin relates an assembly version to a new system version, with an obligation, a reference and a comment', async () => {
    const page = await newPage();
    await signIn(page, 'admin', '/compatibility/systems-assemblies-compatibility');

    // A new system with one version, through the API with the admin's own token.
    const system = await callApi<Item>(page, 'POST', '/api/systems', { name: systemName, description: 'Created by the compatibility e2e test' });
    await callApi<Version>(page, 'POST', `${system.href}/versions`, { name: versionName, name2: null, description: '', rscp_link: null, image: null });
    const assemblies = await callApi<ItemWithVersions[]>(page, 'GET', '/api/assemblies/versions');
    const assembly = assemblies.find((item) => item.versions.some((v) => v.name));
    const assemblyVersion = assembly?.versions.find((v) => v.name);
    const info = (await callApi<CompatibilityInfo[]>(page, 'GET', '/api/compatibility_infos')).find((i) => i.compatibility_status === 'conditional' && i.obligation);
    const reference = (await callApi<Reference[]>(page, 'GET', '/api/references'))[0];
    if (!assembly || !assemblyVersion?.name || !info?.obligation || !reference) throw new Error('The demo data lacks assemblies, obligation texts or references');
    Object.assign(shared, { assemblyItem: assembly.name, assemblyVersion: assemblyVersion.name, obligation: info.obligation });

    // Items, then versions, then the relation table of the new version.
    await page.reload();
    await page.getByTestId('items-list-filter').fill(systemName);
    await page.getByTestId('items-list').getByRole('button', { name: systemName }).click();
    await page.getByTestId('versions-list').getByRole('button', { name: versionName }).click();
    const title = `System-Assembly-Compatibility to: ${systemName} ${versionName}`;
    await page.getByRole('heading', { name: title }).waitFor();

    // The panel with the two lists can be hidden and shown again.
    await page.getByTestId('toggle-selection-panel').click();
    await expect.poll(() => page.getByTestId('items-list').isVisible()).toBe(false);
    await page.getByTestId('toggle-selection-panel').click();
    await page.getByTestId('items-list').waitFor();

    // Narrow the table to the one assembly version, then set obligation and reference and save.
    await page.getByRole('textbox', { name: 'Filter Assembly' }).fill(assembly.name);
    await page.getByRole('textbox', { name: 'Filter Part number (GS)' }).fill(assemblyVersion.name);
    const row = page.getByTestId('table-row').filter({ hasText: assembly.name }).first();
    await row.waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await choose(page, row.getByRole('combobox', { name: 'Obligation text' }), `Conditional: ${info.obligation.slice(0, 40)}`);
    await choose(page, row.getByRole('combobox', { name: 'References' }), reference.reference, true);
    await page.keyboard.press('Escape');
    await screenshot(page, 'compatibility-admin-relation-edit');
    await page.getByRole('button', { name: 'Save all' }).click();
    await expect.poll(() => page.getByTestId('relation-notice').textContent()).toContain('Saved: 1 created, 0 changed, 0 removed.');

    // Comment on the saved compatibility: the comments dialog, then Save all writes it.
    await row.getByRole('button', { name: /comment/i }).click();
    await page.getByRole('textbox', { name: 'New comment' }).fill(shared.comment);
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('button', { name: 'Save all' }).click();
    await expect.poll(async () => (await row.getByRole('button', { name: /comment/i }).textContent()) ?? '').toMatch(/1/);

    const versionHref = (await callApi<ItemWithVersions[]>(page, 'GET', '/api/systems/versions')).find((s) => s.name === systemName)?.versions[0]?.href;
    const comments = await callApi<Array<{ comment: string; author: string }>>(page, 'GET', `${versionHref}/compatibilities/assemblies/commentaries`);
    expect(comments).toEqual([expect.objectContaining({ comment: shared.comment, author: 'admin' })]);
    await page.getByRole('button', { name: 'Finish editing' }).click();
    await screenshot(page, 'compatibility-admin-relation');

    // The versions screen copies the version with its compatibility.
    await page.getByTestId('compatibility-menu-systems-versions').click();
    await page.getByTestId('items-list-filter').fill(systemName);
    await page.getByTestId('items-list').getByRole('button', { name: systemName }).click();
    await page.getByRole('button', { name: `Copy version ${versionName}` }).click();
    await expect.poll(() => page.getByTestId('copy-description').inputValue()).toBe(`Kopie von: ${systemName} ${versionName}`);
    await page.getByTestId('copy-name').fill('1.1');
    await page.getByTestId('copy-submit').click();
    await expect.poll(() => page.getByTestId('copy-result').textContent()).toContain('Version 1.1 was created; compatibilities copied: 1.');
    await page.getByTestId('table-row').filter({ hasText: 'Kopie von' }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'compatibility-admin-versions');
    await page.context().close();
  });

  it('admin sees every column of the assembly - sub-assembly relation table in edit mode from 1280 to 1920 px', async () => {
    const page = await newPage();
    await signIn(page, 'admin', '/compatibility/assemblies-subassemblies-compatibility');
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
          const box = await scroll.evaluate((element) => ({ right: element.getBoundingClientRect().right, overflow: element.scrollWidth - element.clientWidth }));
          const header = await lastHeader.boundingBox();
          return header !== null && header.x + header.width <= box.right + 1 && box.overflow <= 1;
        })
        .toBe(true);
      if (width === 1440) await screenshot(page, 'compatibility-admin-subassemblies-edit-1440');
    }
    await page.context().close();
  });

  it('extern sees only the status of the new compatibility in the System Compatibility Browser', async () => {
    const page = await newPage();
    await signIn(page, 'extern', '/evaluate');
    await page.goto(`${baseUrl()}/evaluate/system-compatibility-browser?data=${encodeURIComponent(`${systemName} ${versionName}`)}`);
    const list = page.getByTestId('compatibility-list-assemblies');
    const entry = list.locator(`[data-status][title^="${shared.assemblyItem} ${shared.assemblyVersion}"]`).first();
    await entry.waitFor({ timeout: 30_000 });
    expect(await entry.getAttribute('data-status')).toBe('conditional');
    expect(await entry.textContent()).toContain('Conditional');
    expect(await list.textContent()).not.toContain(shared.obligation);
    await screenshot(page, 'compatibility-extern-browser');
    await page.context().close();
  });

  it('intern sees the obligation text of the new compatibility', async () => {
    const page = await newPage();
    await signIn(page, 'intern', '/evaluate');
    await page.goto(`${baseUrl()}/evaluate/system-compatibility-browser?data=${encodeURIComponent(`${systemName} ${versionName}`)}`);
    const list = page.getByTestId('compatibility-list-assemblies');
    const entry = list.locator(`[data-status][title^="${shared.assemblyItem} ${shared.assemblyVersion}"]`).first();
    await entry.waitFor({ timeout: 30_000 });
    expect(await entry.getAttribute('data-status')).toBe('conditional');
    expect(await entry.textContent()).toContain(shared.obligation.slice(0, 30));
    await screenshot(page, 'compatibility-intern-browser');
    await page.context().close();
  });
});
