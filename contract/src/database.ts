import { z } from './zod-setup.js';
import { isoDateTime } from './common.js';
import { issueKey } from './issue-key.js';

/** A backup is named by the time it was taken, `YYYY-MM-DD_HH-mm-ss` (UTC). */
export const BACKUP_NAME_PATTERN = /^\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}$/;
export const backupName = z.string().regex(BACKUP_NAME_PATTERN, issueKey('zod.backupName'));
/** A backup, or 'actual': the current state of the database. */
export const ACTUAL_STATE = 'actual';
export const backupRef = z.union([z.literal(ACTUAL_STATE), backupName]);
export type BackupRef = z.infer<typeof backupRef>;
/** '@' and an ISO 8601 time with a zone: the catalog as it was then, from its history (issue 41). */
export const POINT_IN_TIME_PATTERN = /^@\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
export const pointInTime = z
  .string()
  .regex(POINT_IN_TIME_PATTERN, issueKey('zod.pointInTime'))
  .refine((text) => !Number.isNaN(Date.parse(text.slice(1))), issueKey('zod.pointInTime'));

/** A state to compare: a backup, 'actual', or the catalog at a point in time. */
export const stateRef = z.union([backupRef, pointInTime], { error: issueKey('zod.pointInTime') });
export type StateRef = z.infer<typeof stateRef>;
/** POST /api/db/restore (work only): a backup, or a point in time, becomes the actual state. */
export const restoreRequest = z
  .object({ bkp: z.union([backupName, pointInTime], { error: issueKey('zod.pointInTime') }) })
  .strict();
export type RestoreRequest = z.infer<typeof restoreRequest>;
export const restoreResult = z
  .object({
    /** What was restored: the backup name or '@' and the time. */
    restored: z.string(),
    /** The backup of the state before, taken first: restoring it undoes the restore. */
    backup: backupName,
    counts: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'RestoreResult' });
export type RestoreResult = z.infer<typeof restoreResult>;

/** The tables a backup holds, in the order a restore fills them (parents before children). */
export const BACKUP_TABLES = [
  'items',
  'versions',
  'compatibility_infos',
  'references',
  'compatibilities',
  'compatibility_references',
  'comments',
  'item_containments',
  'version_relations',
  'dataset_entries',
  'images',
] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];

export const backupOrigin = z.enum(['manual', 'scheduled', 'upload', 'transfer']);

/** Where a transfer goes: 'www' is the live instance (SPEC 7), 'demo' the demo instance. */
export const transferTarget = z.enum(['www', 'demo']);
export type TransferTarget = z.infer<typeof transferTarget>;

export const backupInfo = z
  .object({
    name: backupName,
    /** When the snapshot was taken. */
    created: isoDateTime,
    /** Bytes the backup takes in the database. */
    size: z.number().int(),
    schema_version: z.string(),
    counts: z.record(z.string(), z.number().int()),
    /** SHA-256 of the backup's file content, hex. */
    checksum: z.string(),
    created_by: z.string(),
    origin: backupOrigin,
    /** Successful transfers of this backup, newest first. */
    transfers: z.array(z.object({ to: transferTarget, at: isoDateTime, by: z.string() })),
  })
  .meta({ id: 'BackupInfo' });
export type BackupInfo = z.infer<typeof backupInfo>;

/** GET /api/dumps (SPEC 7): the backups, newest first. */
export const backupList = z.object({ files: z.array(backupInfo) }).meta({ id: 'BackupList' });
export type BackupList = z.infer<typeof backupList>;

export const transferRecord = z
  .object({
    name: backupName,
    /** When the transferred backup was taken. */
    created: isoDateTime,
    size: z.number().int(),
    to: transferTarget,
    url: z.string(),
    at: isoDateTime,
    by: z.string(),
  })
  .meta({ id: 'TransferRecord' });
export type TransferRecord = z.infer<typeof transferRecord>;

/** GET /api/transferred-dumps: successful transfers, newest first. */
export const transferredList = z.object({ files: z.array(transferRecord) }).meta({ id: 'TransferredList' });
export type TransferredList = z.infer<typeof transferredList>;

export const deltaReportType = z.enum(['pdf', 'html']);
export type DeltaReportType = z.infer<typeof deltaReportType>;

/**
 * POST /api/dumps (SPEC 7): the delta report between two states. The older of the two is the 'before'
 * state whatever the order; 'actual' is always the newer. With compareTransferred both backups must
 * have been transferred to live.
 */
export const deltaReportRequest = z
  .object({
    bkp1: stateRef,
    bkp2: stateRef,
    type: deltaReportType,
    compareTransferred: z.boolean().default(false),
  })
  .strict()
  .refine((r) => r.bkp1 !== r.bkp2, { message: issueKey('zod.sameBackup'), path: ['bkp2'] });
export type DeltaReportRequest = z.input<typeof deltaReportRequest>;

export const reportJobStatus = z.enum(['running', 'done', 'failed']);
/** A report generated in the background; the browser follows its progress. */
export const reportJob = z
  .object({
    id: z.string(),
    status: reportJobStatus,
    /** 0 … 100. */
    progress: z.number().int().min(0).max(100),
    file_name: z.string(),
    /** Why it failed, in the requester's language. */
    message: z.string().nullable(),
    href: z.string(),
    file_href: z.string(),
  })
  .meta({ id: 'ReportJob' });
export type ReportJob = z.infer<typeof reportJob>;

/** POST /api/reports/systems/assemblies and /api/reports/systems/{id}/assemblies (SPEC 7). */
export const compatibilityReportRequest = z.object({ type: z.literal('xls') }).strict();

/** POST /api/db/uploads (SPEC 7): publish a backup, or the actual state, to live ('www') or demo. */
export const PUBLISH_REASON_MAX = 2000;
export const transferRequest = z
  .object({
    to: transferTarget,
    bkp: backupRef,
    /** Publish to live although the consistency checker finds errors (issue 43); otherwise that answers 409. */
    accept_findings: z.boolean().default(false),
    /** Why it should go live: required when publishing to live needs approval (issue 44). */
    reason: z.string().trim().min(1).max(PUBLISH_REASON_MAX).optional(),
  })
  .strict();
export type TransferRequest = z.input<typeof transferRequest>;

export const transferResult = z
  .object({
    /** The backup that was sent; a transfer of the actual state first takes this backup. */
    name: backupName,
    to: transferTarget,
    url: z.string(),
    at: isoDateTime,
    counts: z.record(z.string(), z.number().int()),
    /** SPEC 8: 'Transfer Complete', in the user's language. */
    message: z.string(),
  })
  .meta({ id: 'TransferResult' });
export type TransferResult = z.infer<typeof transferResult>;

/** What a transfer target is configured as; admins see it on the transfer screen. */
export const transferTargets = z
  .object({
    targets: z.array(z.object({ to: transferTarget, url: z.string().nullable() })),
    /** Whether a transfer to live is a request another admin approves (PUBLISH_APPROVAL, issue 44). */
    approval: z.boolean(),
  })
  .meta({ id: 'TransferTargets' });
export type TransferTargets = z.infer<typeof transferTargets>;

/** A user name as a publication records it: letters, digits and a few separators, nothing that breaks a header. */
const publisherName = z.string().regex(/^[\p{L}\p{N} ._@-]{1,100}$/u);

/**
 * Who published a state (issue 44): work sends it with the file in the `x-publication` header (JSON,
 * URI-encoded) and the target records it. Without four eyes the admin who transferred is both.
 */
export const publicationHeader = z
  .object({ requested_by: publisherName, approved_by: publisherName })
  .strict()
  .meta({ id: 'PublicationHeader' });
export type PublicationHeader = z.infer<typeof publicationHeader>;

/** The last publication an instance received: the backup, who asked for it, who approved it, and when. */
export const lastPublication = z
  .object({
    backup: z.string(),
    requested_by: z.string(),
    /** null only for publications recorded before issue 44. */
    approved_by: z.string().nullable(),
    published_at: isoDateTime,
  })
  .meta({ id: 'LastPublication' });
export type LastPublication = z.infer<typeof lastPublication>;

/** The state of one instance as another instance sees it (GET /api/db/status with the transfer token). */
export const instanceStatus = z
  .object({
    deployment: z.enum(['work', 'live', 'demo']),
    version: z.string(),
    database: z.enum(['ok', 'unavailable']),
    modification_time: isoDateTime.nullable(),
    last_publication: lastPublication.nullable(),
  })
  .meta({ id: 'InstanceStatus' });
export type InstanceStatus = z.infer<typeof instanceStatus>;

export const monitoredTarget = z.enum(['live', 'demo']);
export const targetStatus = z.object({
  target: monitoredTarget,
  url: z.string().nullable(),
  /** 'OK' when the application answered, else 'Not available'. */
  app_status: z.enum(['OK', 'Not available']),
  /** 'Active' when its database answered, else 'Not available'. */
  db_status: z.enum(['Active', 'Not available']),
  /** The target's data modification time. */
  time_updated: isoDateTime.nullable(),
  /** When the target last answered. */
  time_active: isoDateTime.nullable(),
  response_ms: z.number().nullable(),
  /** Why it is not OK, in the requester's language; null when it is. */
  reason: z.string().nullable(),
  /** What the target last received from work; null when it holds no publication or did not answer. */
  last_publication: lastPublication.nullable(),
});
export type TargetStatus = z.infer<typeof targetStatus>;

/** GET /api/live-status: SPEC 3's status data, plus one entry per target with the details. */
export const liveStatus = z
  .object({
    checked_at: isoDateTime,
    targets: z.array(targetStatus),
    response: z.string(),
    live_app_status: z.string(),
    live_db_status: z.string(),
    time_updated: z.string(),
    time_active: z.string(),
    demo_app_status: z.string(),
    demo_db_status: z.string(),
  })
  .meta({ id: 'LiveStatus' });
export type LiveStatus = z.infer<typeof liveStatus>;

/** What serves this instance's evaluation reads: the read replica (DATABASE_READ_URL) and the read cache. */
export const readsStatus = z
  .object({
    /** null without DATABASE_READ_URL: every read goes to the primary. */
    replica: z
      .object({
        /** False while the replica does not answer; reads then go to the primary. */
        reachable: z.boolean(),
        /** WAL the replica has still to replay, in bytes; null when it cannot be read. */
        lag_bytes: z.number().nullable(),
        /** Age of the last transaction it replayed while it is behind (0 when it has everything), in seconds. */
        lag_seconds: z.number().nullable(),
      })
      .nullable(),
    cache: z.object({
      /** READ_CACHE_MB in bytes; 0 when the cache is off. */
      budget_bytes: z.number(),
      used_bytes: z.number(),
      entries: z.number(),
      /** Requests answered from the cache, and computed, since this instance started. */
      hits: z.number(),
      misses: z.number(),
      /** hits ÷ (hits + misses); null before the first cached read. */
      hit_rate: z.number().nullable(),
    }),
  })
  .meta({ id: 'ReadsStatus' });
export type ReadsStatus = z.infer<typeof readsStatus>;

/** GET /api/server-status (admin): this instance, as an operator checks it. */
export const serverStatus = z
  .object({
    checked_at: isoDateTime,
    deployment: z.enum(['work', 'live', 'demo']),
    node: z.string(),
    uptime_seconds: z.number(),
    memory_rss_bytes: z.number(),
    reads: readsStatus,
  })
  .meta({ id: 'ServerStatus' });
export type ServerStatus = z.infer<typeof serverStatus>;

/** Where a request to publish to live stands (issue 44): `expired` is an open one nobody decided in time. */
export const publishRequestStatus = z.enum(['open', 'approved', 'rejected', 'expired', 'done', 'failed']);
export type PublishRequestStatus = z.infer<typeof publishRequestStatus>;

/** A request to publish a backup to live, which another admin approves or rejects (four eyes). */
export const publishRequest = z
  .object({
    id: z.number().int(),
    href: z.string(),
    status: publishRequestStatus,
    /** The fixed backup that approval publishes. */
    backup: backupName,
    reason: z.string(),
    requested_by: z.string(),
    requested_at: isoDateTime,
    expires_at: isoDateTime,
    decided_by: z.string().nullable(),
    decided_at: isoDateTime.nullable(),
    comment: z.string().nullable(),
    /** What the transfer reported once approved (done or failed). */
    message: z.string().nullable(),
  })
  .meta({ id: 'PublishRequest' });
export type PublishRequest = z.infer<typeof publishRequest>;

export const publishDecision = z
  .object({ comment: z.string().trim().max(PUBLISH_REASON_MAX).default('') })
  .strict()
  .meta({ id: 'PublishDecision' });
export type PublishDecision = z.infer<typeof publishDecision>;

export const publishRequestList = z
  .object({ open: z.number().int(), requests: z.array(publishRequest) })
  .meta({ id: 'PublishRequestList' });
export type PublishRequestList = z.infer<typeof publishRequestList>;

/** GET /api/publish-requests/count: what the toolbar shows admins, cheap enough to ask on every data check. */
export const publishRequestCount = z
  .object({
    /** PUBLISH_APPROVAL: false when transfers to live need no request (nothing to show). */
    approval: z.boolean(),
    open: z.number().int(),
  })
  .meta({ id: 'PublishRequestCount' });
export type PublishRequestCount = z.infer<typeof publishRequestCount>;

export const publishReportQuery = z.object({ type: deltaReportType.default('pdf') }).strict();
