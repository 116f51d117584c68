import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  bigserial,
  customType,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The three levels of parts; their order (system < assembly < subassembly) orients stored pairs. */
export const itemKind = pgEnum('item_kind', ['system', 'assembly', 'subassembly']);
export const compatibilityStatus = pgEnum('compatibility_status', [
  'allowed',
  'conditional',
  'forbidden',
  'irrelevant',
]);

const timestamps = {
  creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  modificationTime: timestamp('modification_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: text('created_by').notNull().default('system'),
  updatedBy: text('updated_by').notNull().default('system'),
  /** Bumped on every update; the ETag of the row. */
  revision: integer('revision').notNull().default(1),
};

export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    kind: itemKind('kind').notNull(),
    name: text('name').notNull(),
    /** The name folded for search (case, accents, whitespace), kept by the database. */
    nameFolded: text('name_folded').generatedAlwaysAs(sql`dp_fold(name)`),
    description: text('description').notNull().default(''),
    imageOriginal: text('image_original'),
    imageThumbnail: text('image_thumbnail'),
    ...timestamps,
  },
  (t) => [
    unique('items_kind_name_unique').on(t.kind, t.name),
    // Target of the composite foreign keys that pin a version or containment to its kind.
    unique('items_id_kind_unique').on(t.id, t.kind),
    check('items_name_not_blank', sql`btrim(${t.name}) <> ''`),
    // Substring search (SPEC 5) from an index: trigrams of the folded text answer LIKE '%word%'.
    index('items_name_folded_trgm').using('gin', t.nameFolded.op('gin_trgm_ops')),
    // A word of one or two characters has no trigram: its characters find the names (migration 0012).
    index('items_name_folded_chars').using('gin', sql`string_to_array(${t.nameFolded}, null)`),
    // A word with punctuation ("1.3") has trigrams only of its parts ("1", "3"), found almost everywhere:
    // trigrams of the folded text with its punctuation joined into the words (migration 0015) find it.
    index('items_name_folded_joined_trgm').using('gin', sql`dp_joined(${t.nameFolded}) gin_trgm_ops`),
    // Hints: names that start with the word (migration 0009), by kind, so that a hint asks which kinds have
    // any in one descent each (migration 0013).
    index('items_kind_name_folded_prefix').using('btree', t.kind, t.nameFolded.op('text_pattern_ops')),
    // A kind's items by name in natural order (migration 0010): listings and pages read them in order, and
    // a hint for a word found everywhere walks them and stops after the first hits.
    index('items_kind_name_natural_idx').on(t.kind, sql`(${t.name} collate "dp_natural")`, t.id),
    // The base-data tables page by these columns too (GET /api/{kind}/page, issue 14), read in order.
    index('items_kind_creation_idx').on(t.kind, t.creationTime, t.id),
    index('items_kind_modification_idx').on(t.kind, t.modificationTime, t.id),
    index('items_kind_editor_idx').on(t.kind, t.updatedBy, t.id),
  ],
);

export const versions = pgTable(
  'versions',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull(),
    kind: itemKind('kind').notNull(),
    /** Version number for systems; part number (Siemens-Sach-Nr.) for the others. */
    name: text('name'),
    /** Material number; never set for systems. */
    name2: text('name2'),
    nameFolded: text('name_folded').generatedAlwaysAs(sql`dp_fold(name)`),
    name2Folded: text('name2_folded').generatedAlwaysAs(sql`dp_fold(name2)`),
    description: text('description').notNull().default(''),
    rscpLink: text('rscp_link'),
    imageOriginal: text('image_original'),
    imageThumbnail: text('image_thumbnail'),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'versions_item_fk',
      columns: [t.itemId, t.kind],
      foreignColumns: [items.id, items.kind],
    }).onDelete('restrict'),
    unique('versions_id_kind_unique').on(t.id, t.kind),
    uniqueIndex('versions_item_names_unique').on(t.itemId, sql`coalesce(${t.name}, '')`, sql`coalesce(${t.name2}, '')`),
    index('versions_kind_idx').on(t.kind),
    // A search finds the versions of matching items through it.
    index('versions_item_idx').on(t.itemId),
    index('versions_name_folded_trgm').using('gin', t.nameFolded.op('gin_trgm_ops')),
    index('versions_name2_folded_trgm').using('gin', t.name2Folded.op('gin_trgm_ops')),
    index('versions_name_folded_chars').using('gin', sql`string_to_array(${t.nameFolded}, null)`),
    index('versions_name2_folded_chars').using('gin', sql`string_to_array(${t.name2Folded}, null)`),
    index('versions_name_folded_joined_trgm').using('gin', sql`dp_joined(${t.nameFolded}) gin_trgm_ops`),
    index('versions_name2_folded_joined_trgm').using('gin', sql`dp_joined(${t.name2Folded}) gin_trgm_ops`),
    // Numbers that start with the word (hints): the trigrams cannot tell a number's start from a word's.
    // By kind, as the items' names.
    index('versions_kind_name_folded_prefix').using('btree', t.kind, t.nameFolded.op('text_pattern_ops')),
    index('versions_kind_name2_folded_prefix').using('btree', t.kind, t.name2Folded.op('text_pattern_ops')),
    // Listing order within an item ("2.9" before "2.10", missing numbers last; migration 0006): keyset
    // pages read it in order.
    index('versions_natural_order_idx').on(
      t.itemId,
      sql`(${t.name} is null)`,
      sql`(coalesce(${t.name}, '') collate "dp_natural")`,
      sql`(${t.name2} is null)`,
      sql`(coalesce(${t.name2}, '') collate "dp_natural")`,
      t.id,
    ),
    check(
      'versions_names_rule',
      sql`(${t.kind} = 'system' and ${t.name} is not null and btrim(${t.name}) <> '' and ${t.name2} is null)
       or (${t.kind} <> 'system' and (coalesce(btrim(${t.name}), '') <> '' or coalesce(btrim(${t.name2}), '') <> ''))`,
    ),
  ],
);

export const compatibilityInfos = pgTable('compatibility_infos', {
  id: serial('id').primaryKey(),
  status: compatibilityStatus('compatibility_status').notNull(),
  obligation: text('obligation').notNull().default(''),
  ...timestamps,
});

/**
 * A compatibility between two versions. Pairs are stored oriented by kind (system → assembly →
 * subassembly); a same-kind pair is stored once with the smaller id first and read from both sides.
 */
export const compatibilities = pgTable(
  'compatibilities',
  {
    id: serial('id').primaryKey(),
    fromVersionId: integer('from_version_id').notNull(),
    fromKind: itemKind('from_kind').notNull(),
    toVersionId: integer('to_version_id').notNull(),
    toKind: itemKind('to_kind').notNull(),
    compatibilityInfoId: integer('compatibility_info_id')
      .notNull()
      .references(() => compatibilityInfos.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'compatibilities_from_fk',
      columns: [t.fromVersionId, t.fromKind],
      foreignColumns: [versions.id, versions.kind],
    }).onDelete('restrict'),
    foreignKey({
      name: 'compatibilities_to_fk',
      columns: [t.toVersionId, t.toKind],
      foreignColumns: [versions.id, versions.kind],
    }).onDelete('restrict'),
    unique('compatibilities_pair_unique').on(t.fromVersionId, t.toVersionId),
    index('compatibilities_to_idx').on(t.toVersionId),
    // No index on compatibility_info_id: a few obligation texts share all rows, so no read gains from it,
    // and without it changing a row's obligation touches no index (a HOT update, migration 0008).
    check(
      'compatibilities_pair_kinds',
      sql`(${t.fromKind}, ${t.toKind}) in (('system','system'), ('system','assembly'), ('assembly','assembly'), ('assembly','subassembly'), ('subassembly','subassembly'))`,
    ),
    check('compatibilities_same_kind_once', sql`${t.fromKind} <> ${t.toKind} or ${t.fromVersionId} < ${t.toVersionId}`),
  ],
);

export const references = pgTable(
  'references',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    unique('references_reference_unique').on(t.reference),
    check('references_not_blank', sql`btrim(${t.reference}) <> ''`),
    // The References table's pages in their default order, read in order (migration 0011).
    index('references_natural_order_idx').on(sql`(${t.reference} collate "dp_natural")`, t.id),
  ],
);

export const compatibilityReferences = pgTable(
  'compatibility_references',
  {
    compatibilityId: integer('compatibility_id')
      .notNull()
      .references(() => compatibilities.id, { onDelete: 'cascade' }),
    referenceId: integer('reference_id')
      .notNull()
      .references(() => references.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.compatibilityId, t.referenceId] }),
    index('compatibility_references_ref_idx').on(t.referenceId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    compatibilityId: integer('compatibility_id')
      .notNull()
      .references(() => compatibilities.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    author: text('author').notNull(),
    creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modificationTime: timestamp('modification_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revision: integer('revision').notNull().default(1),
  },
  (t) => [index('comments_compatibility_idx').on(t.compatibilityId)],
);

/** Which assemblies a system contains, and which sub-assemblies an assembly contains. */
export const itemContainments = pgTable(
  'item_containments',
  {
    id: serial('id').primaryKey(),
    parentItemId: integer('parent_item_id').notNull(),
    parentKind: itemKind('parent_kind').notNull(),
    childItemId: integer('child_item_id').notNull(),
    childKind: itemKind('child_kind').notNull(),
    creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by').notNull().default('system'),
  },
  (t) => [
    foreignKey({
      name: 'item_containments_parent_fk',
      columns: [t.parentItemId, t.parentKind],
      foreignColumns: [items.id, items.kind],
    }).onDelete('cascade'),
    foreignKey({
      name: 'item_containments_child_fk',
      columns: [t.childItemId, t.childKind],
      foreignColumns: [items.id, items.kind],
    }).onDelete('cascade'),
    unique('item_containments_pair_unique').on(t.parentItemId, t.childItemId),
    index('item_containments_child_idx').on(t.childItemId),
    check(
      'item_containments_kinds',
      sql`(${t.parentKind}, ${t.childKind}) in (('system','assembly'), ('assembly','subassembly'))`,
    ),
  ],
);

/**
 * Version-level relations: assembly version ↔ assembly version (the versionRelation flag, stored
 * once with the smaller id first) and assembly version → sub-assembly version (the containment flag).
 */
export const versionRelations = pgTable(
  'version_relations',
  {
    id: serial('id').primaryKey(),
    fromVersionId: integer('from_version_id').notNull(),
    fromKind: itemKind('from_kind').notNull(),
    toVersionId: integer('to_version_id').notNull(),
    toKind: itemKind('to_kind').notNull(),
    creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by').notNull().default('system'),
  },
  (t) => [
    foreignKey({
      name: 'version_relations_from_fk',
      columns: [t.fromVersionId, t.fromKind],
      foreignColumns: [versions.id, versions.kind],
    }).onDelete('cascade'),
    foreignKey({
      name: 'version_relations_to_fk',
      columns: [t.toVersionId, t.toKind],
      foreignColumns: [versions.id, versions.kind],
    }).onDelete('cascade'),
    unique('version_relations_pair_unique').on(t.fromVersionId, t.toVersionId),
    index('version_relations_to_idx').on(t.toVersionId),
    check(
      'version_relations_kinds',
      sql`(${t.fromKind}, ${t.toKind}) in (('assembly','assembly'), ('assembly','subassembly'))`,
    ),
    check(
      'version_relations_same_kind_once',
      sql`${t.fromKind} <> ${t.toKind} or ${t.fromVersionId} < ${t.toVersionId}`,
    ),
  ],
);

/** Data-state notes (rich text) shown on /dataset. */
export const datasetEntries = pgTable('dataset_entries', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  description: text('description').notNull(),
  creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  modificationTime: timestamp('modification_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  revision: integer('revision').notNull().default(1),
});

/** Who changed what, when, with the row before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The transaction that wrote it (issue 41): the history's rows of the same change carry it too. */
    changeSet: bigint('change_set', { mode: 'number' })
      .notNull()
      .default(sql`dp_change_set()`),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_change_set_idx').on(t.changeSet),
    index('audit_log_actor_idx').on(t.actor, t.id),
  ],
);

/** One row: the time of the last change to the data, which clients poll to refresh their caches. */
export const dataInfo = pgTable(
  'data_info',
  {
    id: integer('id').primaryKey().default(1),
    modificationTime: timestamp('modification_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('data_info_single_row', sql`${t.id} = 1`)],
);

/** Grants, sessions and codes of the embedded OpenID provider, so a restart signs no one out. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded pictures, as jpeg, in the database rather than on one instance's disk, so every instance
 * behind a load balancer serves them and a database backup includes them.
 */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  folder: text('folder').notNull(),
  original: bytea('original').notNull(),
  thumbnail: bytea('thumbnail').notNull(),
  createdBy: text('created_by').notNull(),
  creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Backups: each is a schema `backup_<name>` holding copies of the product tables (BACKUP_TABLES of the
 * contract), taken in one snapshot; this table is their catalogue. In PostgreSQL, so every instance sees them.
 */
export const backups = pgTable('backups', {
  name: text('name').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  schemaVersion: text('schema_version').notNull(),
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  checksum: text('checksum').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdBy: text('created_by').notNull(),
  origin: text('origin', { enum: ['manual', 'scheduled', 'upload', 'transfer'] }).notNull(),
});

/** Every transfer from this (work) instance to live or demo, successful or not: what was published, when, by whom. */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    backupName: text('backup_name').notNull(),
    target: text('target', { enum: ['www', 'demo'] }).notNull(),
    targetUrl: text('target_url').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    by: text('by').notNull(),
    ok: boolean('ok').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [index('transfers_at_idx').on(t.at)],
);

/** Every state this (live or demo) instance received by transfer. */
export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  backupName: text('backup_name').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  by: text('by').notNull(),
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  /** The admin who approved the publication (issue 44), when work asked for four eyes. */
  approvedBy: text('approved_by'),
});

/** Requests to publish a backup to live, each decided by another admin (issue 44; work only). */
export const publishRequests = pgTable(
  'publish_requests',
  {
    id: serial('id').primaryKey(),
    backupName: text('backup_name').notNull(),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** open, approved (transfer running), rejected, done, failed; an open one past expires_at reads as expired. */
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    comment: text('comment'),
    /** What the transfer reported, for done and failed. */
    message: text('message'),
  },
  (t) => [index('publish_requests_open_idx').on(t.status, t.expiresAt)],
);

/** When a monitored target last answered, shared by every instance that polls it. */
export const monitoredTargets = pgTable('monitored_targets', {
  target: text('target').primaryKey(),
  lastActive: timestamp('last_active', { withTimezone: true, mode: 'date' }),
});

/** Reports generated in the background; any instance can answer for their progress and file. */
export const reportJobs = pgTable('report_jobs', {
  id: text('id').primaryKey(),
  status: text('status', { enum: ['running', 'done', 'failed'] })
    .notNull()
    .default('running'),
  progress: integer('progress').notNull().default(0),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  message: text('message'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A finished report's file, in pieces of at most 1 MB so it is streamed, never held whole. */
export const reportJobChunks = pgTable(
  'report_job_chunks',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => reportJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * The people who watch versions on this instance (issue 42): the address from their token's `email` claim,
 * the language they last used and their role, for the mails sent when nobody is asking. Not a product
 * table: a transfer or restore leaves watchers as they are.
 */
export const watchUsers = pgTable('watch_users', {
  username: text('username').primaryKey(),
  email: text('email'),
  language: text('language').notNull().default('de'),
  role: text('role').notNull(),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A user's watch on a version; no foreign key, since a transfer replaces versions with the triggers off. */
export const watches = pgTable(
  'watches',
  {
    username: text('username')
      .notNull()
      .references(() => watchUsers.username, { onDelete: 'cascade' }),
    versionId: integer('version_id').notNull(),
    kind: itemKind('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.versionId] }), index('watches_version_idx').on(t.versionId)],
);

/**
 * One per watcher, compatibility and change set (the writing transaction's id), written by the triggers of
 * migration 0019 in the transaction that changes the compatibility.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    changeSet: bigint('change_set', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    versionId: integer('version_id').notNull(),
    versionKind: itemKind('version_kind').notNull(),
    versionLabel: text('version_label').notNull(),
    partnerId: integer('partner_id').notNull(),
    partnerKind: itemKind('partner_kind').notNull(),
    partnerLabel: text('partner_label').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    referencesChanged: boolean('references_changed').notNull().default(false),
    read: boolean('read').notNull().default(false),
    mailed: boolean('mailed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('notifications_change_unique').on(
      t.username,
      t.changeSet,
      sql`least(${t.versionId}, ${t.partnerId})`,
      sql`greatest(${t.versionId}, ${t.partnerId})`,
    ),
    index('notifications_user_idx').on(t.username, t.id),
    index('notifications_unread_idx')
      .on(t.username)
      .where(sql`not ${t.read}`),
    index('notifications_unmailed_idx')
      .on(t.username)
      .where(sql`not ${t.mailed}`),
  ],
);

/** Mails waiting for the SMTP server, and those it took; any instance sends each once (SKIP LOCKED). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
