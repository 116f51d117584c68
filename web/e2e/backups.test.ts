import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { screenshot, useBrowser } from './support/browser.js';

// Issue 45: a backup downloaded through the screen in Chromium, which refuses an answer whose content
// encoding it cannot undo (Node's fetch, in the API tests, forgave it), is uploaded back through the screen.
const { openAs } = useBrowser({ viewport: { width: 1440, height: 900 } });
const downloads = mkdtempSync(path.join(os.tmpdir(), 'dp-e2e-backups-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

it('downloads a backup as a file in the browser, and uploads that file back after the backup was deleted', async () => {
  const page = await openAs('admin', '/database/backups');
  await page.getByRole('heading', { name: 'Backups' }).waitFor();
  await page.getByRole('button', { name: 'Take backup now' }).click();
  const notice = page.getByTestId('backup-notice');
  await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toMatch(/^Backup \S+ was taken\.$/);
  const name = /Backup (\S+) was taken/.exec((await notice.textContent()) ?? '')![1]!;
  const row = page.locator(`[data-testid="backup-row"][data-name="${name}"]`);

  const [started] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download backup ${name}` }).click(),
  ]);
  expect(await started.failure()).toBeNull();
  expect(started.suggestedFilename()).toBe(`backup-${name}.dpbackup`);
  const file = path.join(downloads, started.suggestedFilename());
  await started.saveAs(file);
  // The saved file is the gzip data itself, as gzip reads it: its first line is the backup's header.
  const header = JSON.parse(execFileSync('gzip', ['-dc', file], { encoding: 'utf8' }).split('\n')[0]!) as {
    format: string;
    name: string;
  };
  expect(header).toMatchObject({ format: 'digital-portfolio-backup', name });
  await expect.poll(() => page.getByTestId('error-banner').count()).toBe(0);

  await row.getByRole('button', { name: `Delete backup ${name}` }).click();
  await row.getByRole('button', { name: 'Really delete?' }).click();
  await row.waitFor({ state: 'detached' });

  await page.getByTestId('backup-upload-input').setInputFiles(file);
  const confirm = page.getByTestId('backup-upload-confirm');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toBe(`Backup ${name} was uploaded.`);
  await row.waitFor();
  await screenshot(page, 'database-backup-uploaded-back');
  // Leaves the backups as it found them, for the journeys that take their own.
  await row.getByRole('button', { name: `Delete backup ${name}` }).click();
  await row.getByRole('button', { name: 'Really delete?' }).click();
  await row.waitFor({ state: 'detached' });
});
