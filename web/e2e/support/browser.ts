import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotDir = path.resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}; install Debian's chromium or set CHROMIUM_PATH.`);
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const baseUrl = () => inject('baseUrl');

/** Opens `target`, signs in through the real login page of the embedded provider and waits to be back. */
export async function signIn(page: Page, user: string, target = '/evaluate', password = user) {
  await page.goto(`${baseUrl()}${target}`);
  await page.getByLabel(/user ?name/i).fill(user);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log ?in/i }).click();
  await page.waitForURL((url) => url.pathname === target, { timeout: 30_000 });
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
