import {
  hasRole,
  WATCH_LIMIT,
  type CompatibilityStatus,
  type Notification,
  type NotificationPage,
  type NotificationState,
  type Role,
  type Watch,
} from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { href, type ItemKind } from '../../db/kinds.js';
import { toIso } from '../../db/time.js';
import { HttpError, kindVersionName, msg, notFound, numbered } from '../../http/errors.js';
import * as queries from './watches.queries.js';
import type { NotificationRow, WatchUser } from './watches.queries.js';

/** Watches a version; true when the watch is new. At most WATCH_LIMIT per user. */
export async function watchVersion(db: Db, user: WatchUser, kind: ItemKind, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await queries.versionExists(tx, kind, id))) throw notFound(numbered(kindVersionName(kind), id));
    await queries.lockUser(tx, user);
    if ((await queries.countWatches(tx, user.username)) >= WATCH_LIMIT) {
      // A watch already there is no new one: asking again answers 204, even at the limit.
      if (!(await queries.insertWatch(tx, user.username, kind, id))) return false;
      throw new HttpError(400, msg('watches.limit', { max: WATCH_LIMIT }));
    }
    const created = await queries.insertWatch(tx, user.username, kind, id);
    if (created) await queries.auditWatch(tx, user.username, 'create', kind, id);
    return created;
  });
}

/** Stops watching a version; a watch that is not there is no error (the result is the same). */
export async function unwatchVersion(db: Db, username: string, kind: ItemKind, id: number) {
  await db.transaction(async (tx) => {
    if (await queries.deleteWatch(tx, username, id)) await queries.auditWatch(tx, username, 'delete', kind, id);
  });
}

export async function listWatches(db: Db, username: string): Promise<Watch[]> {
  return (await queries.listWatches(db, username)).map((row) => ({
    href: href.version(row.kind, row.version_id),
    label: [row.item_name, row.name, row.name2]
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(' '),
    item_name: row.item_name,
    name: row.name,
    name2: row.name2,
    created: toIso(row.created_at),
  }));
}

/** A stored state as `role` may see it: extern never gets the obligation text. */
export function projectState(
  state: { status: string; obligation: string } | null,
  role: Role,
): NotificationState | null {
  if (state === null) return null;
  const status = state.status as CompatibilityStatus;
  return hasRole(role, 'intern') ? { status, obligation: state.obligation } : { status };
}

/** A notification as `role` may see it. */
export function toNotification(row: NotificationRow, role: Role): Notification {
  return {
    id: Number(row.id),
    at: toIso(row.at),
    version: { href: href.version(row.version_kind, row.version_id), label: row.version_label },
    partner: { href: href.version(row.partner_kind, row.partner_id), label: row.partner_label },
    action: row.before === null ? 'added' : row.after === null ? 'removed' : 'changed',
    before: projectState(row.before, role),
    after: projectState(row.after, role),
    references_changed: row.references_changed,
    read: row.read,
  };
}

/** A page of the user's notifications, newest first, with the unread count. */
export async function listNotifications(
  db: Db,
  user: WatchUser & { role: Role },
  after: string | undefined,
  limit: number,
): Promise<NotificationPage> {
  // The bell asks often: the language the user now reads in is kept for their next mail.
  await queries.touchUser(db, user);
  const rows = await queries.pageNotifications(db, user.username, after, limit);
  const page = rows.slice(0, limit);
  return {
    unread: await queries.countUnread(db, user.username),
    items: page.map((row) => toNotification(row, user.role)),
    next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function markRead(db: Db, username: string, upTo: number) {
  await queries.markRead(db, username, upTo);
}

/** The labels of versions, for the unwatch page; a version no longer there is left out. */
export async function versionLabels(db: Db, ids: readonly number[]): Promise<string[]> {
  return queries.versionLabels(db, ids);
}

/** Ends a user's watches of these versions (the unwatch link of a mail), audited as the user's own act. */
export async function unwatchVersions(db: Db, username: string, ids: readonly number[]) {
  await db.transaction(async (tx) => {
    for (const watch of await queries.deleteWatches(tx, username, ids))
      await queries.auditWatch(tx, username, 'delete', watch.kind, watch.version_id);
  });
}
