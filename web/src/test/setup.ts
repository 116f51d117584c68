import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';

// jsdom lacks what Mantine measures layouts with. Every media query answers "no match", so the
// shell renders its narrow layout.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};

beforeAll(async () => {
  // English and French load on demand in the app (lib/i18n.ts); tests read them at once.
  await i18n.loadLanguages(['en', 'fr']);
});

beforeEach(async () => {
  window.localStorage.clear();
  // Tests read English; the German default has its own test.
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  // Undoes stubFetch (test/fetch-stub.ts) and any other stubbed global.
  vi.unstubAllGlobals();
});
