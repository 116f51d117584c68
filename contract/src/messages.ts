/**
 * Every sentence the server says (API messages, reports, the embedded provider's pages), in the three
 * languages of the UI: the one home of these texts. Placeholders are written `{name}` and filled by
 * `renderMessage` on the server; the web app loads the same catalog into i18next (web/src/lib/api-message.ts)
 * and translates the key and parameters an error carries (`code`, `params`; see server/src/http/errors.ts).
 * Texts only the web app shows live in web/src/locales/.
 */
export const MESSAGE_LANGUAGES = ['en', 'de', 'fr'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

type Texts = { readonly [L in MessageLanguage]: string };

// Each capability keeps its sentences in a catalog file of its own; they are merged here.
import { DATABASE_MESSAGES } from './messages/database.js';
import { DELTA_REPORT_MESSAGES } from './messages/delta-report.js';
import { COMPATIBILITY_REPORT_MESSAGES } from './messages/compatibility-report.js';
import { INFO_PAGE_MESSAGES } from './messages/info-pages.js';
import { SIGN_IN_PAGE_MESSAGES } from './messages/sign-in-pages.js';
import { PLANNER_MESSAGES } from './messages/planner.js';
import { WATCH_MESSAGES } from './messages/watches.js';

export const MESSAGE_CATALOG = {
  // ── names used inside other messages ──────────────────────────────────────────────────────────
  'kind.system': { en: 'System', de: 'System', fr: 'Système' },
  'kind.assembly': { en: 'Assembly', de: 'Baugruppe', fr: 'Assemblage' },
  'kind.subassembly': { en: 'Sub-Assembly', de: 'Unterbaugruppe', fr: 'Sous-assemblage' },
  'kindVersion.system': { en: 'System version', de: 'Systemversion', fr: 'Version de système' },
  'kindVersion.assembly': { en: 'Assembly version', de: 'Baugruppenversion', fr: "Version d'assemblage" },
  'kindVersion.subassembly': {
    en: 'Sub-Assembly version',
    de: 'Unterbaugruppenversion',
    fr: 'Version de sous-assemblage',
  },
  'thing.numbered': { en: '{what} {id}', de: '{what} {id}', fr: '{what} {id}' },
  'thing.versionLabelled': {
    en: '{kind} with the label “{label}”',
    de: '{kind} mit der Bezeichnung „{label}“',
    fr: '{kind} au libellé « {label} »',
  },
  'thing.reference': { en: 'Reference', de: 'Referenz', fr: 'Référence' },
  'thing.obligationText': { en: 'Obligation text', de: 'Auflagentext', fr: "Texte d'obligation" },
  'thing.comment': { en: 'Comment', de: 'Kommentar', fr: 'Commentaire' },
  'thing.image': { en: 'Image {file}', de: 'Bild {file}', fr: 'Image {file}' },
  'thing.withVersion': {
    en: '{kind} {id} with version {versionId}',
    de: '{kind} {id} mit Version {versionId}',
    fr: '{kind} {id} avec la version {versionId}',
  },
  'thing.compatibility': {
    en: 'The compatibility between {from} {fromId} and {to} {toId}',
    de: 'Die Kompatibilität zwischen {from} {fromId} und {to} {toId}',
    fr: 'La compatibilité entre {from} {fromId} et {to} {toId}',
  },
  'thing.referenceOnCompatibility': {
    en: 'Reference {id} on this compatibility',
    de: 'Referenz {id} an dieser Kompatibilität',
    fr: 'La référence {id} sur cette compatibilité',
  },
  'thing.relation': { en: 'The relation {relation}', de: 'Die Beziehung {relation}', fr: 'La relation {relation}' },

  // ── general ───────────────────────────────────────────────────────────────────────────────────
  'errors.notFound': { en: '{what} was not found.', de: '{what} wurde nicht gefunden.', fr: '{what} est introuvable.' },
  'errors.noRoute': {
    en: 'There is no {method} {path} here.',
    de: 'Hier gibt es kein {method} {path}.',
    fr: "Il n'y a pas de {method} {path} ici.",
  },
  'errors.invalidJson': {
    en: 'The request body is not valid JSON.',
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    fr: "Le corps de la requête n'est pas un JSON valide.",
  },
  'errors.invalidUtf8': {
    en: 'The request body is not valid UTF-8 text.',
    de: 'Der Inhalt der Anfrage ist kein gültiger UTF-8-Text.',
    fr: "Le corps de la requête n'est pas un texte UTF-8 valide.",
  },
  'errors.charset': {
    en: 'The request body must be UTF-8 text, not {charset}.',
    de: 'Der Inhalt der Anfrage muss UTF-8-Text sein, nicht {charset}.',
    fr: 'Le corps de la requête doit être un texte UTF-8, pas {charset}.',
  },
  'errors.tooManyRequests': {
    en: 'Too many requests; please try again in {seconds} seconds.',
    de: 'Zu viele Anfragen; bitte versuchen Sie es in {seconds} Sekunden erneut.',
    fr: 'Trop de requêtes ; veuillez réessayer dans {seconds} secondes.',
  },
  'errors.fileMediaType': {
    en: 'This takes a file, not {type}: send it as one of {types}.',
    de: 'Hier wird eine Datei erwartet, nicht {type}: senden Sie sie als {types}.',
    fr: 'Ceci attend un fichier, pas {type} : envoyez-le en {types}.',
  },
  'errors.mediaType': {
    en: 'This content type is not accepted here; send application/json.',
    de: 'Dieser Inhaltstyp wird hier nicht angenommen; senden Sie application/json.',
    fr: "Ce type de contenu n'est pas accepté ici ; envoyez application/json.",
  },
  'errors.badUrl': {
    en: 'The address of the request is not valid (a malformed %-escape).',
    de: 'Die Adresse der Anfrage ist ungültig (fehlerhafte %-Kodierung).',
    fr: "L'adresse de la requête n'est pas valide (séquence % mal formée).",
  },
  'errors.pathTooLong': {
    en: 'A part of the address of the request is longer than {max} characters.',
    de: 'Ein Teil der Adresse der Anfrage ist länger als {max} Zeichen.',
    fr: "Une partie de l'adresse de la requête dépasse {max} caractères.",
  },
  'errors.bodyTooLarge': {
    en: 'The request body is too large.',
    de: 'Der Inhalt der Anfrage ist zu groß.',
    fr: 'Le corps de la requête est trop volumineux.',
  },
  'errors.internal': {
    en: 'Something went wrong on the server. The error was logged; please try again later.',
    de: 'Auf dem Server ist ein Fehler aufgetreten. Der Fehler wurde protokolliert; bitte versuchen Sie es später erneut.',
    fr: "Une erreur s'est produite sur le serveur. L'erreur a été enregistrée ; veuillez réessayer plus tard.",
  },
  /** A 4xx raised by the framework itself, whose text is only known in English. */
  'errors.other': { en: '{text}', de: 'Die Anfrage wurde abgelehnt: {text}', fr: 'La requête a été refusée : {text}' },
  'errors.invalidRequest': {
    en: 'The request is invalid.',
    de: 'Die Anfrage ist ungültig.',
    fr: "La requête n'est pas valide.",
  },
  'errors.validation': { en: '{issues}.', de: '{issues}.', fr: '{issues}.' },

  // ── validation: where a problem is ────────────────────────────────────────────────────────────
  'validation.issue': { en: '{where}: {problem}', de: '{where}: {problem}', fr: '{where} : {problem}' },
  'validation.field': { en: "{part} '{field}'", de: "{part} '{field}'", fr: "{part} '{field}'" },
  'validation.part.body': { en: 'Body', de: 'Anfrageinhalt', fr: 'Corps' },
  'validation.part.querystring': { en: 'Query parameter', de: 'Abfrageparameter', fr: 'Paramètre de requête' },
  'validation.part.params': { en: 'Path parameter', de: 'Pfadparameter', fr: 'Paramètre de chemin' },
  'validation.part.headers': { en: 'Header', de: 'Header', fr: 'En-tête' },

  // ── validation: the messages the contract schemas name by key (see issueKey) ──────────────────
  'zod.text': { en: 'must be text', de: 'muss ein Text sein', fr: 'doit être un texte' },
  'zod.notEmpty': { en: 'must not be empty', de: 'darf nicht leer sein', fr: 'ne doit pas être vide' },
  'zod.maxChars': {
    en: 'must be at most {max} characters',
    de: 'darf höchstens {max} Zeichen lang sein',
    fr: 'doit comporter au plus {max} caractères',
  },
  'zod.imagePath': {
    en: 'must be an uploaded image path',
    de: 'muss der Pfad eines hochgeladenen Bildes sein',
    fr: "doit être le chemin d'une image téléversée",
  },
  'zod.httpLink': { en: 'must be an http(s) link', de: 'muss ein http(s)-Link sein', fr: 'doit être un lien http(s)' },
  'zod.number': { en: 'must be a number', de: 'muss eine Zahl sein', fr: 'doit être un nombre' },
  'zod.wholeNumber': {
    en: 'must be a whole number',
    de: 'muss eine ganze Zahl sein',
    fr: 'doit être un nombre entier',
  },
  'zod.positive': {
    en: 'must be a positive number',
    de: 'muss eine positive Zahl sein',
    fr: 'doit être un nombre positif',
  },
  'zod.tooLarge': { en: 'is too large', de: 'ist zu groß', fr: 'est trop grand' },
  'zod.digits': {
    en: 'must be a whole number written in digits only',
    de: 'muss eine ganze Zahl nur aus Ziffern sein',
    fr: 'doit être un nombre entier écrit uniquement en chiffres',
  },
  'zod.chooseVersions': {
    en: '{what}: choose at least one version',
    de: '{what}: wählen Sie mindestens eine Version',
    fr: '{what} : choisissez au moins une version',
  },
  'zod.maxVersions': {
    en: '{what}: at most {max} versions',
    de: '{what}: höchstens {max} Versionen',
    fr: '{what} : au plus {max} versions',
  },
  'zod.imageMaxMb': {
    en: 'the image must be at most {mb} MB',
    de: 'das Bild darf höchstens {mb} MB groß sein',
    fr: "l'image doit faire au plus {mb} Mo",
  },
  'zod.base64': {
    en: 'must be base64 without a data: prefix',
    de: 'muss Base64 ohne das Präfix data: sein',
    fr: 'doit être en base64 sans préfixe data:',
  },
  'zod.hrefObligation': {
    en: 'must be the href of an obligation text',
    de: 'muss der href eines Auflagentexts sein',
    fr: "doit être le href d'un texte d'obligation",
  },
  'zod.hrefReference': {
    en: 'must be the href of a reference',
    de: 'muss der href einer Referenz sein',
    fr: "doit être le href d'une référence",
  },
  'zod.hrefVersion': {
    en: 'must be the href of a version',
    de: 'muss der href einer Version sein',
    fr: "doit être le href d'une version",
  },
  'zod.hrefSystem': {
    en: 'must be the href of a system',
    de: 'muss der href eines Systems sein',
    fr: "doit être le href d'un système",
  },
  'zod.labelSkip': {
    en: 'must leave at least one place of the first sheet free',
    de: 'muss mindestens einen Platz des ersten Bogens frei lassen',
    fr: 'doit laisser au moins une place libre sur la première feuille',
  },
  'zod.atLeastOneRow': {
    en: 'send at least one row',
    de: 'senden Sie mindestens eine Zeile',
    fr: 'envoyez au moins une ligne',
  },
  'zod.maxRows': {
    en: 'at most {max} rows at once',
    de: 'höchstens {max} Zeilen auf einmal',
    fr: 'au plus {max} lignes à la fois',
  },
  'zod.searchable': {
    en: 'must contain a letter, a digit or another searchable character',
    de: 'muss einen Buchstaben, eine Ziffer oder ein anderes suchbares Zeichen enthalten',
    fr: 'doit contenir une lettre, un chiffre ou un autre caractère recherchable',
  },

  // ── validation: zod's own checks, by issue code ───────────────────────────────────────────────
  'zodIssue.required': { en: 'is required', de: 'ist erforderlich', fr: 'est obligatoire' },
  'zodIssue.type': {
    en: 'must be of type {expected}',
    de: 'muss vom Typ {expected} sein',
    fr: 'doit être de type {expected}',
  },
  'zodIssue.minChars': {
    en: 'must be at least {min} characters',
    de: 'muss mindestens {min} Zeichen lang sein',
    fr: 'doit comporter au moins {min} caractères',
  },
  'zodIssue.minItems': {
    en: 'must have at least {min} entries',
    de: 'muss mindestens {min} Einträge haben',
    fr: 'doit contenir au moins {min} éléments',
  },
  'zodIssue.maxItems': {
    en: 'must have at most {max} entries',
    de: 'darf höchstens {max} Einträge haben',
    fr: 'doit contenir au plus {max} éléments',
  },
  'zodIssue.min': { en: 'must be at least {min}', de: 'muss mindestens {min} sein', fr: 'doit être au moins {min}' },
  'zodIssue.max': { en: 'must be at most {max}', de: 'darf höchstens {max} sein', fr: 'doit être au plus {max}' },
  'zodIssue.greater': {
    en: 'must be greater than {min}',
    de: 'muss größer als {min} sein',
    fr: 'doit être supérieur à {min}',
  },
  'zodIssue.less': {
    en: 'must be less than {max}',
    de: 'muss kleiner als {max} sein',
    fr: 'doit être inférieur à {max}',
  },
  'zodIssue.format': { en: 'has an invalid format', de: 'hat ein ungültiges Format', fr: "n'a pas un format valide" },
  'zodIssue.unknownKeys': {
    en: 'unknown fields: {keys}',
    de: 'unbekannte Felder: {keys}',
    fr: 'champs inconnus : {keys}',
  },
  'zodIssue.option': {
    en: 'must be one of {values}',
    de: 'muss einer der Werte {values} sein',
    fr: "doit être l'une des valeurs {values}",
  },
  'zodIssue.nulCharacter': {
    en: 'must not contain a NUL character (U+0000)',
    de: 'darf kein NUL-Zeichen (U+0000) enthalten',
    fr: 'ne doit pas contenir de caractère NUL (U+0000)',
  },
  'zodIssue.invalid': { en: 'is invalid', de: 'ist ungültig', fr: "n'est pas valide" },

  // ── sign-in and roles (SPEC 8: the English texts are exact) ───────────────────────────────────
  'auth.unauthorized': {
    en: 'HTTP 401 Unauthorized: You dont have permissions to access the {product}, please contact the administrator for more information.',
    de: 'HTTP 401 Unauthorized: Sie haben keine Berechtigung für {product}. Bitte wenden Sie sich für weitere Informationen an den Administrator.',
    fr: "HTTP 401 Unauthorized : Vous n'avez pas l'autorisation d'accéder à {product}. Veuillez contacter l'administrateur pour plus d'informations.",
  },
  'auth.refused': {
    en: 'You dont have permissions to access the application, please contact the administrator for more information.',
    de: 'Sie haben keine Berechtigung für diese Anwendung. Bitte wenden Sie sich für weitere Informationen an den Administrator.',
    fr: "Vous n'avez pas l'autorisation d'accéder à l'application. Veuillez contacter l'administrateur pour plus d'informations.",
  },
  'auth.roleRequired': {
    en: 'This action requires the {role} role.',
    de: 'Diese Aktion erfordert die Rolle {role}.',
    fr: 'Cette action nécessite le rôle {role}.',
  },
  'auth.issuerUnavailable': {
    en: 'The sign-in service cannot be reached to check your access. Please try again in a moment.',
    de: 'Der Anmeldedienst ist nicht erreichbar, um Ihren Zugriff zu prüfen. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'Le service de connexion est injoignable pour vérifier votre accès. Veuillez réessayer dans un instant.',
  },

  // ── writes: optimistic locking and the database ───────────────────────────────────────────────
  'stale.byAt': {
    en: 'Someone else changed this entry by {by} at {at} after you loaded it. Reload it to see the current state.',
    de: 'Dieser Eintrag wurde nach dem Laden von jemand anderem geändert ({by}, {at}). Laden Sie ihn neu, um den aktuellen Stand zu sehen.',
    fr: "Quelqu'un d'autre a modifié cette entrée après son chargement ({by}, {at}). Rechargez-la pour voir l'état actuel.",
  },
  'stale.by': {
    en: 'Someone else changed this entry by {by} after you loaded it. Reload it to see the current state.',
    de: 'Dieser Eintrag wurde nach dem Laden von jemand anderem geändert ({by}). Laden Sie ihn neu, um den aktuellen Stand zu sehen.',
    fr: "Quelqu'un d'autre a modifié cette entrée après son chargement ({by}). Rechargez-la pour voir l'état actuel.",
  },
  'stale.at': {
    en: 'Someone else changed this entry at {at} after you loaded it. Reload it to see the current state.',
    de: 'Dieser Eintrag wurde nach dem Laden von jemand anderem geändert ({at}). Laden Sie ihn neu, um den aktuellen Stand zu sehen.',
    fr: "Quelqu'un d'autre a modifié cette entrée après son chargement ({at}). Rechargez-la pour voir l'état actuel.",
  },
  'stale.plain': {
    en: 'Someone else changed this entry after you loaded it. Reload it to see the current state.',
    de: 'Dieser Eintrag wurde nach dem Laden von jemand anderem geändert. Laden Sie ihn neu, um den aktuellen Stand zu sehen.',
    fr: "Quelqu'un d'autre a modifié cette entrée après son chargement. Rechargez-la pour voir l'état actuel.",
  },
  'db.duplicate': {
    en: 'An entry with these values already exists.',
    de: 'Ein Eintrag mit diesen Werten existiert bereits.',
    fr: 'Une entrée avec ces valeurs existe déjà.',
  },
  'db.inUse': {
    en: 'This entry is still used elsewhere, or refers to an entry that does not exist.',
    de: 'Dieser Eintrag wird noch an anderer Stelle verwendet oder verweist auf einen Eintrag, der nicht existiert.',
    fr: "Cette entrée est encore utilisée ailleurs, ou elle renvoie à une entrée qui n'existe pas.",
  },
  'db.ruleBroken': {
    en: 'The values break a rule of the data; check the required fields.',
    de: 'Die Werte verletzen eine Regel der Daten; prüfen Sie die Pflichtfelder.',
    fr: 'Les valeurs enfreignent une règle des données ; vérifiez les champs obligatoires.',
  },
  'db.tooLong': { en: 'A value is too long.', de: 'Ein Wert ist zu lang.', fr: 'Une valeur est trop longue.' },
  'db.conflict': {
    en: 'The data was changed at the same time by someone else; please try again.',
    de: 'Die Daten wurden gleichzeitig von jemand anderem geändert; bitte versuchen Sie es erneut.',
    fr: "Les données ont été modifiées en même temps par quelqu'un d'autre ; veuillez réessayer.",
  },

  // ── base data ─────────────────────────────────────────────────────────────────────────────────
  'item.nameExists.system': {
    en: "A system named '{name}' already exists.",
    de: "Ein System namens '{name}' existiert bereits.",
    fr: "Un système nommé '{name}' existe déjà.",
  },
  'item.nameExists.assembly': {
    en: "An assembly named '{name}' already exists.",
    de: "Eine Baugruppe namens '{name}' existiert bereits.",
    fr: "Un assemblage nommé '{name}' existe déjà.",
  },
  'item.nameExists.subassembly': {
    en: "A sub-assembly named '{name}' already exists.",
    de: "Eine Unterbaugruppe namens '{name}' existiert bereits.",
    fr: "Un sous-assemblage nommé '{name}' existe déjà.",
  },
  'item.nameBlank': {
    en: 'The name must not be empty.',
    de: 'Der Name darf nicht leer sein.',
    fr: 'Le nom ne doit pas être vide.',
  },
  'item.hasVersions.one': {
    en: "{kind} '{name}' still has {count} version; delete them first.",
    de: "{kind} '{name}' hat noch {count} Version; löschen Sie diese zuerst.",
    fr: "{kind} '{name}' a encore {count} version ; supprimez-la d'abord.",
  },
  'item.hasVersions.other': {
    en: "{kind} '{name}' still has {count} versions; delete them first.",
    de: "{kind} '{name}' hat noch {count} Versionen; löschen Sie diese zuerst.",
    fr: "{kind} '{name}' a encore {count} versions ; supprimez-les d'abord.",
  },
  'version.systemNeedsNumber': {
    en: "Body 'name': a system version needs a version number.",
    de: "Anfrageinhalt 'name': eine Systemversion braucht eine Versionsnummer.",
    fr: "Corps 'name' : une version de système doit avoir un numéro de version.",
  },
  'version.systemNoMaterial': {
    en: "Body 'name2': systems have no material number; leave it empty.",
    de: "Anfrageinhalt 'name2': Systeme haben keine Materialnummer; lassen Sie das Feld leer.",
    fr: "Corps 'name2' : les systèmes n'ont pas de numéro de matériel ; laissez-le vide.",
  },
  'version.needsNumber': {
    en: "Body 'name': give a part number (name) or a material number (name2), or both.",
    de: "Anfrageinhalt 'name': geben Sie eine Teilenummer (name) oder eine Materialnummer (name2) an, oder beide.",
    fr: "Corps 'name' : indiquez un numéro de pièce (name) ou un numéro de matériel (name2), ou les deux.",
  },
  'version.numbersExist': {
    en: 'This item already has a version with these numbers.',
    de: 'Dieser Eintrag hat bereits eine Version mit diesen Nummern.',
    fr: 'Cet élément a déjà une version avec ces numéros.',
  },
  'version.numbersRule': {
    en: 'A version needs a part number (name) or a material number (name2).',
    de: 'Eine Version braucht eine Teilenummer (name) oder eine Materialnummer (name2).',
    fr: 'Une version doit avoir un numéro de pièce (name) ou un numéro de matériel (name2).',
  },
  'version.inUse.one': {
    en: "Version '{label}' cannot be deleted while {count} compatibility relation exists; remove them first.",
    de: "Version '{label}' kann nicht gelöscht werden, solange {count} Kompatibilitätsbeziehung besteht; entfernen Sie diese zuerst.",
    fr: "La version '{label}' ne peut pas être supprimée tant que {count} relation de compatibilité existe ; supprimez-la d'abord.",
  },
  'version.inUse.other': {
    en: "Version '{label}' cannot be deleted while {count} compatibility relations exist; remove them first.",
    de: "Version '{label}' kann nicht gelöscht werden, solange {count} Kompatibilitätsbeziehungen bestehen; entfernen Sie diese zuerst.",
    fr: "La version '{label}' ne peut pas être supprimée tant que {count} relations de compatibilité existent ; supprimez-les d'abord.",
  },
  'reference.exists': {
    en: "A reference '{name}' already exists.",
    de: "Eine Referenz '{name}' existiert bereits.",
    fr: "Une référence '{name}' existe déjà.",
  },
  'reference.blank': {
    en: 'The reference must not be empty.',
    de: 'Die Referenz darf nicht leer sein.',
    fr: 'La référence ne doit pas être vide.',
  },
  'reference.inUse.one': {
    en: "Reference '{name}' is used by {count} compatibility; remove it there first.",
    de: "Referenz '{name}' wird von {count} Kompatibilität verwendet; entfernen Sie sie dort zuerst.",
    fr: "La référence '{name}' est utilisée par {count} compatibilité ; retirez-la d'abord.",
  },
  'reference.inUse.other': {
    en: "Reference '{name}' is used by {count} compatibilities; remove it there first.",
    de: "Referenz '{name}' wird von {count} Kompatibilitäten verwendet; entfernen Sie sie dort zuerst.",
    fr: "La référence '{name}' est utilisée par {count} compatibilités ; retirez-la d'abord.",
  },
  'obligation.inUse.one': {
    en: 'This obligation text is used by {count} compatibility; choose another text there first.',
    de: 'Dieser Auflagentext wird von {count} Kompatibilität verwendet; wählen Sie dort zuerst einen anderen Text.',
    fr: "Ce texte d'obligation est utilisé par {count} compatibilité ; choisissez d'abord un autre texte.",
  },
  'obligation.inUse.other': {
    en: 'This obligation text is used by {count} compatibilities; choose another text there first.',
    de: 'Dieser Auflagentext wird von {count} Kompatibilitäten verwendet; wählen Sie dort zuerst einen anderen Text.',
    fr: "Ce texte d'obligation est utilisé par {count} compatibilités ; choisissez d'abord un autre texte.",
  },

  // ── evaluation, compatibility reads ───────────────────────────────────────────────────────────
  'evaluation.sameSystem': {
    en: 'Version 1 and Version 2 must be versions of the same system.',
    de: 'Version 1 und Version 2 müssen Versionen desselben Systems sein.',
    fr: 'La version 1 et la version 2 doivent être des versions du même système.',
  },
  'compatibility.noPair': {
    en: 'There are no compatibilities between {from} and {to}; pairs are systems–systems, systems–assemblies, assemblies–assemblies, assemblies–subassemblies and subassemblies–subassemblies.',
    de: 'Zwischen {from} und {to} gibt es keine Kompatibilitäten; Paare sind systems–systems, systems–assemblies, assemblies–assemblies, assemblies–subassemblies und subassemblies–subassemblies.',
    fr: "Il n'y a pas de compatibilités entre {from} et {to} ; les paires sont systems–systems, systems–assemblies, assemblies–assemblies, assemblies–subassemblies et subassemblies–subassemblies.",
  },
  'compatibility.unknownPair': {
    en: 'Unknown pair {pair}.',
    de: 'Unbekanntes Paar {pair}.',
    fr: 'Paire inconnue {pair}.',
  },

  // ── images ────────────────────────────────────────────────────────────────────────────────────
  'image.sendField': {
    en: 'Send one image file in the form field "image".',
    de: 'Senden Sie eine Bilddatei im Formularfeld "image".',
    fr: 'Envoyez un fichier image dans le champ de formulaire "image".',
  },
  'image.tooLarge': {
    en: 'The image is larger than {mb} MB.',
    de: 'Das Bild ist größer als {mb} MB.',
    fr: "L'image dépasse {mb} Mo.",
  },
  'image.sendJson': {
    en: 'Send the image as JSON {folder, filename, base64} or as multipart form data.',
    de: 'Senden Sie das Bild als JSON {folder, filename, base64} oder als Multipart-Formulardaten.',
    fr: "Envoyez l'image en JSON {folder, filename, base64} ou en données de formulaire multipart.",
  },
  'image.empty': { en: 'The image is empty.', de: 'Das Bild ist leer.', fr: "L'image est vide." },
  'image.notImage': {
    en: 'The file is not an image; upload a JPEG, PNG, WebP or GIF picture.',
    de: 'Die Datei ist kein Bild; laden Sie ein JPEG-, PNG-, WebP- oder GIF-Bild hoch.',
    fr: "Le fichier n'est pas une image ; téléversez une image JPEG, PNG, WebP ou GIF.",
  },
  'image.unreadable': {
    en: 'The image could not be read; it may be damaged.',
    de: 'Das Bild konnte nicht gelesen werden; es ist möglicherweise beschädigt.',
    fr: "L'image n'a pas pu être lue ; elle est peut-être endommagée.",
  },

  // ── relations ─────────────────────────────────────────────────────────────────────────────────
  'relations.noPair': {
    en: 'There are no compatibilities between {from} and {to} versions.',
    de: 'Zwischen Versionen von {from} und {to} gibt es keine Kompatibilitäten.',
    fr: "Il n'y a pas de compatibilités entre les versions de {from} et de {to}.",
  },
  'relations.rowTwice': {
    en: 'This version appears twice in the request.',
    de: 'Diese Version kommt in der Anfrage zweimal vor.',
    fr: 'Cette version apparaît deux fois dans la requête.',
  },
  'relations.self': {
    en: 'A version cannot be compatible with itself.',
    de: 'Eine Version kann nicht mit sich selbst kompatibel sein.',
    fr: 'Une version ne peut pas être compatible avec elle-même.',
  },
  'relations.unknownObligation': {
    en: 'Obligation text {href} does not exist.',
    de: 'Auflagentext {href} existiert nicht.',
    fr: "Le texte d'obligation {href} n'existe pas.",
  },
  'relations.unknownReference': {
    en: 'Reference {href} does not exist.',
    de: 'Referenz {href} existiert nicht.',
    fr: "La référence {href} n'existe pas.",
  },
  'relations.referencesNeedObligation': {
    en: 'References need an obligation text on the row.',
    de: 'Referenzen brauchen einen Auflagentext in der Zeile.',
    fr: "Les références nécessitent un texte d'obligation sur la ligne.",
  },
  'relations.rowStale': {
    en: 'Someone else changed this row after you loaded it; reload to see the current state.',
    de: 'Diese Zeile wurde nach dem Laden von jemand anderem geändert; laden Sie neu, um den aktuellen Stand zu sehen.',
    fr: "Quelqu'un d'autre a modifié cette ligne après son chargement ; rechargez pour voir l'état actuel.",
  },
  'relations.rowStaleBy': {
    en: 'Someone else changed this row ({by}, {at}) after you loaded it; reload to see the current state.',
    de: 'Diese Zeile wurde nach dem Laden von jemand anderem geändert ({by}, {at}); laden Sie neu, um den aktuellen Stand zu sehen.',
    fr: "Quelqu'un d'autre a modifié cette ligne après son chargement ({by}, {at}) ; rechargez pour voir l'état actuel.",
  },
  'relations.batchFailed': {
    en: '{failed} of {total} rows could not be saved, so nothing was saved. {first}',
    de: '{failed} von {total} Zeilen konnten nicht gespeichert werden, daher wurde nichts gespeichert. {first}',
    fr: "{failed} lignes sur {total} n'ont pas pu être enregistrées, donc rien n'a été enregistré. {first}",
  },
  'relations.exists': {
    en: 'This compatibility exists already; change it instead.',
    de: 'Diese Kompatibilität existiert bereits; ändern Sie sie stattdessen.',
    fr: 'Cette compatibilité existe déjà ; modifiez-la plutôt.',
  },
  'relations.referenceExists': {
    en: 'This reference is already on the compatibility.',
    de: 'Diese Referenz ist bereits an der Kompatibilität.',
    fr: 'Cette référence figure déjà sur la compatibilité.',
  },
  'relations.onlyAuthor': {
    en: 'Only the author ({author}) may change or delete this comment.',
    de: 'Nur der Autor ({author}) darf diesen Kommentar ändern oder löschen.',
    fr: "Seul l'auteur ({author}) peut modifier ou supprimer ce commentaire.",
  },
  'relations.selfRelated': {
    en: 'A version cannot be related to itself.',
    de: 'Eine Version kann nicht mit sich selbst verknüpft sein.',
    fr: 'Une version ne peut pas être liée à elle-même.',
  },

  // ── history (issue 41) ────────────────────────────────────────────────────────────────────────
  'history.unknownEntity': {
    en: "Query parameter 'entity': '{entity}' is not a kind of entry the history knows ({known}).",
    de: "Abfrageparameter 'entity': '{entity}' ist keine Art von Eintrag, die der Verlauf kennt ({known}).",
    fr: "Paramètre de requête 'entity' : '{entity}' n'est pas un type d'entrée connu de l'historique ({known}).",
  },
  'history.fromAfterTo': {
    en: "Query parameter 'from' ({from}) is after 'to' ({to}).",
    de: "Abfrageparameter 'from' ({from}) liegt nach 'to' ({to}).",
    fr: "Le paramètre de requête 'from' ({from}) est postérieur à 'to' ({to}).",
  },
  'history.atOutOfRange': {
    en: "'at' ({at}) must lie between the beginning of the history, {earliest}, and now.",
    de: "'at' ({at}) muss zwischen dem Beginn des Verlaufs, {earliest}, und jetzt liegen.",
    fr: "'at' ({at}) doit se situer entre le début de l'historique, {earliest}, et maintenant.",
  },

  ...DATABASE_MESSAGES,
  ...DELTA_REPORT_MESSAGES,
  ...COMPATIBILITY_REPORT_MESSAGES,
  ...INFO_PAGE_MESSAGES,
  ...SIGN_IN_PAGE_MESSAGES,
  ...PLANNER_MESSAGES,
  ...WATCH_MESSAGES,
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGE_CATALOG;
export type MessageParams = Readonly<Record<string, string | number>>;

const placeholder = /\{(\w+)\}/g;

/** The `{name}` placeholders of a template, sorted. */
export const placeholdersOf = (template: string) =>
  [...template.matchAll(placeholder)].flatMap((m) => (m[1] ? [m[1]] : [])).sort();

/** Fills a template of the catalog; a placeholder without a value stays as it is. */
export function renderMessage(key: MessageKey, params: MessageParams = {}, language: MessageLanguage = 'en'): string {
  const template: string = MESSAGE_CATALOG[key][language];
  return template.replace(placeholder, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The language of an Accept-Language header: the supported one (de, fr, en) with the highest
 * weight, by primary tag ("de-CH" is German); anything else is English.
 */
export function messageLanguageOf(header: string | undefined): MessageLanguage {
  if (!header) return 'en';
  let best: MessageLanguage = 'en';
  let bestWeight = 0;
  for (const part of header.split(',')) {
    const [tag = '', ...options] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!(MESSAGE_LANGUAGES as readonly string[]).includes(primary) || !(weight > bestWeight)) continue;
    best = primary as MessageLanguage;
    bestWeight = weight;
  }
  return best;
}

/** How the parts of a list parameter are joined, on the server and in the web app. */
export const LIST_SEPARATOR = '; ';

/** A parameter of a message on the wire: a value, another message or a list of them. */
export type ApiMessageParam = string | number | ApiMessage | readonly ApiMessageParam[];

/**
 * A message as the API sends it beside its rendered text: the catalog key and its parameters, so a
 * client can say it in its own language (the web app does, with i18next).
 */
export interface ApiMessage {
  code: MessageKey;
  params: Readonly<Record<string, ApiMessageParam>>;
}

/** True for a key of the catalog. */
export const isMessageKey = (value: unknown): value is MessageKey =>
  typeof value === 'string' && Object.hasOwn(MESSAGE_CATALOG, value);
