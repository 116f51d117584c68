/**
 * Gives `element` (an outcome, e.g. an alert or a status line) the focus if nothing has it: the control
 * that started the action is gone or disabled, and a keyboard user should go on from the outcome instead
 * of from the top of the page. Works as a callback ref, for an outcome that shows up.
 */
export function takeLostFocus(element: HTMLElement | null) {
  const active = document.activeElement;
  // Chromium moves the focus of a control that gets disabled to the page; jsdom leaves it there.
  const lost = active === null || active === document.body || active.matches(':disabled');
  if (element && lost) element.focus();
}

/** Props of an outcome that takes the lost focus: focusable by script only, with the focus ring. */
export const lostFocusTarget = { ref: takeLostFocus, tabIndex: -1, className: 'mantine-focus-auto' } as const;
