import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, signIn } from './support/browser.js';
import { launchBrowser } from './support/chromium.js';
import { ADMIN_SCREENS, EVALUATE_SCREENS } from './support/screens.js';

// Issue 13 item 8: no serious or critical axe violation on any screen, as any role, on a desktop and a
// phone. axe-core runs inside the page; its result lists each rule with the elements that break it.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SCREENS: Record<'admin' | 'intern' | 'extern', string[]> = {
  admin: ADMIN_SCREENS,
  intern: [...EVALUATE_SCREENS, '/database/compatibility-report', '/dataset', '/issues-internal', '/help', '/offline'],
  extern: [...EVALUATE_SCREENS, '/database/compatibility-report', '/issues', '/help', '/offline'],
};
/** Screens with a version chosen, so their coloured rows and status badges are checked too. */
const ANSWERS = [
  `/evaluate/system-compatibility-browser?data=${encodeURIComponent('Brake Control Unit 1.9.0')}`,
  `/evaluate/assembly-compatibility-browser?data=${encodeURIComponent('Brake Pressure Regulator BPR-210 MAT-4551-01')}`,
];
const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
};

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const traffic = new WeakMap<Page, { inFlight: number; quietSince: number }>();

/** Counts the page's requests in flight from now on, for `settled`. */
function trackRequests(page: Page) {
  const state = { inFlight: 0, quietSince: Date.now() };
  traffic.set(page, state);
  page.on('request', () => state.inFlight++);
  const ended = () => {
    state.inFlight--;
    state.quietSince = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/** Resolves once the page has had no request in flight for half a second (the screen has its data). */
async function settled(page: Page) {
  const state = traffic.get(page);
  if (!state) throw new Error('trackRequests(page) first');
  await expect
    .poll(() => state.inFlight <= 0 && Date.now() - state.quietSince > 500, { timeout: 20_000, interval: 100 })
    .toBe(true);
}

/** Waits for the screen to settle (data loaded, no loader left), then checks its h1 and runs axe on it. */
async function seriousFindings(page: Page): Promise<Finding[]> {
  await settled(page);
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => {});
  const heading: Finding[] =
    (await page.locator('h1').count()) > 0
      ? []
      : [{ id: 'page-has-heading-one', impact: 'serious', help: 'A screen names itself in an h1', targets: [] }];
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const findings = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as any[]).map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      help: v.help as string,
      targets: (v.nodes as any[]).slice(0, 5).map((n) => String(n.html).slice(0, 160)),
    }));
  });
  return [...heading, ...findings.filter((f) => f.impact === 'serious' || f.impact === 'critical')];
}

/** Moves the single-page app to `path` as a link would, without reloading it. */
async function go(page: Page, path: string) {
  // The new screen's requests start a moment after the URL changes: count quiet time from here.
  const state = traffic.get(page);
  if (state) state.quietSince = Date.now();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose content-security policy lets the test add axe's script (the app itself is unchanged). */
async function pageWith(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  trackRequests(page);
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  return page;
}

describe('accessibility: no serious or critical axe violation', () => {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    it(`the home page and the provider's sign-in page for visitors (${device})`, async () => {
      const page = await pageWith(viewport);
      await page.goto(`${baseUrl()}/home`);
      expect(await seriousFindings(page), 'home').toEqual([]);
      await page.goto(`${baseUrl()}/evaluate`);
      await page.getByLabel(/user ?name/i).waitFor();
      expect(await seriousFindings(page), 'sign-in page').toEqual([]);
      await page.context().close();
    });

    for (const role of ['admin', 'intern', 'extern'] as const) {
      it(`every screen of ${role} (${device})`, async () => {
        const page = await pageWith(viewport);
        await signIn(page, role, '/evaluate');
        const found: Record<string, Finding[]> = {};
        for (const path of SCREENS[role]) {
          await go(page, path);
          const findings = await seriousFindings(page);
          if (findings.length > 0) found[path] = findings;
        }
        await page.context().close();
        expect(found).toEqual({});
      }, 600_000);
    }

    it(`screens showing an answer: browsers, the delta browser and the upgrade planner as intern (${device})`, async () => {
      const page = await pageWith(viewport);
      await signIn(page, 'intern', '/evaluate');
      const found: Record<string, Finding[]> = {};
      for (const path of ANSWERS) {
        await go(page, path);
        await page.locator('[data-status]').first().waitFor();
        const findings = await seriousFindings(page);
        if (findings.length > 0) found[path] = findings;
      }
      await go(page, '/evaluate/system-delta-browser');
      const pick = (list: string, option: string) =>
        page
          .getByRole('listbox', { name: list, exact: true })
          .getByRole('option', { name: option, exact: true })
          .click();
      await pick('System', 'Brake Control Unit');
      await pick('Version 1', '1.9.0');
      await pick('Version 2', '1.10.0');
      await page.locator('tr[data-changed]').first().waitFor();
      const delta = await seriousFindings(page);
      if (delta.length > 0) found['delta'] = delta;
      // The upgrade planner's answer, reached from the delta (issue 43).
      await page.getByTestId('delta-plan-upgrade').click();
      await page.getByRole('combobox', { name: 'Installed assemblies', exact: true }).click();
      await page.getByRole('listbox').filter({ visible: true }).getByRole('option').first().click();
      await page.keyboard.press('Escape');
      await page.getByTestId('planner-checks').locator('[data-status]').first().waitFor();
      // The pointer left where the delta's link was, over Back to evaluation: its hover colour is not the screen's.
      await page.mouse.move(0, 0);
      await expect.poll(() => page.getByRole('listbox').filter({ visible: true }).count()).toBe(0);
      const planner = await seriousFindings(page);
      if (planner.length > 0) found['planner'] = planner;
      await page.context().close();
      expect(found).toEqual({});
    }, 300_000);

    it(`the page of a user without a role (${device})`, async () => {
      const page = await pageWith(viewport);
      await page.goto(`${baseUrl()}/evaluate`);
      await page.getByLabel(/user ?name/i).fill('norole');
      await page.getByLabel(/password/i).fill('norole');
      await page.getByRole('button', { name: /sign in|log ?in/i }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/idp'), { timeout: 30_000 });
      expect(await seriousFindings(page), 'norole').toEqual([]);
      await page.context().close();
    });
  }
});
