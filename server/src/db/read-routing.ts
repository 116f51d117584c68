import type { ReadsStatus } from '@dp/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbConnection } from './connection.js';

/**
 * Where evaluation reads go (DATABASE_READ_URL): to a streaming replica, except for a user whose last
 * write the replica has not replayed yet, who reads from the primary and so always sees their own save.
 * The position of a write travels in two ways: remembered per user on this instance, and sent to the
 * client (WRITE_POSITION_HEADER), which the web app returns on reads (READ_AFTER_HEADER) so that any
 * instance behind a load balancer honours it.
 */
export interface ReadRouting {
  /** True when a replica is configured. */
  readonly replicated: boolean;
  /** The database for an evaluation read by `user`; `readAfter` is a write position the client saw. */
  readerFor(user: string | undefined, readAfter: string | undefined): Promise<Db>;
  /** Records that `user` just wrote on the primary; the primary's WAL position (null without a replica). */
  wrote(user: string): Promise<string | null>;
  /** How far the replica is behind the primary, for operators; null without a replica. */
  status(): Promise<ReadsStatus['replica']>;
  close(): Promise<void>;
}

export { READ_AFTER_HEADER, WRITE_POSITION_HEADER } from '@dp/contract';

/** Without a replica, every read goes to the primary. */
export function primaryOnly(primary: Db): ReadRouting {
  return {
    replicated: false,
    readerFor: async () => primary,
    wrote: async () => null,
    status: async () => null,
    close: async () => {},
  };
}

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** A PostgreSQL WAL position ("16/B374D848") as a number; null for anything else. */
export function parseLsn(text: string | undefined | null): bigint | null {
  const match = text ? LSN.exec(text.trim()) : null;
  if (!match?.[1] || !match[2]) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/**
 * Reads from `replica` unless a user's write is not replayed there yet, or the replica is down: its position
 * is checked every `checkEveryMs`, and while it cannot be read every read goes to the primary.
 */
export function replicaRouting(
  primary: Db,
  replica: DbConnection,
  log: (message: string) => void,
  { checkEveryMs = 2000 }: { checkEveryMs?: number } = {},
): ReadRouting {
  // user → the WAL position of their last write that the replica may not have replayed yet.
  const pending = new Map<string, bigint>();
  let reachable = true;

  async function replayed(): Promise<bigint | null> {
    const result = await replica.db.execute<{ lsn: string | null }>(sql`select pg_last_wal_replay_lsn()::text as lsn`);
    return parseLsn(result.rows[0]?.lsn);
  }

  function markReachable(now: boolean, reason?: string) {
    if (now === reachable) return;
    reachable = now;
    log(
      now
        ? 'the read replica answers again: evaluation reads go to it'
        : `the read replica does not answer, reading from the primary: ${reason ?? ''}`,
    );
  }

  const check = () =>
    replayed().then(
      () => markReachable(true),
      (err: unknown) => markReachable(false, (err as Error).message),
    );
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();

  return {
    replicated: true,
    async readerFor(user, readAfter) {
      if (!reachable) return primary;
      const fromClient = parseLsn(readAfter);
      const fromHere = user === undefined ? undefined : pending.get(user);
      const needed = [fromClient, fromHere].reduce<bigint | null>(
        (max, lsn) => (lsn != null && (max === null || lsn > max) ? lsn : max),
        null,
      );
      if (needed === null) return replica.db;
      try {
        const position = await replayed();
        if (position !== null && position >= needed) {
          if (user !== undefined && fromHere !== undefined && position >= fromHere) pending.delete(user);
          return replica.db;
        }
      } catch (err) {
        markReachable(false, (err as Error).message);
      }
      return primary;
    },
    async wrote(user) {
      const result = await primary.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
      const text = result.rows[0]?.lsn ?? null;
      const lsn = parseLsn(text);
      if (lsn !== null) pending.set(user, lsn);
      return text;
    },
    async status() {
      try {
        const [written, replay] = await Promise.all([
          primary.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`),
          replica.db.execute<{ lsn: string | null; seconds: number | null }>(
            sql`select pg_last_wal_replay_lsn()::text as lsn,
                       extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as seconds`,
          ),
        ]);
        markReachable(true);
        const [primaryAt, replicaAt] = [parseLsn(written.rows[0]?.lsn), parseLsn(replay.rows[0]?.lsn)];
        if (primaryAt === null || replicaAt === null) return { reachable: true, lag_bytes: null, lag_seconds: null };
        const behind = primaryAt > replicaAt ? Number(primaryAt - replicaAt) : 0;
        // The last replayed transaction's age says how old the replica's data is only while it is behind.
        return {
          reachable: true,
          lag_bytes: behind,
          lag_seconds: behind === 0 ? 0 : (replay.rows[0]?.seconds ?? null),
        };
      } catch (err) {
        markReachable(false, (err as Error).message);
        return { reachable: false, lag_bytes: null, lag_seconds: null };
      }
    },
    close: async () => {
      clearInterval(timer);
      await replica.close();
    },
  };
}
