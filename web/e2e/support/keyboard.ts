import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The element that has the keyboard focus, as a person hears it named, and how its focus shows. */
export interface Focused {
  tag: string;
  role: string | null;
  /** aria-label, else the label of a form field, else its text. */
  name: string;
  testId: string | null;
  /** The style that marks it focused (outline, shadow, or the theme's colour on its border), or null. */
  indicator: string | null;
}

/**
 * What has the focus, and what shows it. Mantine marks a focused button or link with an outline and a
 * focused field with its border (of the field, or of the box around a multi-value field) in the primary
 * colour; the skip link keeps the browser's own outline.
 */
export function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const visible = (color: string) => color !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(color);
    const indicatorOf = (el: HTMLElement) => {
      const style = getComputedStyle(el);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && visible(style.outlineColor))
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      if (style.boxShadow !== 'none') return `shadow ${style.boxShadow}`;
      if (parseFloat(style.borderTopWidth) > 0 && style.borderTopColor === primary) return `border ${primary}`;
      return null;
    };
    let indicator = indicatorOf(element);
    // A field inside a box that takes the focus style (a multi-value field's pills box): up to two levels.
    for (let el = element.parentElement, up = 0; !indicator && el && up < 2; el = el.parentElement, up++) {
      if (el.matches(':focus-within')) indicator = indicatorOf(el);
    }
    const field = element as HTMLInputElement;
    const label = element.getAttribute('aria-label') ?? field.labels?.[0]?.textContent ?? element.textContent ?? '';
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role'),
      name: label.replace(/\s+/g, ' ').trim(),
      testId: element.getAttribute('data-testid'),
      indicator,
    };
  });
}

const describe = (f: Focused | null) => (f ? `${f.tag}[role=${f.role}] "${f.name}"` : 'nothing');

/** Waits until the focused element shows that it has the focus (a field's border colour fades in). */
export async function expectFocusVisible(page: Page): Promise<Focused> {
  let last: Focused | null = null;
  await expect
    .poll(
      async () => {
        last = await focused(page);
        return last?.indicator ?? null;
      },
      { timeout: 2000, message: 'the focused control shows no focus' },
    )
    .not.toBeNull();
  return last!;
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focus is on a control that `wanted` accepts, and
 * checks at every stop on the way that the focus is visible. Fails after `max` stops.
 */
export async function tabTo(
  page: Page,
  wanted: (f: Focused) => boolean,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<Focused> {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    expect(now, `Tab ${i + 1} left the focus nowhere (after ${passed.slice(-3).join(', ')})`).not.toBeNull();
    const shown = await expectFocusVisible(page).catch(() => null);
    expect(shown?.indicator, `no visible focus on ${describe(now)}`).toBeTruthy();
    if (wanted(shown!)) return shown!;
    passed.push(describe(now));
  }
  throw new Error(`${max} Tab stops did not reach the control; passed: ${passed.join(', ')}`);
}

/** A control by its accessible name: equal to `name`, or matching it. */
export const named =
  (name: string | RegExp) =>
  (f: Focused): boolean =>
    typeof name === 'string' ? f.name === name : name.test(f.name);
