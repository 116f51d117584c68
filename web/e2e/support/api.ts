import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type Api = <T = unknown>(
  method: string,
  urlPath: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

/** The API of `origin` as the page's signed-in user (the access token the app keeps in session storage). */
export async function apiAs(page: Page, origin: string): Promise<Api> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? null;
    }
    return null;
  });
  expect(token, 'the app keeps the access token in session storage').toBeTruthy();
  return async <T>(method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await page.request.fetch(`${origin}${urlPath}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...headers },
      data: body as never,
    });
    if (!response.ok()) throw new Error(`${method} ${urlPath}: ${response.status()} ${await response.text()}`);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
}
