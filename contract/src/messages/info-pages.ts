/** The sentences of the info pages in en, de and fr; merged into MESSAGE_CATALOG (../messages.ts). */
export const INFO_PAGE_MESSAGES = {
  // ── data state ────────────────────────────────────────────────────────────────────────────────
  'zod.entryTooLong': {
    en: 'the entry is too long: at most {max} characters of formatted text',
    de: 'der Eintrag ist zu lang: höchstens {max} Zeichen formatierter Text',
    fr: "l'entrée est trop longue : au plus {max} caractères de texte mis en forme",
  },
  'thing.datasetEntry': { en: 'Data-state entry', de: 'Datenstand-Eintrag', fr: "Entrée de l'état des données" },
  'dataset.empty': {
    en: 'The entry is empty: write some text (content that is not allowed, such as scripts, is removed before saving).',
    de: 'Der Eintrag ist leer: Schreiben Sie etwas Text (nicht erlaubte Inhalte wie Skripte werden vor dem Speichern entfernt).',
    fr: "L'entrée est vide : écrivez du texte (les contenus non autorisés, comme les scripts, sont retirés avant l'enregistrement).",
  },

  // ── release notes: why the code host's issues are not shown ───────────────────────────────────
  'releaseNotes.notConfigured': {
    en: 'The issues of the code host are not shown: no code host is configured on the server (GITLAB_API_URL).',
    de: 'Die Issues des Code-Hosts werden nicht angezeigt: Auf dem Server ist kein Code-Host konfiguriert (GITLAB_API_URL).',
    fr: "Les tickets de l'hébergeur de code ne sont pas affichés : aucun hébergeur de code n'est configuré sur le serveur (GITLAB_API_URL).",
  },
  'releaseNotes.timeout': {
    en: 'The code host did not answer within {seconds} seconds; its issues cannot be shown now. Please try again later.',
    de: 'Der Code-Host hat nicht innerhalb von {seconds} Sekunden geantwortet; seine Issues können jetzt nicht angezeigt werden. Bitte versuchen Sie es später erneut.',
    fr: "L'hébergeur de code n'a pas répondu en {seconds} secondes ; ses tickets ne peuvent pas être affichés pour le moment. Veuillez réessayer plus tard.",
  },
  'releaseNotes.refused': {
    en: 'The code host refused the server’s access token (HTTP {status}); its issues cannot be shown. Please tell an administrator.',
    de: 'Der Code-Host hat das Zugriffstoken des Servers abgelehnt (HTTP {status}); seine Issues können nicht angezeigt werden. Bitte informieren Sie einen Administrator.',
    fr: "L'hébergeur de code a refusé le jeton d'accès du serveur (HTTP {status}) ; ses tickets ne peuvent pas être affichés. Veuillez prévenir un administrateur.",
  },
  'releaseNotes.failed': {
    en: 'The code host answered with an error (HTTP {status}); its issues cannot be shown now. Please try again later.',
    de: 'Der Code-Host hat mit einem Fehler geantwortet (HTTP {status}); seine Issues können jetzt nicht angezeigt werden. Bitte versuchen Sie es später erneut.',
    fr: "L'hébergeur de code a répondu par une erreur (HTTP {status}) ; ses tickets ne peuvent pas être affichés pour le moment. Veuillez réessayer plus tard.",
  },
  'releaseNotes.unreachable': {
    en: 'The code host cannot be reached; its issues cannot be shown now. Please try again later.',
    de: 'Der Code-Host ist nicht erreichbar; seine Issues können jetzt nicht angezeigt werden. Bitte versuchen Sie es später erneut.',
    fr: "L'hébergeur de code est injoignable ; ses tickets ne peuvent pas être affichés pour le moment. Veuillez réessayer plus tard.",
  },
  'releaseNotes.invalidAnswer': {
    en: 'The code host sent an answer that is not a list of issues; its issues cannot be shown. Please tell an administrator.',
    de: 'Der Code-Host hat eine Antwort geschickt, die keine Liste von Issues ist; seine Issues können nicht angezeigt werden. Bitte informieren Sie einen Administrator.',
    fr: "L'hébergeur de code a envoyé une réponse qui n'est pas une liste de tickets ; ses tickets ne peuvent pas être affichés. Veuillez prévenir un administrateur.",
  },
  'releaseNotes.tooManyPages': {
    en: 'The code host sent more than {max} pages of issues for one version; only complete lists are shown, so its issues are left out. Please tell an administrator.',
    de: 'Der Code-Host hat für eine Version mehr als {max} Seiten mit Issues geschickt; es werden nur vollständige Listen angezeigt, daher fehlen seine Issues. Bitte informieren Sie einen Administrator.',
    fr: "L'hébergeur de code a envoyé plus de {max} pages de tickets pour une version ; seules les listes complètes sont affichées, ses tickets sont donc omis. Veuillez prévenir un administrateur.",
  },
} as const satisfies Record<string, { en: string; de: string; fr: string }>;
