/** The sentences of watches, notifications and their mails (issue 42); merged into MESSAGE_CATALOG (../messages.ts). */
export const WATCH_MESSAGES = {
  'watches.limit': {
    en: 'You already watch {max} versions, the most one user may watch. Stop watching one first.',
    de: 'Sie beobachten bereits {max} Versionen, mehr sind pro Benutzer nicht möglich. Beenden Sie zuerst eine Beobachtung.',
    fr: 'Vous suivez déjà {max} versions, le maximum par utilisateur. Cessez d’abord d’en suivre une.',
  },
} as const;
