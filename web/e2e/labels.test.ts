import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompatibilityRecord, SearchResultPage, Version } from '@dp/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1000 } });
const downloads = mkdtempSync(path.join(os.tmpdir(), 'dp-e2e-labels-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** Filters a browser's version list and picks the version labelled `label`. */
async function selectVersion(page: Page, heading: string, label: string) {
  await page.getByRole('textbox', { name: `Filter the list ${heading}` }).fill(label);
  await page.getByRole('listbox', { name: heading, exact: true }).locator(`[role=option][title="${label}"]`).click();
  await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(label);
}

/** The places of a layout's sheet (columns × rows) and its page in mm, as the server prints them. */
const SHEETS = {
  'a4-3x8': { name: 'A4 sheet, 3 × 8 labels (70 × 37 mm)', columns: 3, rows: 8, width: 210, height: 297 },
  'a4-2x7': { name: 'A4 sheet, 2 × 7 labels (105 × 42 mm)', columns: 2, rows: 7, width: 210, height: 297 },
};
type Layout = keyof typeof SHEETS;
const DPI = 150;

/** The QR texts zbarimg reads in the image `png`. */
function zbar(png: string): string[] {
  let out: string;
  // zbarimg exits 4 on an image without codes, and complains on stderr that it finds no D-Bus.
  try {
    out = execFileSync('zbarimg', ['-q', '--raw', png], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  return out.split('\n').filter(Boolean);
}

/**
 * What a scanner reads at each place of the PDF's sheets, in print order: the QR text, or null for an
 * empty place. Each place is rendered alone (pdftoppm's crop) as a scanner sees one label: zbarimg
 * overlooks some codes of a whole sheet of look-alike codes.
 */
function scanPlaces(file: string, layout: Layout): (string | null)[] {
  const sheet = SHEETS[layout];
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const px = (mm: number) => (mm / 25.4) * DPI;
  const [width, height] = [px(sheet.width / sheet.columns), px(sheet.height / sheet.rows)];
  const out = path.join(path.dirname(file), 'place');
  const scanned: (string | null)[] = [];
  for (let page = 1; page <= pages; page++)
    for (let place = 0; place < sheet.columns * sheet.rows; place++) {
      const [x, y] = [(place % sheet.columns) * width, Math.floor(place / sheet.columns) * height];
      // -png as the issue names it; -singlefile writes place.png.
      execFileSync('pdftoppm', [
        ...['-r', String(DPI), '-png', '-singlefile', '-f', String(page), '-l', String(page)],
        ...['-x', String(Math.round(x)), '-y', String(Math.round(y))],
        ...['-W', String(Math.floor(width)), '-H', String(Math.floor(height)), file, out],
      ]);
      const codes = zbar(`${out}.png`);
      expect(codes.length, `page ${page}, place ${place}`).toBeLessThanOrEqual(1);
      scanned.push(codes[0] ?? null);
    }
  return scanned;
}

/**
 * Prints the labels of the list `list` on `layout` with `skip` places used, through the dialog's button,
 * and returns what a scanner reads at each place of the saved PDF.
 */
async function printLabels(page: Page, list: string, layout: Layout, skip: number, name: string) {
  await page.getByRole('button', { name: `Print labels: ${list}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await dialog.getByTestId('labels-summary').waitFor();
  await dialog.getByRole('radio', { name: SHEETS[layout].name }).check();
  await dialog.getByRole('textbox', { name: 'Places already used' }).fill(String(skip));
  // The preview greys the used places of the first sheet.
  await expect.poll(() => dialog.locator('[data-testid=label-place][data-skipped]').count()).toBe(skip);
  await screenshot(page, `labels-dialog-${name}`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toBe('labels.pdf');
  const file = path.join(downloads, name, 'labels.pdf');
  await download.saveAs(file);
  await dialog.waitFor({ state: 'detached' });
  return scanPlaces(file, layout);
}

/** What the app's QR lookup opens for a scanned text: a full search on its second line, first result. */
async function lookUp(api: Api, scanned: string): Promise<string | undefined> {
  const word = scanned.split(/\r\n|\r|\n/)[1]?.trim();
  const { results } = await api<SearchResultPage>('POST', '/api/search/full/page', { word, limit: 1 });
  return results[0]?.href;
}

async function versionHref(api: Api, kind: string, label: string): Promise<string> {
  return (await api<Version>('GET', `/api/${kind}/versions/by-label?label=${encodeURIComponent(label)}`)).href;
}

describe('QR labels', () => {
  it('prints labels from a browser: every code on the sheets opens its own version', async () => {
    const page = await openAs('extern', '/evaluate/assembly-compatibility-browser');
    const api = await apiAs(page, baseUrl());

    // One version: the selector filtered down to it, on a 3 × 8 sheet with five places already used.
    const assembly = 'Brake Pressure Regulator BPR-210 MAT-4551-01';
    await selectVersion(page, 'Assembly', assembly);
    const one = await printLabels(page, 'Assembly', 'a4-3x8', 5, 'one');
    expect(one).toHaveLength(24);
    expect(one.flatMap((text, place) => (text === null ? [] : [place]))).toEqual([5]);
    expect(await lookUp(api, one[5]!)).toBe(await versionHref(api, 'assemblies', assembly));

    // A whole system's assemblies: the system browser's assembly list, on 2 × 7 sheets, three places used.
    await page.goto(`${baseUrl()}/evaluate/system-compatibility-browser`);
    const system = 'Brake Control Unit 1.9.0';
    await selectVersion(page, 'System', system);
    const records = await api<CompatibilityRecord[]>(
      'GET',
      `${await versionHref(api, 'systems', system)}/compatibilities/assemblies`,
    );
    const wanted = records.filter((record) => record.to.parent_name !== undefined).map((record) => record.to.href);
    expect(wanted.length).toBeGreaterThan(14);
    const places = await printLabels(page, 'Assembly Compatibility', 'a4-2x7', 3, 'system');
    expect(places).toHaveLength(Math.ceil((wanted.length + 3) / 14) * 14);
    // The used places and those after the last label stay empty; every other place holds a code.
    expect(places.map((text) => text !== null)).toEqual(
      places.map((_, place) => place >= 3 && place < 3 + wanted.length),
    );
    const opened = await Promise.all(places.flatMap((text) => (text === null ? [] : [lookUp(api, text)])));
    expect(opened.sort()).toEqual([...wanted].sort());
    await page.context().close();
  });
});
