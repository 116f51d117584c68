import { z } from './zod-setup.js';
import { isoDateTime } from './common.js';
import { compatibilityStatus } from './catalog.js';
import { issueKey } from './issue-key.js';

/** The most versions one user may watch (issue 42). */
export const WATCH_LIMIT = 500;

/** A watched version as GET /api/watches lists it. */
export const watch = z
  .object({
    /** The version's href, as in the catalog. */
    href: z.string(),
    /** The version's label: item name, name and name2. */
    label: z.string(),
    item_name: z.string(),
    name: z.string().nullable(),
    name2: z.string().nullable(),
    created: isoDateTime,
  })
  .meta({ id: 'Watch' });
export type Watch = z.infer<typeof watch>;

export const watchList = z.object({ items: z.array(watch) }).meta({ id: 'WatchList' });
export type WatchList = z.infer<typeof watchList>;

/** A compatibility's state before or after a change; the obligation text only for intern and admin. */
export const notificationState = z
  .object({ status: compatibilityStatus, obligation: z.string().optional() })
  .meta({ id: 'NotificationState' });
export type NotificationState = z.infer<typeof notificationState>;

export const notificationAction = z.enum(['added', 'changed', 'removed']);
export type NotificationAction = z.infer<typeof notificationAction>;

const versionRef = z.object({ href: z.string(), label: z.string() });

/** One change of a compatibility of a watched version, in one change set. */
export const notification = z
  .object({
    id: z.number().int(),
    at: isoDateTime,
    /** The watched version. */
    version: versionRef,
    /** The other version of the compatibility. */
    partner: versionRef,
    action: notificationAction,
    before: notificationState.nullable(),
    after: notificationState.nullable(),
    /** True when the compatibility's references changed. */
    references_changed: z.boolean(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

/** GET /api/notifications: newest first; `next` is the cursor of the following page, or null. */
export const notificationPage = z
  .object({ unread: z.number().int(), items: z.array(notification), next: z.string().nullable() })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPage>;

export const notificationQuery = z
  .object({
    /** The `next` of the previous page. */
    after: z
      .string()
      .regex(/^[0-9]{1,18}$/, issueKey('zod.digits'))
      .optional(),
    limit: z.coerce
      .number({ error: issueKey('zod.number') })
      .int(issueKey('zod.wholeNumber'))
      .min(1, issueKey('zod.positive'))
      .max(200, issueKey('zod.tooLarge'))
      .default(50),
  })
  .strict();

/** POST /api/notifications/read: marks every notification up to this id read. */
export const notificationsRead = z
  .object({ up_to: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  .meta({ id: 'NotificationsRead' });
