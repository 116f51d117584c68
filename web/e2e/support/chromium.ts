import { chromium, type Browser } from 'playwright-core';
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
