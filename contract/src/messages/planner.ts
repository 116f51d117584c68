/**
 * The sentences of the upgrade planner and the consistency checker (issue 43) in en, de and fr;
 * merged into MESSAGE_CATALOG (../messages.ts).
 */
export const PLANNER_MESSAGES = {
  'zod.hrefSystemVersion': {
    en: 'must be the href of a system version',
    de: 'muss der href einer Systemversion sein',
    fr: "doit être le href d'une version de système",
  },
  'zod.hrefAssemblyVersion': {
    en: 'must be the href of an assembly version',
    de: 'muss der href einer Baugruppenversion sein',
    fr: "doit être le href d'une version d'assemblage",
  },
  'zod.hrefSubassemblyVersion': {
    en: 'must be the href of a sub-assembly version',
    de: 'muss der href einer Unterbaugruppenversion sein',
    fr: "doit être le href d'une version de sous-assemblage",
  },
  'planner.sameSystem': {
    en: 'The installed system version and the target must be versions of the same system.',
    de: 'Die installierte Systemversion und das Ziel müssen Versionen desselben Systems sein.',
    fr: 'La version de système installée et la cible doivent être des versions du même système.',
  },
  'planner.twoVersions': {
    en: '“{item}” is given twice ({first} and {second}): give one installed version per part.',
    de: '„{item}“ ist zweimal angegeben ({first} und {second}): Geben Sie je Teil eine installierte Version an.',
    fr: '« {item} » est indiqué deux fois ({first} et {second}) : indiquez une seule version installée par pièce.',
  },
  'consistency.conditional_without_obligation': {
    en: 'The conditional status {id} has no obligation text.',
    de: 'Der bedingte Status {id} hat keinen Auflagentext.',
    fr: "Le statut conditionnel {id} n'a pas de texte d'obligation.",
  },
  'consistency.not_contained': {
    en: '{from} {fromVersion} has a compatibility with {to} {toVersion}, but {to} is not linked to {from} by containment.',
    de: '{from} {fromVersion} hat eine Kompatibilität mit {to} {toVersion}, aber {to} ist nicht als Bestandteil von {from} verknüpft.',
    fr: '{from} {fromVersion} a une compatibilité avec {to} {toVersion}, mais {to} n’est pas lié à {from} comme composant.',
  },
  'consistency.unused_obligation': {
    en: 'The obligation text {id} (“{text}”) is used by no compatibility.',
    de: 'Der Auflagentext {id} („{text}“) wird von keiner Kompatibilität verwendet.',
    fr: 'Le texte d’obligation {id} (« {text} ») n’est utilisé par aucune compatibilité.',
  },
  'consistency.unused_reference': {
    en: 'The reference “{text}” is used by no compatibility.',
    de: 'Die Referenz „{text}“ wird von keiner Kompatibilität verwendet.',
    fr: 'La référence « {text} » n’est utilisée par aucune compatibilité.',
  },
  'consistency.version_without_compatibility': {
    en: '{part} {version} has no compatibility at all.',
    de: '{part} {version} hat überhaupt keine Kompatibilität.',
    fr: '{part} {version} n’a aucune compatibilité.',
  },
  'consistency.stale_review': {
    en: 'The compatibility between {from} {fromVersion} and {to} {toVersion} was last changed before one of the two versions was.',
    de: 'Die Kompatibilität zwischen {from} {fromVersion} und {to} {toVersion} wurde zuletzt vor einer der beiden Versionen geändert.',
    fr: 'La compatibilité entre {from} {fromVersion} et {to} {toVersion} a été modifiée pour la dernière fois avant l’une des deux versions.',
  },
  'plannerChecklist.title': {
    en: 'Upgrade checklist',
    de: 'Upgrade-Checkliste',
    fr: 'Liste de contrôle de la mise à niveau',
  },
  'plannerChecklist.upgrade': {
    en: '{system}: {from} → {to}',
    de: '{system}: {from} → {to}',
    fr: '{system} : {from} → {to}',
  },
  'plannerChecklist.generated': {
    en: 'Generated on {at} by {user}',
    de: 'Erstellt am {at} von {user}',
    fr: 'Généré le {at} par {user}',
  },
  'plannerChecklist.changes': { en: 'Changes', de: 'Änderungen', fr: 'Changements' },
  'plannerChecklist.blockers': { en: 'Blockers', de: 'Hindernisse', fr: 'Obstacles' },
  'plannerChecklist.checks': { en: 'Checks', de: 'Prüfungen', fr: 'Vérifications' },
  'plannerChecklist.none': { en: 'None.', de: 'Keine.', fr: 'Aucun.' },
  'plannerChecklist.column.done': { en: 'Done', de: 'Erledigt', fr: 'Fait' },
  'plannerChecklist.column.part': { en: 'Part', de: 'Teil', fr: 'Pièce' },
  'plannerChecklist.column.from': { en: 'Installed', de: 'Installiert', fr: 'Installé' },
  'plannerChecklist.column.to': { en: 'New version', de: 'Neue Version', fr: 'Nouvelle version' },
  'plannerChecklist.column.first': { en: 'Version', de: 'Version', fr: 'Version' },
  'plannerChecklist.column.second': { en: 'With', de: 'Mit', fr: 'Avec' },
  'plannerChecklist.column.reason': { en: 'In the way', de: 'Im Weg', fr: 'Bloqué par' },
  'plannerChecklist.status.not_recorded': { en: 'Not recorded', de: 'Nicht erfasst', fr: 'Non renseigné' },
  'transfer.findings': {
    en: 'The data has {count} consistency errors. Fix them, or confirm that they may be published to live.',
    de: 'Die Daten haben {count} Konsistenzfehler. Beheben Sie sie oder bestätigen Sie, dass sie nach Live veröffentlicht werden dürfen.',
    fr: 'Les données présentent {count} erreurs de cohérence. Corrigez-les ou confirmez qu’elles peuvent être publiées en production.',
  },
} as const;
