/**
 * Issue 44's offline figures, in Chromium on a server process of its own: saving 20 systems for offline
 * use (from the click until the screen says they are saved) with the size of the saved answers, and the
 * app shell opening without network (a full page load from the service worker until the saved data's
 * banner and the smart search show).
 */
import { launchBrowser, signInOn } from '../web/e2e/support/chromium.js';
import { startServer, stopServer } from './server-process.js';

export interface OfflineFigures {
  systems: number;
  saveSeconds: number;
  /** The saved answers as UTF-8 JSON, MB (what the offline screen reports). */
  savedMb: number;
  /** The origin's whole storage use as the browser reports it (IndexedDB and the service worker's cache), MB. */
  storageMb: number;
  shellOfflineMs: number;
}

const SYSTEMS = 20;

export async function benchOffline(connectionString: string): Promise<OfflineFigures> {
  const server = await startServer({ DATABASE_URL: connectionString, DEPLOYMENT: 'work' });
  try {
    return await benchOfflineOn(server.url.replace('127.0.0.1', 'localhost'));
  } finally {
    await stopServer(server);
  }
}

/** The measurements against a running server at `origin` (embedded sign-in, demo users). */
export async function benchOfflineOn(origin: string): Promise<OfflineFigures> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await signInOn(page, origin, 'intern', '/offline');
    const boxes = page.getByRole('checkbox');
    await boxes.nth(SYSTEMS - 1).waitFor();
    for (let i = 0; i < SYSTEMS; i++) await boxes.nth(i).check();
    const start = performance.now();
    await page.getByRole('button', { name: 'Save for offline use' }).click();
    await page.getByTestId('offline-saved').waitFor({ timeout: 600_000 });
    const saveSeconds = (performance.now() - start) / 1000;
    const { bytes, usage } = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('dp-offline', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error('IndexedDB did not open'));
      });
      const meta = await new Promise<{ bytes: number }>((resolve, reject) => {
        const get = db.transaction('meta').objectStore('meta').get('current');
        get.onsuccess = () => resolve(get.result as { bytes: number });
        get.onerror = () => reject(new Error('IndexedDB did not read'));
      });
      db.close();
      return { bytes: meta.bytes, usage: (await navigator.storage.estimate()).usage ?? 0 };
    });
    await page.evaluate(() => navigator.serviceWorker.ready);

    await context.setOffline(true);
    const opened = performance.now();
    await page.goto(`${origin}/evaluate`);
    await page.getByTestId('offline-banner').waitFor();
    await page.getByRole('textbox', { name: 'Smart search' }).waitFor();
    const shellOfflineMs = performance.now() - opened;
    await context.close();
    return { systems: SYSTEMS, saveSeconds, savedMb: bytes / 1e6, storageMb: usage / 1e6, shellOfflineMs };
  } finally {
    await browser.close();
  }
}
