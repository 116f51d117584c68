/**
 * The sentences of the embedded provider's sign-in pages (server/src/idp/) in en, de and fr; merged into
 * MESSAGE_CATALOG (../messages.ts). `{product}` is the product's name.
 */
export const SIGN_IN_PAGE_MESSAGES = {
  'idp.signInTitle': { en: 'Sign in', de: 'Anmelden', fr: 'Connexion' },
  'idp.userName': { en: 'User name', de: 'Benutzername', fr: "Nom d'utilisateur" },
  'idp.password': { en: 'Password', de: 'Passwort', fr: 'Mot de passe' },
  'idp.signInButton': { en: 'Sign in', de: 'Anmelden', fr: 'Se connecter' },
  'idp.demoUsers': {
    en: 'Demo users: {users}.',
    de: 'Demo-Benutzer: {users}.',
    fr: 'Utilisateurs de démonstration : {users}.',
  },
  'idp.loginFailed': {
    en: 'Invalid user name or password.',
    de: 'Benutzername oder Passwort ist falsch.',
    fr: "Nom d'utilisateur ou mot de passe incorrect.",
  },
  'idp.signingOut': { en: 'Signing out…', de: 'Abmeldung…', fr: 'Déconnexion…' },
  'idp.signOutButton': { en: 'Sign out', de: 'Abmelden', fr: 'Se déconnecter' },
  'idp.signOutQuestion': {
    en: 'Do you want to sign out of the {product}?',
    de: 'Möchten Sie sich vom {product} abmelden?',
    fr: 'Voulez-vous vous déconnecter du {product} ?',
  },
  'idp.tooManyAttempts': {
    en: 'Too many failed sign-in attempts. Signing in is locked for {minutes} minutes; please try again later.',
    de: 'Zu viele fehlgeschlagene Anmeldeversuche. Die Anmeldung ist für {minutes} Minuten gesperrt; bitte versuchen Sie es später erneut.',
    fr: 'Trop de tentatives de connexion échouées. La connexion est bloquée pendant {minutes} minutes ; veuillez réessayer plus tard.',
  },
  'idp.signedOutTitle': { en: 'Signed out', de: 'Abgemeldet', fr: 'Déconnecté' },
  'idp.signedOut': {
    en: 'You are signed out of the {product}.',
    de: 'Sie sind vom {product} abgemeldet.',
    fr: 'Vous êtes déconnecté du {product}.',
  },
  'idp.backToApp': { en: 'Back to the {product}', de: 'Zurück zum {product}', fr: 'Retour au {product}' },
  'idp.signInFailedTitle': { en: 'Sign-in failed', de: 'Anmeldung fehlgeschlagen', fr: 'Échec de la connexion' },
  'idp.signInFailed': {
    en: 'The sign-in request could not be processed.',
    de: 'Die Anmeldeanfrage konnte nicht verarbeitet werden.',
    fr: "La demande de connexion n'a pas pu être traitée.",
  },
  'idp.signInFailedDetail': { en: 'Details: {detail}', de: 'Details: {detail}', fr: 'Détails : {detail}' },
  'idp.expiredTitle': { en: 'Sign-in expired', de: 'Anmeldung abgelaufen', fr: 'Connexion expirée' },
  'idp.expired': {
    en: 'This sign-in page has expired. Please start signing in again.',
    de: 'Diese Anmeldeseite ist abgelaufen. Bitte melden Sie sich erneut an.',
    fr: 'Cette page de connexion a expiré. Veuillez recommencer la connexion.',
  },
} as const satisfies Record<string, { en: string; de: string; fr: string }>;
