/** The sentences of watches, notifications and their mails (issue 42); merged into MESSAGE_CATALOG (../messages.ts). */
export const WATCH_MESSAGES = {
  'watches.limit': {
    en: 'You already watch {max} versions, the most one user may watch. Stop watching one first.',
    de: 'Sie beobachten bereits {max} Versionen, mehr sind pro Benutzer nicht möglich. Beenden Sie zuerst eine Beobachtung.',
    fr: 'Vous suivez déjà {max} versions, le maximum par utilisateur. Cessez d’abord d’en suivre une.',
  },

  // ── the digest mail ───────────────────────────────────────────────────────────────────────────
  'mail.subject': {
    en: '{product}: changes to versions you watch ({count})',
    de: '{product}: Änderungen an beobachteten Versionen ({count})',
    fr: '{product} : modifications de versions suivies ({count})',
  },
  'mail.intro': {
    en: 'Compatibilities of versions you watch have changed:',
    de: 'Kompatibilitäten von Versionen, die Sie beobachten, haben sich geändert:',
    fr: 'Des compatibilités de versions que vous suivez ont changé :',
  },
  'mail.added': {
    en: 'added: {partner} ({after})',
    de: 'neu: {partner} ({after})',
    fr: 'ajoutée : {partner} ({after})',
  },
  'mail.changed': {
    en: 'changed: {partner} ({before} → {after})',
    de: 'geändert: {partner} ({before} → {after})',
    fr: 'modifiée : {partner} ({before} → {after})',
  },
  'mail.removed': {
    en: 'removed: {partner} (was {before})',
    de: 'entfernt: {partner} (war {before})',
    fr: 'supprimée : {partner} (était {before})',
  },
  'mail.referencesChanged': { en: 'references changed', de: 'Referenzen geändert', fr: 'références modifiées' },
  'mail.open': {
    en: 'Open in the browser: {url}',
    de: 'Im Browser öffnen: {url}',
    fr: 'Ouvrir dans le navigateur : {url}',
  },
  'mail.unwatch': {
    en: 'To stop watching these versions, open this link (valid for 7 days): {url}',
    de: 'Um diese Versionen nicht mehr zu beobachten, öffnen Sie diesen Link (7 Tage gültig): {url}',
    fr: 'Pour ne plus suivre ces versions, ouvrez ce lien (valable 7 jours) : {url}',
  },
  'mail.status.allowed': { en: 'Allowed', de: 'Erlaubt', fr: 'Autorisé' },
  'mail.status.conditional': { en: 'Conditional', de: 'Vorbehalt', fr: 'Sous réserve' },
  'mail.status.forbidden': { en: 'Forbidden', de: 'Verboten', fr: 'Interdit' },
  'mail.status.irrelevant': { en: 'Irrelevant', de: 'Irrelevant', fr: 'Non pertinent' },

  // ── the unwatch page a mail links to ──────────────────────────────────────────────────────────
  'unwatch.title': { en: 'Stop watching', de: 'Beobachtung beenden', fr: 'Ne plus suivre' },
  'unwatch.question': {
    en: 'Stop watching these versions: {versions}?',
    de: 'Diese Versionen nicht mehr beobachten: {versions}?',
    fr: 'Ne plus suivre ces versions : {versions} ?',
  },
  'unwatch.button': { en: 'Unwatch', de: 'Nicht mehr beobachten', fr: 'Ne plus suivre' },
  'unwatch.done': {
    en: 'You no longer watch these versions: {versions}.',
    de: 'Sie beobachten diese Versionen nicht mehr: {versions}.',
    fr: 'Vous ne suivez plus ces versions : {versions}.',
  },
  'unwatch.invalid': {
    en: 'This link is invalid or has expired (links are valid for 7 days). You can stop watching in the app.',
    de: 'Dieser Link ist ungültig oder abgelaufen (Links sind 7 Tage gültig). Sie können die Beobachtung in der Anwendung beenden.',
    fr: 'Ce lien est invalide ou a expiré (les liens sont valables 7 jours). Vous pouvez cesser de suivre dans l’application.',
  },
} as const;
