import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';

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

// All three languages are bundled: the app must work without any further download.
void i18n.use(initReactI18next).init({
  resources: { de: { translation: de }, en: { translation: en }, fr: { translation: fr } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false }, // React escapes
});

export { i18n };
