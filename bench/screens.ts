/**
 * Issue 14's "opening any screen is interactive in < 1 s": every screen an admin can open, in Chromium,
 * on a server process of its own with the embedded sign-in. Each is timed from the navigation (a full
 * page load, the app's scripts cached) until its API calls have answered, no loader shows and its main
 * thread is free, with the API bytes it was sent.
 */
import type { Page, Request } from 'playwright-core';
import { launchBrowser, signInOn } from '../web/e2e/support/chromium.js';
import { ADMIN_SCREENS } from '../web/e2e/support/screens.js';
import { startServer, stopServer } from './server-process.js';

export interface ScreenOpening {
  path: string;
  /** Until the last API answer or the last loader, ms; null when the screen did not settle in 20 s. */
  interactiveMs: number | null;
  apiCalls: number;
  apiKb: number;
}

/** Quiet this long (no API call under way, no loader, no long task) counts as settled. */
const QUIET_MS = 500;
const GIVE_UP_MS = 20_000;
/** A page that needs longer than this to answer whether a loader shows has been busy on its main thread. */
const BLOCKED_MS = 50;

/** `paths`: the screens to open, every admin screen unless told. */
export async function benchScreens(
  connectionString: string,
  paths: readonly string[] = ADMIN_SCREENS,
): Promise<ScreenOpening[]> {
  // Without OIDC_ISSUER the server runs the embedded provider and its demo users.
  const server = await startServer({ DATABASE_URL: connectionString, DEPLOYMENT: 'work' });
  // The embedded provider's cookies and redirects are issued for localhost.
  const origin = server.url.replace('127.0.0.1', 'localhost');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await signInOn(page, origin, 'admin', '/evaluate');
    // Once, so that every screen below finds the app's scripts in the cache, as a user's second screen does.
    const warmUp = watchApi(page);
    await settled(page, warmUp, performance.now());
    warmUp.stop();

    const openings: ScreenOpening[] = [];
    for (const path of paths) {
      const api = watchApi(page);
      const start = performance.now();
      await page.goto(`${origin}${path}`);
      const end = await settled(page, api, start);
      api.stop();
      openings.push({
        path,
        interactiveMs: end === null ? null : end - start,
        apiCalls: api.calls,
        apiKb: api.bytes / 1000,
      });
    }
    return openings;
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

/** The page's API calls from now on: how many, the bytes sent for them, which are under way, the last answer's time. */
function watchApi(page: Page) {
  const open = new Set<Request>();
  const state = { calls: 0, bytes: 0, lastAnswer: 0, open, stop: () => {} };
  const started = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  };
  const ended = (request: Request) => {
    if (!open.delete(request)) return;
    state.calls++;
    state.lastAnswer = performance.now();
    void request
      .sizes()
      .then((sizes) => (state.bytes += sizes.responseBodySize))
      .catch(() => {});
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  state.stop = () => {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
  return state;
}

/**
 * When the page last changed before a quiet spell: its last API answer, the last time a loader showed, or
 * the end of the last long task on its main thread.
 */
async function settled(page: Page, api: ReturnType<typeof watchApi>, start: number): Promise<number | null> {
  let busyUntil = start;
  for (;;) {
    await page.waitForTimeout(25);
    const asked = performance.now();
    const loading = (await page.locator('.mantine-Loader-root:visible').count()) > 0;
    const now = performance.now();
    // A page that takes long to answer is busy rendering (Swagger UI builds the API docs after their data).
    if (loading || api.open.size > 0 || now - asked > BLOCKED_MS) busyUntil = now;
    const last = Math.max(busyUntil, api.lastAnswer);
    if (now - last >= QUIET_MS) return last;
    if (now - start > GIVE_UP_MS) return null;
  }
}
