import type { CompatibilityInfo, CompatibilityRecord, Version } from '@dp/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mailsIn } from '../../server/test/support/smtp-sink.js';
import { screenshot, useBrowser } from './support/browser.js';

const { openAs } = useBrowser({ viewport: { width: 1500, height: 1000 } });

const LABEL = 'Brake Control Unit 1.9.0';

/**
 * Admin changes the status of the version's first assembly compatibility through the API, with the
 * page's own access token (the web app keeps it in sessionStorage); the partner's label comes back.
 */
async function changeFirstCompatibility(page: Page): Promise<string> {
  return page.evaluate(async (label) => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    const token = (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
    const call = async <T>(url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const version = await call<Version>(`/api/systems/versions/by-label?label=${encodeURIComponent(label)}`);
    const [first] = await call<CompatibilityRecord[]>(`${version.href}/compatibilities/assemblies`);
    const infos = await call<CompatibilityInfo[]>('/api/compatibility_infos');
    const other = infos.find((i) => i.compatibility_status !== first!.compatibility_info.compatibility_status)!;
    await call(`${version.href}/compatibilities/assemblies`, {
      method: 'PUT',
      body: JSON.stringify({
        rows: [{ to_id: Number(first!.to.href.split('/').at(-1)), compatibility_info: { href: other.href } }],
      }),
    });
    return [first!.to.parent_name, first!.to.name, first!.to.name2].filter(Boolean).join(' ');
  }, LABEL);
}

describe('watching a version', () => {
  it('stars a version as intern, sees a published change in the bell and reads the mail', async () => {
    const page = await openAs('intern', '/evaluate/system-compatibility-browser');
    await page.goto(`${page.url()}?data=${encodeURIComponent(LABEL)}`);
    await expect.poll(() => page.getByTestId('selected-version').textContent()).toBe(LABEL);
    const star = page.getByRole('button', { name: `Watch ${LABEL}` });
    await star.click();
    await page.getByRole('button', { name: `Stop watching ${LABEL}` }).waitFor();
    await page.getByTestId('my-watches').click();
    await page.getByTestId('my-watches-list').getByRole('link', { name: LABEL }).waitFor();
    await page.keyboard.press('Escape');

    const admin = await openAs('admin', '/evaluate');
    const partner = await changeFirstCompatibility(admin);
    await admin.context().close();

    // The bell follows the data's modification time, which the app reads again on focus and on load.
    await page.goto(new URL('/evaluate', page.url()).href);
    await expect
      .poll(() => page.getByTestId('notification-bell').getAttribute('aria-label'))
      .toBe('Notifications: 1 unread');
    await page.getByTestId('notification-bell').click();
    const entry = page.getByTestId('notification-list').getByTestId('notification');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain(`Compatibility with ${partner} changed`);
    await screenshot(page, 'watches-bell');
    await page.getByTestId('notifications-read').click();
    await expect
      .poll(() => page.getByTestId('notification-bell').getAttribute('aria-label'))
      .toBe('Notifications: 0 unread');
    await entry.getByRole('link', { name: LABEL }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('data')).toBe(LABEL);

    // The SMTP server got the digest: in English (the app's language), with the change and an unwatch link.
    await expect
      .poll(() => mailsIn(inject('mailFolder')).filter((m) => m.to.includes('intern@example.com')).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const mail = mailsIn(inject('mailFolder')).find((m) => m.to.includes('intern@example.com'))!;
    expect(mail.headers.subject).toBe('Digital Portfolio: changes to versions you watch (1)');
    expect(mail.text).toContain(LABEL);
    expect(mail.text).toContain(`changed: ${partner}`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The mail's link opens a page with one button; the GET changed nothing, the button unwatches.
    const link = /<(.+)>/.exec(mail.headers['list-unsubscribe']!)![1]!;
    await page.goto(link);
    await page.getByRole('button', { name: 'Unwatch' }).click();
    await page.getByText(`You no longer watch these versions: ${LABEL}.`).waitFor();
    await page.context().close();
  });
});
