import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';

export const LANGUAGES = ['de', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key of the chosen language (SPEC section 1). */
export const LANGUAGE_KEY = 'language';
const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled by browser policy; the default still works.
    return DEFAULT_LANGUAGE;
  }
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not kept for the next visit; nothing else to do.
  }
});

/** The i18next namespace of the server's sentences: the contract's message catalog (api-message.ts). */
export const API_NAMESPACE = 'api';

/** The texts of the languages that do not come with the app, each a chunk of its own. */
const ON_DEMAND = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
} as const;

/**
 * English and French texts load when they are first needed (chosen, or English as the fallback), and the
 * server's sentences on start, which keeps them off the first screen's download (issues 13 and 14);
 * German, the default, comes with the app.
 */
const languagesOnDemand: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    const texts =
      namespace === API_NAMESPACE
        ? import('./api-catalog').then((catalog) => ({ default: catalog.catalogResources(language) }))
        : language === 'de'
          ? Promise.resolve({ default: {} })
          : ON_DEMAND[language]();
    texts.then(
      (loaded) => callback(null, loaded.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

// The server's sentences come from the contract's catalog (namespace `api`, see api-message.ts), the
// rest from locales/.
/** Settles when the start's languages (the chosen one and the English fallback) are loaded. */
export const i18nReady: Promise<unknown> = i18n
  .use(languagesOnDemand)
  .use(initReactI18next)
  .init({
    resources: { de: { translation: de } },
    ns: ['translation', API_NAMESPACE],
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false }, // React escapes
  });

export { i18n };
