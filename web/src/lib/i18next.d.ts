import 'i18next';
import type en from '../locales/en.json';

// Keys are checked at compile time against the English file; the parity test keeps de and fr equal.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
