/**
 * Issue 12 B9: no Content-Security-Policy violation on any screen. An admin visits every screen of the
 * app (and the sign-in and logout pages of the embedded provider) while the console and the page's
 * securitypolicyviolation events are collected; the list must stay empty.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, signIn, useBrowser } from './support/browser.js';
import { ADMIN_SCREENS } from './support/screens.js';

const { newPage } = useBrowser();

/** Collects CSP violations: Chromium's console errors ("Refused to …  Content Security Policy") and the DOM events. */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) violations.push(`${page.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

describe('B9 no CSP violation in the browser console', () => {
  it('on the sign-in page and every screen an admin can open', async () => {
    const page = await newPage();
    const violations = await watchCsp(page);
    await signIn(page, 'admin', '/evaluate');
    for (const screen of ADMIN_SCREENS) {
      await page.goto(`${baseUrl()}${screen}`);
      await page.waitForLoadState('networkidle');
      // A parent screen may open its first child (/database → /database/delta-report); never the sign-in.
      expect(new URL(page.url()).pathname, `${screen} was left`).toMatch(new RegExp(`^${screen}(/|$)`));
    }
    // The API docs screen loads Swagger UI and the document: give it its moment.
    await page.goto(`${baseUrl()}/api-docs`);
    await page.waitForLoadState('networkidle');
    // Logout passes the provider's logout page, whose one inline script is allowed by its hash and
    // submits at once (the product's own page sent the browser there: no confirmation, issue 12 B7).
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
