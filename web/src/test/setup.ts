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

// From Node 22 on, fetch's Response.blob() builds the global Blob, which here is jsdom's, and jsdom's
// Blob has no text() (browsers' and Node's have).
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'));
      reader.readAsText(this);
    });
  };
}

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
