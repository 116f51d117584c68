import { within } from '@testing-library/react';

/** The option names the open dropdown of the combobox `input` shows now (none while it is closed). */
export function optionsOf(input: HTMLElement): string[] {
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  return list
    ? within(list)
        .queryAllByRole('option')
        .map((option) => option.textContent ?? '')
    : [];
}
