/** The sentences of the delta report in en, de and fr; merged into MESSAGE_CATALOG (../messages.ts). */
export const DELTA_REPORT_MESSAGES = {
  // ── the document ─────────────────────────────────────────────────────────────────────────────────
  'deltaReport.title': { en: 'Delta report', de: 'Delta-Bericht', fr: 'Rapport des différences' },
  'deltaReport.heading': {
    en: 'Changes from {older} to {newer}',
    de: 'Änderungen von {older} bis {newer}',
    fr: 'Modifications de {older} à {newer}',
  },
  'deltaReport.state.actual': {
    en: 'Actual database state',
    de: 'Aktueller Datenbankstand',
    fr: 'État actuel de la base de données',
  },
  'deltaReport.state.backup': { en: 'Backup {name}', de: 'Sicherung {name}', fr: 'Sauvegarde {name}' },
  'deltaReport.older': { en: 'Older state (before)', de: 'Älterer Stand (vorher)', fr: 'État le plus ancien (avant)' },
  'deltaReport.newer': { en: 'Newer state (after)', de: 'Neuerer Stand (nachher)', fr: 'État le plus récent (après)' },
  'deltaReport.takenAt': { en: 'taken {date}', de: 'erstellt am {date}', fr: 'créée le {date}' },
  'deltaReport.asOf': { en: 'as of {date}', de: 'Stand {date}', fr: 'au {date}' },
  'deltaReport.generated': {
    en: 'Generated {date} by {user}. Times are in {zone}.',
    de: 'Erstellt am {date} von {user}. Zeitangaben in {zone}.',
    fr: 'Généré le {date} par {user}. Heures exprimées en {zone}.',
  },
  'deltaReport.ordered': {
    en: 'The two states are compared from the older to the newer, whatever order they were chosen in.',
    de: 'Die beiden Stände werden vom älteren zum neueren verglichen, gleich in welcher Reihenfolge sie gewählt wurden.',
    fr: "Les deux états sont comparés du plus ancien au plus récent, quel que soit l'ordre dans lequel ils ont été choisis.",
  },
  'deltaReport.grouping': {
    en: 'Changes are grouped by part: systems, then assemblies, then sub-assemblies, each by name and then by version. A compatibility, version relation or containment is listed under the higher of its two parts (a system–assembly compatibility under its system, an assembly–sub-assembly one under its assembly); between two parts of the same kind, under the first of the pair.',
    de: 'Die Änderungen sind nach Teilen gruppiert: zuerst Systeme, dann Baugruppen, dann Unterbaugruppen, jeweils nach Name und dann nach Version. Eine Kompatibilität, Versionsbeziehung oder Enthalten-Beziehung steht beim höheren ihrer beiden Teile (eine System–Baugruppe-Kompatibilität beim System, eine Baugruppe–Unterbaugruppe-Kompatibilität bei der Baugruppe); zwischen zwei Teilen derselben Art beim ersten des Paars.',
    fr: "Les modifications sont regroupées par partie : d'abord les systèmes, puis les assemblages, puis les sous-assemblages, chacun par nom puis par version. Une compatibilité, une relation de version ou un contenu figure sous la plus haute de ses deux parties (une compatibilité système–assemblage sous son système, une compatibilité assemblage–sous-assemblage sous son assemblage) ; entre deux parties de même type, sous la première de la paire.",
  },
  'deltaReport.summary': { en: 'Summary', de: 'Zusammenfassung', fr: 'Résumé' },
  'deltaReport.contents': { en: 'Contents', de: 'Inhaltsverzeichnis', fr: 'Table des matières' },
  'deltaReport.noChanges': {
    en: 'Nothing changed between the two states.',
    de: 'Zwischen den beiden Ständen hat sich nichts geändert.',
    fr: "Rien n'a changé entre les deux états.",
  },
  'deltaReport.changeCount': { en: 'Changes: {count}', de: 'Änderungen: {count}', fr: 'Modifications : {count}' },
  'deltaReport.page': { en: 'Page {page}', de: 'Seite {page}', fr: 'Page {page}' },
  'deltaReport.tocLimited': {
    en: 'The outline lists the first {shown} of {total} parts; the table of contents lists them all.',
    de: 'Die Lesezeichen nennen die ersten {shown} von {total} Teilen; das Inhaltsverzeichnis nennt alle.',
    fr: 'Les signets indiquent les {shown} premières des {total} parties ; la table des matières les indique toutes.',
  },
  'deltaReport.column.entry': { en: 'Entry', de: 'Eintrag', fr: 'Élément' },
  'deltaReport.column.total': { en: 'Total', de: 'Gesamt', fr: 'Total' },

  // ── kinds of change ──────────────────────────────────────────────────────────────────────────────
  'deltaReport.change.added': { en: 'Added', de: 'Hinzugefügt', fr: 'Ajouté' },
  'deltaReport.change.removed': { en: 'Removed', de: 'Entfernt', fr: 'Supprimé' },
  'deltaReport.change.changed': { en: 'Changed', de: 'Geändert', fr: 'Modifié' },

  // ── rows of the summary ──────────────────────────────────────────────────────────────────────────
  'deltaReport.count.item.system': { en: 'Systems', de: 'Systeme', fr: 'Systèmes' },
  'deltaReport.count.item.assembly': { en: 'Assemblies', de: 'Baugruppen', fr: 'Assemblages' },
  'deltaReport.count.item.subassembly': { en: 'Sub-Assemblies', de: 'Unterbaugruppen', fr: 'Sous-assemblages' },
  'deltaReport.count.version.system': { en: 'System versions', de: 'Systemversionen', fr: 'Versions de système' },
  'deltaReport.count.version.assembly': {
    en: 'Assembly versions',
    de: 'Baugruppenversionen',
    fr: "Versions d'assemblage",
  },
  'deltaReport.count.version.subassembly': {
    en: 'Sub-Assembly versions',
    de: 'Unterbaugruppenversionen',
    fr: 'Versions de sous-assemblage',
  },
  'deltaReport.count.compatibility': { en: 'Compatibilities', de: 'Kompatibilitäten', fr: 'Compatibilités' },
  'deltaReport.count.reference': {
    en: 'References on compatibilities',
    de: 'Referenzen an Kompatibilitäten',
    fr: 'Références des compatibilités',
  },
  'deltaReport.count.comment': {
    en: 'Comments on compatibilities',
    de: 'Kommentare zu Kompatibilitäten',
    fr: 'Commentaires des compatibilités',
  },
  'deltaReport.count.itemContainment': {
    en: 'Part relations (system–assembly, assembly–sub-assembly)',
    de: 'Teilebeziehungen (System–Baugruppe, Baugruppe–Unterbaugruppe)',
    fr: 'Relations entre parties (système–assemblage, assemblage–sous-assemblage)',
  },
  'deltaReport.count.versionRelation': {
    en: 'Version relation flags (assembly–assembly)',
    de: 'Versionsbeziehungen (Baugruppe–Baugruppe)',
    fr: 'Relations de version (assemblage–assemblage)',
  },
  'deltaReport.count.versionContainment': {
    en: 'Containment flags (assembly–sub-assembly)',
    de: 'Enthalten-Kennzeichen (Baugruppe–Unterbaugruppe)',
    fr: 'Indicateurs de contenu (assemblage–sous-assemblage)',
  },

  // ── lines of the body ────────────────────────────────────────────────────────────────────────────
  'deltaReport.part': { en: '{kind} {name}', de: '{kind} {name}', fr: '{kind} {name}' },
  'deltaReport.version': { en: 'Version {version}', de: 'Version {version}', fr: 'Version {version}' },
  'deltaReport.block.compatibility': {
    en: 'Compatibility with {kind} {name} {version}',
    de: 'Kompatibilität mit {kind} {name} {version}',
    fr: 'Compatibilité avec {kind} {name} {version}',
  },
  'deltaReport.block.versionRelation': {
    en: 'Version relation with {kind} {name} {version}',
    de: 'Versionsbeziehung zu {kind} {name} {version}',
    fr: 'Relation de version avec {kind} {name} {version}',
  },
  'deltaReport.block.versionContainment': {
    en: 'Contains {kind} {name} {version}',
    de: 'Enthält {kind} {name} {version}',
    fr: 'Contient {kind} {name} {version}',
  },
  'deltaReport.block.itemContainment': {
    en: 'Contains {kind} {name}',
    de: 'Enthält {kind} {name}',
    fr: 'Contient {kind} {name}',
  },
  'deltaReport.reference': { en: 'Reference', de: 'Referenz', fr: 'Référence' },
  'deltaReport.comment': { en: 'Comment by {author}', de: 'Kommentar von {author}', fr: 'Commentaire de {author}' },
  'deltaReport.empty': { en: '(empty)', de: '(leer)', fr: '(vide)' },
  'deltaReport.field.name': { en: 'Name', de: 'Name', fr: 'Nom' },
  'deltaReport.field.versionNumber': { en: 'Version number', de: 'Versionsnummer', fr: 'Numéro de version' },
  'deltaReport.field.partNumber': { en: 'Part number (GS)', de: 'Siemens-Sach-Nr. (GS)', fr: 'N° de pièce (GS)' },
  'deltaReport.field.materialNumber': {
    en: 'Material number (GS)',
    de: 'Material-Nr. (GS)',
    fr: 'N° de matériel (GS)',
  },
  'deltaReport.field.description': { en: 'Description', de: 'Beschreibung', fr: 'Description' },
  'deltaReport.field.rscpLink': { en: 'RSCP link', de: 'RSCP-Link', fr: 'Lien RSCP' },
  'deltaReport.field.status': { en: 'Status', de: 'Status', fr: 'Statut' },
  'deltaReport.field.obligation': { en: 'Obligation text', de: 'Auflagentext', fr: "Texte d'obligation" },
  'deltaReport.status.allowed': { en: 'Allowed', de: 'Erlaubt', fr: 'Autorisé' },
  'deltaReport.status.conditional': { en: 'Conditional', de: 'Vorbehalt', fr: 'Sous réserve' },
  'deltaReport.status.forbidden': { en: 'Forbidden', de: 'Verboten', fr: 'Interdit' },
  'deltaReport.status.irrelevant': { en: 'Irrelevant', de: 'Irrelevant', fr: 'Non pertinent' },

  // ── report jobs (progress and download) ──────────────────────────────────────────────────────────
  'reportJob.thing': { en: 'Report job {id}', de: 'Berichtsauftrag {id}', fr: 'Tâche de rapport {id}' },
  'reportJob.running': {
    en: 'The report is not finished yet ({progress} %); ask again when its status is done.',
    de: 'Der Bericht ist noch nicht fertig ({progress} %); fragen Sie erneut, wenn sein Status „done“ ist.',
    fr: "Le rapport n'est pas encore terminé ({progress} %) ; redemandez-le quand son statut est « done ».",
  },
  'reportJob.noFile': {
    en: 'This report has no file because it failed. {reason}',
    de: 'Dieser Bericht hat keine Datei, weil er fehlgeschlagen ist. {reason}',
    fr: "Ce rapport n'a pas de fichier car il a échoué. {reason}",
  },
  'reportJob.failed': {
    en: 'The report could not be generated: {reason}',
    de: 'Der Bericht konnte nicht erstellt werden: {reason}',
    fr: "Le rapport n'a pas pu être généré : {reason}",
  },
  'reportJob.interrupted': {
    en: 'the server stopped while it was being generated; please start it again.',
    de: 'der Server wurde während der Erstellung beendet; bitte starten Sie ihn erneut.',
    fr: 'le serveur s’est arrêté pendant la génération ; veuillez le relancer.',
  },
  'reportJob.internal': {
    en: 'an unexpected error occurred; please try again or ask an administrator to look at the server log.',
    de: 'ein unerwarteter Fehler ist aufgetreten; bitte versuchen Sie es erneut oder bitten Sie einen Administrator, das Serverprotokoll anzusehen.',
    fr: "une erreur inattendue s'est produite ; veuillez réessayer ou demander à un administrateur de consulter le journal du serveur.",
  },
} as const satisfies Record<string, { en: string; de: string; fr: string }>;
