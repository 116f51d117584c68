/**
 * A callback ref for an outcome (an alert) that shows when the control which started its action is gone:
 * it takes the focus if nothing has it, so that a keyboard user goes on from the outcome instead of from
 * the top of the page. Spread `lostFocusTarget` on the outcome: focusable by script only, with the ring.
 */
function takeLostFocus(element: HTMLElement | null) {
  if (element && (document.activeElement === null || document.activeElement === document.body)) element.focus();
}

export const lostFocusTarget = { ref: takeLostFocus, tabIndex: -1, className: 'mantine-focus-auto' } as const;
