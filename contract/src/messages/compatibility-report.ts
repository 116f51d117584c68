/** The sentences of the compatibility report in en, de and fr; merged into MESSAGE_CATALOG (../messages.ts). */
export const COMPATIBILITY_REPORT_MESSAGES = {
  // Sheet names: Excel allows at most 31 characters and none of : \ / ? * [ ].
  'compatibilityReport.sheet.data': { en: 'Compatibilities', de: 'Kompatibilitäten', fr: 'Compatibilités' },
  /** A further sheet when one holds no more rows (Excel's limit is 1,048,576 rows per sheet). */
  'compatibilityReport.sheet.dataContinued': {
    en: 'Compatibilities {number}',
    de: 'Kompatibilitäten {number}',
    fr: 'Compatibilités {number}',
  },
  'compatibilityReport.sheet.about': { en: 'About this report', de: 'Zu diesem Bericht', fr: 'À propos du rapport' },

  // Column headers; the version columns are labelled as on the screens (SPEC 3).
  'compatibilityReport.column.system': { en: 'System', de: 'System', fr: 'Système' },
  'compatibilityReport.column.systemVersion': { en: 'System version', de: 'Systemversion', fr: 'Version du système' },
  'compatibilityReport.column.assembly': { en: 'Assembly', de: 'Baugruppe', fr: 'Sous-ensemble' },
  'compatibilityReport.column.partNumber': {
    en: 'Part number (GS)',
    de: 'Siemens-Sach-Nr. (GS)',
    fr: 'N° de pièce (GS)',
  },
  'compatibilityReport.column.materialNumber': {
    en: 'Material number (GS)',
    de: 'Material-Nr. (GS)',
    fr: 'N° de matériel (GS)',
  },
  'compatibilityReport.column.status': { en: 'Status', de: 'Status', fr: 'Statut' },
  'compatibilityReport.column.obligation': { en: 'Obligation text', de: 'Auflagentext', fr: "Texte d'obligation" },
  'compatibilityReport.column.references': { en: 'References', de: 'Referenzen', fr: 'Références' },
  'compatibilityReport.column.comments': { en: 'Comments', de: 'Kommentare', fr: 'Commentaires' },
  'compatibilityReport.column.modified': { en: 'Modified', de: 'Geändert', fr: 'Modifié' },

  // SPEC 1: Erlaubt, Verboten, Vorbehalt, Irrelevant.
  'compatibilityReport.status.allowed': { en: 'Allowed', de: 'Erlaubt', fr: 'Autorisé' },
  'compatibilityReport.status.conditional': { en: 'Conditional', de: 'Vorbehalt', fr: 'Sous réserve' },
  'compatibilityReport.status.forbidden': { en: 'Forbidden', de: 'Verboten', fr: 'Interdit' },
  'compatibilityReport.status.irrelevant': { en: 'Irrelevant', de: 'Irrelevant', fr: 'Non pertinent' },

  /** One comment inside the comments cell. */
  'compatibilityReport.comment': {
    en: '{author}, {time}: {text}',
    de: '{author}, {time}: {text}',
    fr: '{author}, {time} : {text}',
  },

  // The "About this report" sheet.
  'compatibilityReport.title': {
    en: 'Compatibility report: systems and assemblies',
    de: 'Kompatibilitätsbericht: Systeme und Baugruppen',
    fr: 'Rapport de compatibilité : systèmes et sous-ensembles',
  },
  'compatibilityReport.about.scope': { en: 'Systems', de: 'Systeme', fr: 'Systèmes' },
  'compatibilityReport.about.allSystems': { en: 'All systems', de: 'Alle Systeme', fr: 'Tous les systèmes' },
  'compatibilityReport.about.view': { en: 'Contents', de: 'Inhalt', fr: 'Contenu' },
  'compatibilityReport.about.viewExtern': {
    en: 'Statuses only (external view): no obligation texts, references or comments.',
    de: 'Nur Status (externe Sicht): keine Auflagentexte, Referenzen oder Kommentare.',
    fr: "Statuts uniquement (vue externe) : ni textes d'obligation, ni références, ni commentaires.",
  },
  'compatibilityReport.about.viewIntern': {
    en: 'Statuses, obligation texts and references (internal view).',
    de: 'Status, Auflagentexte und Referenzen (interne Sicht).',
    fr: "Statuts, textes d'obligation et références (vue interne).",
  },
  'compatibilityReport.about.viewAdmin': {
    en: 'Statuses, obligation texts, references and comments (administrator view).',
    de: 'Status, Auflagentexte, Referenzen und Kommentare (Administratorsicht).',
    fr: "Statuts, textes d'obligation, références et commentaires (vue administrateur).",
  },
  'compatibilityReport.about.createdAt': { en: 'Created', de: 'Erstellt', fr: 'Créé le' },
  'compatibilityReport.about.createdBy': { en: 'Created by', de: 'Erstellt von', fr: 'Créé par' },
  'compatibilityReport.about.dataState': {
    en: 'Data last changed',
    de: 'Daten zuletzt geändert',
    fr: 'Dernière modification des données',
  },
  'compatibilityReport.about.rows': {
    en: 'Compatibilities listed',
    de: 'Aufgeführte Kompatibilitäten',
    fr: 'Compatibilités listées',
  },
  /** The zone the report's times are given in (the server's). */
  'compatibilityReport.about.timeZone': {
    en: 'Time zone of all times',
    de: 'Zeitzone aller Zeitangaben',
    fr: 'Fuseau horaire de toutes les heures',
  },
  'compatibilityReport.about.legend': { en: 'Status colours', de: 'Statusfarben', fr: 'Couleurs des statuts' },
  'compatibilityReport.about.version': { en: 'Application', de: 'Anwendung', fr: 'Application' },
} as const satisfies Record<string, { en: string; de: string; fr: string }>;
