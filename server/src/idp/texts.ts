import { PRODUCT_NAME, renderMessage, type MessageKey, type MessageParams } from '@dp/contract';

// The texts of the embedded provider's pages in the three languages of the app. The web app asks for
// one with `ui_locales` (its current language); without one the pages are German, like the app.

export const IDP_LANGUAGES = ['de', 'en', 'fr'] as const;
export type IdpLanguage = (typeof IDP_LANGUAGES)[number];
export const DEFAULT_IDP_LANGUAGE: IdpLanguage = 'de';

interface IdpTexts {
  signInTitle: string;
  userName: string;
  password: string;
  signInButton: string;
  demoUsers: (users: string) => string;
  loginFailed: string;
  signingOut: string;
  signOutButton: string;
  signOutQuestion: string;
  tooManyAttempts: (minutes: number) => string;
  signedOutTitle: string;
  signedOut: string;
  backToApp: string;
  signInFailedTitle: string;
  signInFailed: string;
  signInFailedDetail: (detail: string) => string;
  expiredTitle: string;
  expired: string;
}

/**
 * The texts of one language. One home for texts: they live in the contract's message catalog
 * (contract/src/messages/sign-in-pages.ts, keys `idp.*`), beside every other sentence the server says and
 * which the web app loads into i18next too; this is only their shape for the pages.
 */
function textsIn(language: IdpLanguage): IdpTexts {
  const say = (key: `idp.${string}` & MessageKey, params: MessageParams = {}) =>
    renderMessage(key, { product: PRODUCT_NAME, ...params }, language);
  return {
    signInTitle: say('idp.signInTitle'),
    userName: say('idp.userName'),
    password: say('idp.password'),
    signInButton: say('idp.signInButton'),
    demoUsers: (users) => say('idp.demoUsers', { users }),
    loginFailed: say('idp.loginFailed'),
    signingOut: say('idp.signingOut'),
    signOutButton: say('idp.signOutButton'),
    signOutQuestion: say('idp.signOutQuestion'),
    tooManyAttempts: (minutes) => say('idp.tooManyAttempts', { minutes }),
    signedOutTitle: say('idp.signedOutTitle'),
    signedOut: say('idp.signedOut'),
    backToApp: say('idp.backToApp'),
    signInFailedTitle: say('idp.signInFailedTitle'),
    signInFailed: say('idp.signInFailed'),
    signInFailedDetail: (detail) => say('idp.signInFailedDetail', { detail }),
    expiredTitle: say('idp.expiredTitle'),
    expired: say('idp.expired'),
  };
}

export const IDP_TEXTS: { readonly [L in IdpLanguage]: IdpTexts } = {
  en: textsIn('en'),
  de: textsIn('de'),
  fr: textsIn('fr'),
};

/**
 * The page language for a `ui_locales` value (space-separated language tags, most preferred first):
 * the first supported one by primary tag ("de-CH" is German); German when none is.
 */
export function idpLanguageOf(uiLocales: unknown): IdpLanguage {
  if (typeof uiLocales !== 'string') return DEFAULT_IDP_LANGUAGE;
  for (const tag of uiLocales.split(/\s+/)) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if ((IDP_LANGUAGES as readonly string[]).includes(primary ?? '')) return primary as IdpLanguage;
  }
  return DEFAULT_IDP_LANGUAGE;
}
