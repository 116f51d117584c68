import { PRODUCT_NAME } from '@dp/contract';

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

export const IDP_TEXTS: { readonly [L in IdpLanguage]: IdpTexts } = {
  en: {
    signInTitle: 'Sign in',
    userName: 'User name',
    password: 'Password',
    signInButton: 'Sign in',
    demoUsers: (users) => `Demo users: ${users}.`,
    loginFailed: 'Invalid user name or password.',
    signingOut: 'Signing out…',
    signOutButton: 'Sign out',
    signOutQuestion: `Do you want to sign out of the ${PRODUCT_NAME}?`,
    tooManyAttempts: (minutes) =>
      `Too many failed sign-in attempts. Signing in is locked for ${minutes} minutes; please try again later.`,
    signedOutTitle: 'Signed out',
    signedOut: `You are signed out of the ${PRODUCT_NAME}.`,
    backToApp: `Back to the ${PRODUCT_NAME}`,
    signInFailedTitle: 'Sign-in failed',
    signInFailed: 'The sign-in request could not be processed.',
    signInFailedDetail: (detail) => `Details: ${detail}`,
    expiredTitle: 'Sign-in expired',
    expired: 'This sign-in page has expired. Please start signing in again.',
  },
  de: {
    signInTitle: 'Anmelden',
    userName: 'Benutzername',
    password: 'Passwort',
    signInButton: 'Anmelden',
    demoUsers: (users) => `Demo-Benutzer: ${users}.`,
    loginFailed: 'Benutzername oder Passwort ist falsch.',
    signingOut: 'Abmeldung…',
    signOutButton: 'Abmelden',
    signOutQuestion: `Möchten Sie sich vom ${PRODUCT_NAME} abmelden?`,
    tooManyAttempts: (minutes) =>
      `Zu viele fehlgeschlagene Anmeldeversuche. Die Anmeldung ist für ${minutes} Minuten gesperrt; bitte versuchen Sie es später erneut.`,
    signedOutTitle: 'Abgemeldet',
    signedOut: `Sie sind vom ${PRODUCT_NAME} abgemeldet.`,
    backToApp: `Zurück zum ${PRODUCT_NAME}`,
    signInFailedTitle: 'Anmeldung fehlgeschlagen',
    signInFailed: 'Die Anmeldeanfrage konnte nicht verarbeitet werden.',
    signInFailedDetail: (detail) => `Details: ${detail}`,
    expiredTitle: 'Anmeldung abgelaufen',
    expired: 'Diese Anmeldeseite ist abgelaufen. Bitte melden Sie sich erneut an.',
  },
  fr: {
    signInTitle: 'Connexion',
    userName: "Nom d'utilisateur",
    password: 'Mot de passe',
    signInButton: 'Se connecter',
    demoUsers: (users) => `Utilisateurs de démonstration : ${users}.`,
    loginFailed: "Nom d'utilisateur ou mot de passe incorrect.",
    signingOut: 'Déconnexion…',
    signOutButton: 'Se déconnecter',
    signOutQuestion: `Voulez-vous vous déconnecter du ${PRODUCT_NAME} ?`,
    tooManyAttempts: (minutes) =>
      `Trop de tentatives de connexion échouées. La connexion est bloquée pendant ${minutes} minutes ; veuillez réessayer plus tard.`,
    signedOutTitle: 'Déconnecté',
    signedOut: `Vous êtes déconnecté du ${PRODUCT_NAME}.`,
    backToApp: `Retour au ${PRODUCT_NAME}`,
    signInFailedTitle: 'Échec de la connexion',
    signInFailed: "La demande de connexion n'a pas pu être traitée.",
    signInFailedDetail: (detail) => `Détails : ${detail}`,
    expiredTitle: 'Connexion expirée',
    expired: 'Cette page de connexion a expiré. Veuillez recommencer la connexion.',
  },
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
