import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs (the journeys and the bench). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath}; install Debian's chromium or set CHROMIUM_PATH.`);
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Opens `target` on `origin`, signs in through the real login page of the embedded provider and waits to
 * be back. The login page is in the app's language: its labels in en, de, fr.
 */
export async function signInOn(page: Page, origin: string, user: string, target: string, password = user) {
  await page.goto(`${origin}${target}`);
  await page.getByLabel(/user ?name|benutzername|nom d'utilisateur/i).fill(user);
  await page.getByLabel(/password|passwort|mot de passe/i).fill(password);
  await page.getByRole('button', { name: /sign in|log ?in|anmelden|se connecter/i }).click();
  await page.waitForURL((url) => url.pathname === target, { timeout: 30_000 });
}
