import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the focused element (and its wrapper, which some controls style instead) looks like. */
interface Look {
  self: string;
  wrapper: string;
}

declare global {
  interface Window {
    /** Each focusable element's look before the last key press, to compare with its look once focused. */
    __unfocusedLooks?: WeakMap<Element, Look>;
    /** The element that had the focus before the last key press. */
    __focusedBefore?: Element | null;
  }
}

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/**
 * Runs in the page. 'record': notes how every focusable element looks now, i.e. unfocused (all but the
 * focused one). 'check': once the focus transitions have ended, names the focused element and says whether
 * it (or its wrapper) looks different from its recorded, unfocused look.
 */
async function looksInPage({ mode, selector }: { mode: 'record' | 'check'; selector: string }) {
  const lookOf = (node: Element | null) => {
    if (!node) return '';
    const style = getComputedStyle(node);
    return [
      style.outlineStyle,
      style.outlineWidth,
      style.outlineColor,
      style.boxShadow,
      style.borderTopColor,
      style.borderBottomColor,
      style.backgroundColor,
      style.textDecorationLine,
    ].join('|');
  };
  const element = document.activeElement;
  if (mode === 'record') {
    const looks = new WeakMap<Element, Look>();
    for (const node of document.querySelectorAll(selector))
      if (node !== element) looks.set(node, { self: lookOf(node), wrapper: lookOf(node.parentElement) });
    window.__unfocusedLooks = looks;
    window.__focusedBefore = element;
    return { name: '', visible: false, known: false };
  }
  // Lets the focus styles finish their transitions (a loader's endless animation is no transition).
  await Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition)
      .map((animation) => animation.finished.catch(() => undefined)),
  );
  if (!element || element === document.body) return { name: 'the page itself', visible: false, known: false };
  const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? element.textContent;
  const name = `<${element.tagName.toLowerCase()}> ${(label ?? '').trim().slice(0, 40)}`;
  // A control of several fields (a date and time input) keeps the focus from field to field; its focus was
  // checked visible when it got it.
  if (element === window.__focusedBefore) return { name, visible: true, known: true };
  const before = window.__unfocusedLooks?.get(element);
  if (!before) return { name, visible: false, known: false };
  const visible = lookOf(element) !== before.self || lookOf(element.parentElement) !== before.wrapper;
  return { name, visible, known: true };
}

/**
 * Presses `key` (Tab, Shift+Tab, an arrow, …) and checks that the element it moves the focus to shows that
 * it has the focus: it or its wrapper looks different from how it looked unfocused. `before` names the
 * stops so far, for the failure message.
 */
export async function pressMovingFocus(page: Page, key: string, before: string[] = []): Promise<string> {
  await page.evaluate(looksInPage, { mode: 'record' as const, selector: FOCUSABLE });
  await page.keyboard.press(key);
  const focused = await page.evaluate(looksInPage, { mode: 'check' as const, selector: FOCUSABLE });
  const after = `after ${[...before, focused.name].join(' → ')}`;
  expect(focused.known, `${key} moves the focus to a control that was there before (${after})`).toBe(true);
  expect(focused.visible, `the focus on ${focused.name} is visible (${after})`).toBe(true);
  return focused.name;
}

/**
 * Presses Tab (Shift+Tab if `backwards`) until the focused element matches `selector` (and reads `text`, if
 * given), checking at every stop that the focus is visible; fails after `limit` stops.
 */
export async function tabTo(
  page: Page,
  selector: string,
  { backwards = false, limit = 60, text }: { backwards?: boolean; limit?: number; text?: string } = {},
) {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    stops.push(await pressMovingFocus(page, backwards ? 'Shift+Tab' : 'Tab', stops));
    if (await focusIs(page, selector, text)) return;
  }
  throw new Error(`${selector} was not reached with ${limit} presses of Tab; the stops: ${stops.join(', ')}`);
}

/** Whether the focused element matches `selector` (and reads `text`, if given). */
export function focusIs(page: Page, selector: string, text?: string): Promise<boolean> {
  return page.evaluate(
    ([s, t]) => {
      const element = document.activeElement;
      return (element?.matches(s) ?? false) && (t === undefined || element?.textContent?.trim() === t);
    },
    [selector, text] as const,
  );
}
