import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import type { DbTime } from '../../db/time.js';

/** What the server knows of a watcher: their address (token), language (requests) and role (projection). */
export type WatchUser = {
  username: string;
  email: string | null;
  /** Null when the request did not say (no Accept-Language): the language known stays. */
  language: string | null;
  role: string;
};

/**
 * Creates or refreshes the watcher's record and locks it for the caller's transaction, so two watches
 * added at once by the same user count against the limit one after the other.
 */
export async function lockUser(tx: Executor, user: WatchUser) {
  await tx.execute(sql`
    insert into watch_users (username, email, language, role)
    values (${user.username}, ${user.email}, coalesce(${user.language}, 'en'), ${user.role})
    on conflict (username) do update set email = excluded.email,
      language = coalesce(${user.language}, watch_users.language), role = excluded.role, updated_at = now()`);
  await tx.execute(sql`select 1 from watch_users where username = ${user.username} for update`);
}

/** Refreshes the address, language and role of a known watcher, writing only when one of them changed. */
export async function touchUser(tx: Executor, user: WatchUser) {
  await tx.execute(sql`
    update watch_users set email = ${user.email}, language = coalesce(${user.language}, language), role = ${user.role},
           updated_at = now()
     where username = ${user.username}
       and (email, language, role) is distinct from (${user.email}::text, coalesce(${user.language}, language), ${user.role}::text)`);
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

/** Only one instance composes digests at a time (a transaction-level advisory lock). */
const DIGEST_LOCK = 7_336_042;

export async function tryDigestLock(tx: Executor): Promise<boolean> {
  const rows = (await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${DIGEST_LOCK}) as ok`)).rows;
  return rows[0]?.ok === true;
}

/** Notifications of watchers without an address: in the app only, never mailed. */
export async function skipUnaddressed(tx: Executor) {
  await tx.execute(sql`
    update notifications n set mailed = true
      from watch_users u where u.username = n.username and u.email is null and not n.mailed`);
}

/** Watchers with unmailed notifications whose last digest is at least `minutes` old. */
export async function dueDigestUsers(
  tx: Executor,
  minutes: number,
): Promise<(WatchUser & { email: string; language: string })[]> {
  return (
    await tx.execute<WatchUser & { email: string; language: string }>(sql`
      select u.username, u.email, u.language, u.role from watch_users u
       where u.email is not null
         and exists (select 1 from notifications n where n.username = u.username and not n.mailed)
         and (u.last_digest_at is null or u.last_digest_at <= now() - make_interval(mins => ${minutes}))
       order by u.username`)
  ).rows;
}

/** A watcher's notifications not mailed yet, oldest first: whole change sets, each committed at once. */
export async function unmailedNotifications(tx: Executor, username: string): Promise<NotificationRow[]> {
  return (
    await tx.execute<NotificationRow>(sql`
      select ${notificationColumns} from notifications n where n.username = ${username} and not n.mailed
       order by n.id for update`)
  ).rows;
}

export async function markMailed(tx: Executor, username: string, ids: readonly string[]) {
  await tx.execute(sql`
    update notifications set mailed = true where username = ${username} and id = any(${`{${ids.join(',')}}`}::bigint[])`);
  await tx.execute(sql`update watch_users set last_digest_at = now() where username = ${username}`);
}

export type OutgoingMail = {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export async function queueMail(tx: Executor, mail: OutgoingMail) {
  await tx.execute(sql`
    insert into mail_outbox (recipient, subject, text, html, headers)
    values (${mail.recipient}, ${mail.subject}, ${mail.text}, ${mail.html}, ${JSON.stringify(mail.headers)}::jsonb)`);
}

/**
 * The oldest mail due, locked for the caller's transaction; another instance skips it and takes the
 * next one, so each mail goes out from one instance only.
 */
export async function takeDueMail(tx: Executor): Promise<(OutgoingMail & { id: string; attempts: number }) | null> {
  return (
    (
      await tx.execute<OutgoingMail & { id: string; attempts: number }>(sql`
        select id::text as id, recipient, subject, text, html, headers, attempts from mail_outbox
         where sent_at is null and next_attempt_at <= now()
         order by next_attempt_at, id limit 1 for update skip locked`)
    ).rows[0] ?? null
  );
}

export async function markSent(tx: Executor, id: string) {
  await tx.execute(sql`update mail_outbox set sent_at = now(), attempts = attempts + 1 where id = ${id}::bigint`);
}

/** A failed attempt: the next one waits 30 s, doubling up to an hour. */
export async function markFailed(tx: Executor, id: string, error: string) {
  await tx.execute(sql`
    update mail_outbox set attempts = attempts + 1, last_error = ${error.slice(0, 500)},
           next_attempt_at = now() + least(interval '30 seconds' * power(2, attempts), interval '1 hour')
     where id = ${id}::bigint`);
}

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export async function versionLabels(tx: Executor, ids: readonly number[]): Promise<string[]> {
  return (
    await tx.execute<{ label: string }>(sql`
      select dp_version_label(id) as label from versions where id = any(${idArray(ids)}::int[]) order by id`)
  ).rows.map((r) => r.label);
}

export async function deleteWatches(
  tx: Executor,
  username: string,
  ids: readonly number[],
): Promise<{ version_id: number; kind: ItemKind }[]> {
  return (
    await tx.execute<{ version_id: number; kind: ItemKind }>(sql`
      delete from watches where username = ${username} and version_id = any(${idArray(ids)}::int[])
      returning version_id, kind`)
  ).rows;
}
