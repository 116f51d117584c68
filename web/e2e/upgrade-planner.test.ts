import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1400 } });

const downloads = mkdtempSync(path.join(os.tmpdir(), 'dp-e2e-planner-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const pick = (page: Page, list: string, option: string) =>
  page.getByRole('listbox', { name: list, exact: true }).getByRole('option', { name: option, exact: true }).click();

/** Clicks `trigger` and saves the download it starts. */
async function download(page: Page, trigger: Locator): Promise<{ name: string; file: string }> {
  const [started] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), trigger.click()]);
  const name = started.suggestedFilename();
  const file = path.join(downloads, name);
  await started.saveAs(file);
  return { name, file };
}

describe('Upgrade planner', () => {
  it('as intern: plans an upgrade from the delta browser and downloads its checklist as PDF and XLSX', async () => {
    const page = await openAs('intern', '/evaluate/system-delta-browser');
    await pick(page, 'System', 'Brake Control Unit');
    await pick(page, 'Version 1', '1.9.0');
    await pick(page, 'Version 2', '1.10.0');
    await expect.poll(() => searchOf(page)).toMatchObject({ v1: expect.any(String), v2: expect.any(String) });
    const { system, v1, v2 } = searchOf(page);

    await page.getByTestId('delta-plan-upgrade').click();
    await page.waitForURL((url) => url.pathname === '/evaluate/upgrade-planner');
    expect(searchOf(page)).toEqual({ system, from: v1, to: v2 });
    await expect.poll(() => page.getByRole('combobox', { name: 'Installed version' }).inputValue()).toBe('1.9.0');
    await expect.poll(() => page.getByRole('combobox', { name: 'Target version' }).inputValue()).toBe('1.10.0');

    // Two installed assemblies from those related to 1.9.0.
    const assemblies = page.getByRole('combobox', { name: 'Installed assemblies', exact: true });
    for (let i = 0; i < 2; i++) {
      await assemblies.click();
      const options = page.getByRole('listbox').filter({ visible: true }).getByRole('option');
      await options.nth(i * 3).click();
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => (searchOf(page).a ?? '').split(',').filter(Boolean).length).toBeGreaterThan(0);

    // The answer: what changes and what stays, the checks as a matrix with a status in each needed pair.
    await page.getByTestId('planner-summary').waitFor();
    const checks = page.getByTestId('planner-checks');
    await expect.poll(() => checks.locator('[data-status]').count()).toBeGreaterThan(0);
    // Each installed assembly is kept, changed or blocked, with its reason.
    const picked = (searchOf(page).a ?? '').split(',').length;
    const listed = async () =>
      (await page.getByTestId('planner-keep').getByRole('listitem').count()) +
      (await page.getByTestId('planner-change').locator('tbody tr').count()) +
      (await page.getByTestId('planner-blockers').getByRole('listitem').count());
    await expect.poll(listed).toBe(picked);
    await screenshot(page, 'upgrade-planner-intern');

    // The reverse question for the same parts: the system versions they all fit, or the closest misses.
    const systems = page.getByTestId('planner-systems');
    await systems.getByRole('button', { name: 'Which system versions fit?' }).click();
    await expect.poll(() => systems.textContent()).toContain('All parts fit on:');
    const found = async () =>
      (await systems.getByTestId('planner-systems-fits').count()) +
      (await systems.getByTestId('planner-systems-misses').count());
    await expect.poll(found).toBeGreaterThan(0);

    // The whole question is in the address: opened again, the same answer.
    const shared = page.url();
    await page.goto('about:blank');
    await page.goto(shared);
    await page.getByTestId('planner-summary').waitFor();

    const pdf = await download(page, page.getByTestId('planner-download-pdf'));
    expect(pdf.name).toBe('upgrade-checklist.pdf');
    expect(readFileSync(pdf.file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf.file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Upgrade checklist');
    expect(text).toContain('Brake Control Unit: 1.9.0 → 1.10.0');

    const xlsx = await download(page, page.getByTestId('planner-download-xlsx'));
    expect(xlsx.name).toBe('upgrade-checklist.xlsx');
    const rows = JSON.parse(
      execFileSync(
        '/usr/bin/python3',
        [
          '-c',
          `import json, sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
print(json.dumps([[c.value for c in r] for r in ws.iter_rows()], default=str))`,
          xlsx.file,
        ],
        { encoding: 'utf8' },
      ),
    ) as Array<Array<string | null>>;
    expect(rows[0]![0]).toBe('Upgrade checklist');
    expect(rows[1]![0]).toBe('Brake Control Unit: 1.9.0 → 1.10.0');
    expect(rows.some((row) => row[0] === 'Checks')).toBe(true);
    await page.context().close();
  });

  it('is in the evaluation menu for extern too, who sees statuses only', async () => {
    const page = await openAs('extern', '/evaluate');
    await page.getByTestId('evaluate-link-upgrade-planner').click();
    await page.waitForURL((url) => url.pathname === '/evaluate/upgrade-planner');
    await page.getByRole('heading', { name: 'Upgrade Planner' }).waitFor();
    await page.context().close();
  });
});
