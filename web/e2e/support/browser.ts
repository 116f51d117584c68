import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInOn } from './chromium.js';
import { OBLIGATIONS } from '../../../server/src/db/demo-catalog.js';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const screenshotDir = path.resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

export const baseUrl = () => inject('baseUrl');
/** The live instance the work instance transfers to (DEPLOYMENT=live). */
export const liveUrl = () => inject('liveUrl');

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** The app's language (stored as the language menu does); null leaves the app's default. */
  language?: string | null;
}

/** A page in a context of its own (no session shared with other tests), the app in English unless told. */
export async function openPage(
  browser: Browser,
  { viewport = { width: 1440, height: 900 }, language = 'en' }: PageOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (language) await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return page;
}

/**
 * One Chromium for the test file: launched before its tests, closed after them. `newPage` and `openAs`
 * open pages with `defaults` (e.g. the viewport), each in a context of its own.
 */
export function useBrowser(defaults: PageOptions = {}) {
  let running: Browser | undefined;
  beforeAll(async () => {
    running = await launchBrowser();
  });
  afterAll(async () => {
    await running?.close();
  });
  const browser = () => {
    if (!running) throw new Error('The browser is started in beforeAll; use it inside a test.');
    return running;
  };
  const newPage = (options: PageOptions = {}) => openPage(browser(), { ...defaults, ...options });
  /** A page signed in as `user` through the real login page, on `target`. */
  const openAs = async (user: string, target: string) => {
    const page = await newPage();
    await signIn(page, user, target);
    return page;
  };
  return { browser, newPage, openAs };
}

/** Every obligation text of the demo data. */
const OBLIGATION_TEXTS = OBLIGATIONS.map(([, text]) => text).filter((text) => text !== '');
/** `text` as it appears in the page's markup, with &, < and > escaped. */
export const inMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The demo obligation texts anywhere in the page's markup (text and attributes, e.g. tooltips). */
export async function obligationTextsShown(page: Page): Promise<string[]> {
  const html = await page.content();
  return OBLIGATION_TEXTS.filter((text) => html.includes(inMarkup(text)));
}

/**
 * Signs in on the work instance unless told (`origin`, e.g. liveUrl()), in the app's language (English
 * unless the test chose another); see signInOn.
 */
export async function signIn(page: Page, user: string, target = '/evaluate', password = user, origin = baseUrl()) {
  await signInOn(page, origin, user, target, password);
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Intern sees some obligation texts (in the visible rows), extern none anywhere. */
export async function expectObligationsFor(page: Page, user: 'intern' | 'extern') {
  const shown = await obligationTextsShown(page);
  if (user === 'extern') expect(shown).toEqual([]);
  else expect(shown.length).toBeGreaterThan(0);
}
