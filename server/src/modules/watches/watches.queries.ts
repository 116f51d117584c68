import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import type { DbTime } from '../../db/time.js';

/** What the server knows of a watcher: their address (token), language (requests) and role (projection). */
export interface WatchUser {
  username: string;
  email: string | null;
  language: string;
  role: string;
}

/**
 * Creates or refreshes the watcher's record and locks it for the caller's transaction, so two watches
 * added at once by the same user count against the limit one after the other.
 */
export async function lockUser(tx: Executor, user: WatchUser) {
  await tx.execute(sql`
    insert into watch_users (username, email, language, role) values (${user.username}, ${user.email}, ${user.language}, ${user.role})
    on conflict (username) do update set email = excluded.email, language = excluded.language, role = excluded.role,
      updated_at = now()`);
  await tx.execute(sql`select 1 from watch_users where username = ${user.username} for update`);
}

/** Refreshes the address, language and role of a known watcher, writing only when one of them changed. */
export async function touchUser(tx: Executor, user: WatchUser) {
  await tx.execute(sql`
    update watch_users set email = ${user.email}, language = ${user.language}, role = ${user.role}, updated_at = now()
     where username = ${user.username}
       and (email, language, role) is distinct from (${user.email}::text, ${user.language}::text, ${user.role}::text)`);
}

export async function versionExists(tx: Executor, kind: ItemKind, id: number): Promise<boolean> {
  return (await tx.execute(sql`select 1 from versions where id = ${id} and kind = ${kind}`)).rows.length > 0;
}

export async function countWatches(tx: Executor, username: string): Promise<number> {
  const rows = (
    await tx.execute<{ n: number }>(sql`select count(*)::int as n from watches where username = ${username}`)
  ).rows;
  return rows[0]?.n ?? 0;
}

/** True when the watch is new. */
export async function insertWatch(tx: Executor, username: string, kind: ItemKind, id: number): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into watches (username, version_id, kind) values (${username}, ${id}, ${kind})
    on conflict do nothing returning version_id`);
  return result.rows.length > 0;
}

/** True when there was such a watch. */
export async function deleteWatch(tx: Executor, username: string, id: number): Promise<boolean> {
  const result = await tx.execute(
    sql`delete from watches where username = ${username} and version_id = ${id} returning version_id`,
  );
  return result.rows.length > 0;
}

/** Audits a watch added or removed; a watch is not catalog data, so the data's modification time stays. */
export async function auditWatch(tx: Executor, actor: string, action: 'create' | 'delete', kind: ItemKind, id: number) {
  const row = JSON.stringify({ username: actor, kind, version_id: id });
  await tx.execute(sql`
    insert into audit_log (actor, action, entity, entity_id, before, after)
    values (${actor}, ${action}, 'watch', ${String(id)}, ${action === 'delete' ? row : null}::jsonb,
            ${action === 'create' ? row : null}::jsonb)`);
}

export type WatchRow = {
  version_id: number;
  kind: ItemKind;
  item_name: string;
  name: string | null;
  name2: string | null;
  created_at: DbTime;
};

/** A user's watches whose versions are there, by item name and version numbers. */
export async function listWatches(tx: Executor, username: string): Promise<WatchRow[]> {
  return (
    await tx.execute<WatchRow>(sql`
      select w.version_id, w.kind, i.name as item_name, v.name, v.name2, w.created_at
        from watches w join versions v on v.id = w.version_id join items i on i.id = v.item_id
       where w.username = ${username}
       order by i.name, v.name nulls last, v.name2 nulls last, v.id`)
  ).rows;
}

export type NotificationRow = {
  id: string;
  at: DbTime;
  version_id: number;
  version_kind: ItemKind;
  version_label: string;
  partner_id: number;
  partner_kind: ItemKind;
  partner_label: string;
  before: { status: string; obligation: string } | null;
  after: { status: string; obligation: string } | null;
  references_changed: boolean;
  read: boolean;
};

// The id as text: a bigint; ordered by the column itself, not by this text.
const notificationColumns = sql`n.id::text as id, n.at, n.version_id, n.version_kind, n.version_label, n.partner_id,
  n.partner_kind, n.partner_label, n.before, n.after, n.references_changed, n.read`;

/** A page of a user's notifications, newest first, after the cursor `before` (an id), one more than `limit`. */
export async function pageNotifications(
  tx: Executor,
  username: string,
  before: string | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  const cursor = before === undefined ? sql`` : sql`and n.id < ${before}::bigint`;
  return (
    await tx.execute<NotificationRow>(sql`
      select ${notificationColumns} from notifications n where n.username = ${username} ${cursor}
       order by n.id desc limit ${limit + 1}`)
  ).rows;
}

export async function countUnread(tx: Executor, username: string): Promise<number> {
  const rows = (
    await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where username = ${username} and not read`,
    )
  ).rows;
  return rows[0]?.n ?? 0;
}

/** Marks a user's notifications up to `upTo` read; the number marked. */
export async function markRead(tx: Executor, username: string, upTo: number): Promise<number> {
  const result = await tx.execute(
    sql`update notifications set read = true where username = ${username} and id <= ${upTo} and not read`,
  );
  return result.rowCount ?? 0;
}
