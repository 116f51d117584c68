import { APP_VERSION } from '@dp/contract';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, signIn, useBrowser } from './support/browser.js';

// The app's language is set per test; without it the app starts in its default, German.
const { newPage } = useBrowser({ language: null });

const allNav = [
  'evaluate',
  'basic-data',
  'compatibility',
  'database',
  'dataset',
  'monitoring',
  'infos',
  'infos-internal',
  'help',
  'api-docs',
];
const expectedNav: Record<string, string[]> = {
  admin: [
    'evaluate',
    'basic-data',
    'compatibility',
    'database',
    'dataset',
    'monitoring',
    'infos-internal',
    'help',
    'api-docs',
  ],
  intern: ['evaluate', 'dataset', 'infos-internal', 'help'],
  extern: ['evaluate', 'infos', 'help'],
};

describe('signing in through the real login page', () => {
  for (const user of ['admin', 'intern', 'extern'] as const) {
    it(`${user} lands on the page first asked for and sees the right toolbar`, async () => {
      const page = await newPage({ language: 'en' });
      await signIn(page, user, '/evaluate/system-delta-browser');
      await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(user);
      const visible: string[] = [];
      for (const key of allNav) {
        if (await page.getByTestId(`nav-${key}`).isVisible()) visible.push(key);
      }
      expect(visible).toEqual(expectedNav[user]);
      await expect.poll(() => page.getByTestId('app-version').textContent()).toContain(APP_VERSION);
      await screenshot(page, `shell-${user}`);

      // Logout goes through the provider (RP-Initiated Logout 1.0 with id_token_hint and state) and back to /home, signed out.
      const logoutUrls: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/idp/session/end') logoutUrls.push(url);
      });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL((url) => url.pathname === '/home', { timeout: 30_000 });
      await expect.poll(() => page.getByTestId('nav-login').isVisible()).toBe(true);
      expect(logoutUrls).toHaveLength(1);
      expect(logoutUrls[0]!.searchParams.get('id_token_hint')).toBeTruthy();
      expect(logoutUrls[0]!.searchParams.get('client_id')).toBeTruthy();
      expect(logoutUrls[0]!.searchParams.get('state')).toBeTruthy();
      expect(logoutUrls[0]!.searchParams.get('post_logout_redirect_uri')).toBe(`${baseUrl()}/home`);
      // Signed out at the provider too: the next visit of a protected page shows its login page again.
      await page.goto(`${baseUrl()}/evaluate`);
      await expect.poll(() => page.getByLabel(/user ?name/i).isVisible(), { timeout: 30_000 }).toBe(true);
      await page.context().close();
    });
  }

  it('a user without a role sees only Logout and the refusal text', async () => {
    const page = await newPage({ language: 'en' });
    await signIn(page, 'norole', '/evaluate');
    await expect
      .poll(() => page.getByTestId('refusal').textContent())
      .toContain(
        'You dont have permissions to access the application, please contact the administrator for more information.',
      );
    for (const key of allNav) expect(await page.getByTestId(`nav-${key}`).isVisible()).toBe(false);
    expect(await page.getByTestId('nav-logout').isVisible()).toBe(true);
    await screenshot(page, 'shell-norole');
    await page.context().close();
  });

  it('a wrong password is refused on the login page', async () => {
    const page = await newPage({ language: 'en' });
    await page.goto(`${baseUrl()}/evaluate`);
    await page.getByLabel(/user ?name/i).fill('intern');
    await page.getByLabel(/password/i).fill('wrong');
    await page.getByRole('button', { name: /sign in|log ?in/i }).click();
    await expect.poll(() => page.content()).toContain('Invalid user name or password.');
    await page.context().close();
  });
});

describe('language', () => {
  it('German by default; switching to French and English changes the texts and is kept', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/evaluate`);
    // The provider's login page follows the app's language (ui_locales): German here.
    await expect.poll(() => page.getByLabel('Benutzername').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await signIn(page, 'extern', '/evaluate');
    await expect.poll(() => page.getByTestId('nav-evaluate').textContent()).toBe('Auswertung');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-fr').click();
    // French texts load on demand (lib/i18n.ts): the switch follows as soon as they have arrived.
    await expect.poll(() => page.getByTestId('nav-evaluate').textContent()).toMatch(/valuation/);
    const french = await page.getByTestId('nav-evaluate').textContent();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    await page.reload();
    await expect.poll(() => page.getByTestId('nav-evaluate').textContent()).toBe(french);
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('nav-evaluate').textContent()).toBe('Evaluation');
    await screenshot(page, 'shell-language-en');
    await page.context().close();
  });
});
