/**
 * The sentences of backups, transfers, the read-only deployments and monitoring in en, de and fr;
 * merged into MESSAGE_CATALOG (../messages.ts).
 */
export const DATABASE_MESSAGES = {
  'zod.backupName': {
    en: 'must be a backup name like 2026-01-31_23-59-59',
    de: 'muss ein Sicherungsname wie 2026-01-31_23-59-59 sein',
    fr: 'doit être un nom de sauvegarde comme 2026-01-31_23-59-59',
  },
  'zod.pointInTime': {
    en: 'must be a backup name like 2026-01-31_23-59-59 or @ and a time with its zone like @2026-01-31T23:59:59Z',
    de: 'muss ein Sicherungsname wie 2026-01-31_23-59-59 oder @ und eine Zeit mit Zone wie @2026-01-31T23:59:59Z sein',
    fr: 'doit être un nom de sauvegarde comme 2026-01-31_23-59-59 ou @ suivi d’une heure avec fuseau comme @2026-01-31T23:59:59Z',
  },
  'zod.sameBackup': {
    en: 'must differ from backup 1',
    de: 'muss sich von Sicherung 1 unterscheiden',
    fr: 'doit être différente de la sauvegarde 1',
  },
  'deployment.readOnly': {
    en: 'This is the {deployment} instance: its data is published from the work instance and cannot be changed here. Edit the data on the work instance and transfer it; a change made here would be lost at the next transfer.',
    de: 'Dies ist die {deployment}-Instanz: Ihre Daten werden von der Arbeitsinstanz veröffentlicht und können hier nicht geändert werden. Bearbeiten Sie die Daten auf der Arbeitsinstanz und übertragen Sie sie; eine Änderung hier ginge bei der nächsten Übertragung verloren.',
    fr: "Ceci est l'instance {deployment} : ses données sont publiées depuis l'instance de travail et ne peuvent pas être modifiées ici. Modifiez les données sur l'instance de travail puis transférez-les ; une modification faite ici serait perdue au prochain transfert.",
  },
  'deployment.workOnly': {
    en: 'This is only available on the work instance.',
    de: 'Dies ist nur auf der Arbeitsinstanz verfügbar.',
    fr: "Ceci n'est disponible que sur l'instance de travail.",
  },
  'deployment.notOnLive': {
    en: 'Monitoring is available on the work and demo instances only.',
    de: 'Das Monitoring ist nur auf der Arbeits- und der Demo-Instanz verfügbar.',
    fr: 'La surveillance est disponible uniquement sur les instances de travail et de démonstration.',
  },
  'backup.thing': { en: 'Backup {name}', de: 'Sicherung {name}', fr: 'La sauvegarde {name}' },
  'backup.busy': {
    en: 'Another backup, restore or transfer is running; please try again in a moment.',
    de: 'Eine andere Sicherung, Wiederherstellung oder Übertragung läuft; bitte versuchen Sie es gleich noch einmal.',
    fr: 'Une autre sauvegarde, restauration ou un autre transfert est en cours ; veuillez réessayer dans un instant.',
  },
  'backup.exists': {
    en: 'A backup named {name} exists already.',
    de: 'Eine Sicherung namens {name} existiert bereits.',
    fr: 'Une sauvegarde nommée {name} existe déjà.',
  },
  'backup.fileEmpty': { en: 'The file is empty.', de: 'Die Datei ist leer.', fr: 'Le fichier est vide.' },
  'backup.fileNotBackup': {
    en: 'This file is not a Digital Portfolio backup (it is damaged or of another kind).',
    de: 'Diese Datei ist keine Sicherung des Digital Portfolio (sie ist beschädigt oder von anderer Art).',
    fr: "Ce fichier n'est pas une sauvegarde du Digital Portfolio (il est endommagé ou d'un autre type).",
  },
  'backup.fileDamaged': {
    en: 'The backup file is damaged or incomplete ({reason}); nothing was changed.',
    de: 'Die Sicherungsdatei ist beschädigt oder unvollständig ({reason}); es wurde nichts geändert.',
    fr: 'Le fichier de sauvegarde est endommagé ou incomplet ({reason}) ; rien n’a été modifié.',
  },
  'backup.fileTampered': {
    en: 'The backup file was changed after it was written (its checksum does not match); nothing was changed.',
    de: 'Die Sicherungsdatei wurde nach dem Schreiben verändert (ihre Prüfsumme stimmt nicht); es wurde nichts geändert.',
    fr: 'Le fichier de sauvegarde a été modifié après son écriture (sa somme de contrôle ne correspond pas) ; rien n’a été modifié.',
  },
  'backup.fileSignature': {
    en: 'The backup file was not signed with this installation’s transfer token; nothing was changed.',
    de: 'Die Sicherungsdatei wurde nicht mit dem Übertragungstoken dieser Installation signiert; es wurde nichts geändert.',
    fr: 'Le fichier de sauvegarde n’a pas été signé avec le jeton de transfert de cette installation ; rien n’a été modifié.',
  },
  'backup.schemaMismatch': {
    en: 'The backup is of database schema {theirs}, this instance runs {ours}; update the older instance first. Nothing was changed.',
    de: 'Die Sicherung hat das Datenbankschema {theirs}, diese Instanz verwendet {ours}; aktualisieren Sie zuerst die ältere Instanz. Es wurde nichts geändert.',
    fr: 'La sauvegarde est du schéma de base {theirs}, cette instance utilise {ours} ; mettez d’abord à jour l’instance la plus ancienne. Rien n’a été modifié.',
  },
  'backup.notTransferred': {
    en: 'Backup {name} was never transferred to live.',
    de: 'Sicherung {name} wurde nie nach LIVE übertragen.',
    fr: 'La sauvegarde {name} n’a jamais été transférée vers LIVE.',
  },
  'publish.reasonRequired': {
    en: 'Publishing to live needs the approval of another admin: say why it should go live (reason).',
    de: 'Die Veröffentlichung nach LIVE muss ein anderer Admin freigeben: Geben Sie einen Grund an (reason).',
    fr: 'La publication vers LIVE doit être approuvée par un autre administrateur : indiquez pourquoi (reason).',
  },
  'publish.ownRequest': {
    en: 'You asked for this publication yourself; another admin must approve or reject it.',
    de: 'Sie haben diese Veröffentlichung selbst beantragt; ein anderer Admin muss sie freigeben oder ablehnen.',
    fr: 'Vous avez demandé cette publication vous-même ; un autre administrateur doit l’approuver ou la rejeter.',
  },
  'publish.decided': {
    en: 'This publish request is {status} and can no longer be decided.',
    de: 'Dieser Veröffentlichungsantrag ist {status} und kann nicht mehr entschieden werden.',
    fr: 'Cette demande de publication est {status} et ne peut plus être tranchée.',
  },
  'publish.request': { en: 'Publish request', de: 'Veröffentlichungsantrag', fr: 'Demande de publication' },
  'publish.noBaseline': {
    en: 'Live has received nothing from this instance yet, so there is no state to compare with.',
    de: 'LIVE hat von dieser Instanz noch nichts erhalten; es gibt keinen Stand zum Vergleichen.',
    fr: 'LIVE n’a encore rien reçu de cette instance ; il n’y a pas d’état à comparer.',
  },
  'transfer.complete': { en: 'Transfer Complete', de: 'Übertragung abgeschlossen', fr: 'Transfert terminé' },
  'transfer.noTarget': {
    en: 'No address is configured for {target} ({variable}); the transfer is off.',
    de: 'Für {target} ist keine Adresse konfiguriert ({variable}); die Übertragung ist ausgeschaltet.',
    fr: "Aucune adresse n'est configurée pour {target} ({variable}) ; le transfert est désactivé.",
  },
  'transfer.noToken': {
    en: 'No TRANSFER_TOKEN is configured on this instance; transfers are off.',
    de: 'Auf dieser Instanz ist kein TRANSFER_TOKEN konfiguriert; Übertragungen sind ausgeschaltet.',
    fr: "Aucun TRANSFER_TOKEN n'est configuré sur cette instance ; les transferts sont désactivés.",
  },
  'transfer.unreachable': {
    en: 'The {target} instance at {url} could not be reached ({reason}); nothing was changed there.',
    de: 'Die {target}-Instanz unter {url} war nicht erreichbar ({reason}); dort wurde nichts geändert.',
    fr: "L'instance {target} à {url} est injoignable ({reason}) ; rien n'y a été modifié.",
  },
  'transfer.refusedToken': {
    en: 'The {target} instance refused the transfer token; check that TRANSFER_TOKEN is the same on both instances. Nothing was changed there.',
    de: 'Die {target}-Instanz hat das Übertragungstoken abgelehnt; prüfen Sie, ob TRANSFER_TOKEN auf beiden Instanzen gleich ist. Dort wurde nichts geändert.',
    fr: "L'instance {target} a refusé le jeton de transfert ; vérifiez que TRANSFER_TOKEN est identique sur les deux instances. Rien n'y a été modifié.",
  },
  'transfer.refused': {
    en: 'The {target} instance refused the data: {reason}',
    de: 'Die {target}-Instanz hat die Daten abgelehnt: {reason}',
    fr: "L'instance {target} a refusé les données : {reason}",
  },
  'transfer.toSelf': {
    en: 'The {target} address points to this instance; a transfer must go to another instance.',
    de: 'Die {target}-Adresse zeigt auf diese Instanz; eine Übertragung muss zu einer anderen Instanz gehen.',
    fr: "L'adresse {target} désigne cette instance ; un transfert doit aller vers une autre instance.",
  },
  'import.off': {
    en: 'This instance accepts no transfers: no TRANSFER_TOKEN is configured.',
    de: 'Diese Instanz nimmt keine Übertragungen an: kein TRANSFER_TOKEN konfiguriert.',
    fr: "Cette instance n'accepte aucun transfert : aucun TRANSFER_TOKEN n'est configuré.",
  },
  'import.badToken': {
    en: 'The transfer token is missing or wrong.',
    de: 'Das Übertragungstoken fehlt oder ist falsch.',
    fr: 'Le jeton de transfert est absent ou erroné.',
  },
  'import.badPublication': {
    en: 'The x-publication header must name who requested and who approved the publication.',
    de: 'Der Header x-publication muss nennen, wer die Veröffentlichung beantragt und wer sie genehmigt hat.',
    fr: "L'en-tête x-publication doit nommer qui a demandé et qui a approuvé la publication.",
  },
  'import.onWork': {
    en: 'The work instance does not accept transfers; its data is edited here.',
    de: 'Die Arbeitsinstanz nimmt keine Übertragungen an; ihre Daten werden hier bearbeitet.',
    fr: "L'instance de travail n'accepte pas de transferts ; ses données sont modifiées ici.",
  },
  'monitor.timeout': {
    en: 'no answer within {seconds} s',
    de: 'keine Antwort innerhalb von {seconds} s',
    fr: 'aucune réponse en {seconds} s',
  },
  'monitor.notConfigured': {
    en: 'no address configured ({variable})',
    de: 'keine Adresse konfiguriert ({variable})',
    fr: 'aucune adresse configurée ({variable})',
  },
  'monitor.httpStatus': { en: 'answered HTTP {status}', de: 'antwortete HTTP {status}', fr: 'a répondu HTTP {status}' },
  'monitor.unreachable': {
    en: 'unreachable ({reason})',
    de: 'nicht erreichbar ({reason})',
    fr: 'injoignable ({reason})',
  },
  'monitor.databaseDown': {
    en: 'its database is not available',
    de: 'ihre Datenbank ist nicht verfügbar',
    fr: "sa base de données n'est pas disponible",
  },
} as const satisfies Record<string, { en: string; de: string; fr: string }>;
