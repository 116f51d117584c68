import type pg from 'pg';

// Stored beside oidc-provider's rows (the provider never asks its adapter for this model), so every
// instance sees the same counts; deleteExpiredPayloads clears old ones.
const MODEL = 'LoginThrottle';

export interface LoginThrottleOptions {
  /** Failed passwords for one user name before it is locked. */
  userLockAfter: number;
  /** Failed passwords from one address (any user names) before it is locked. */
  addressLockAfter: number;
  /** How long a lock lasts, counted from the failure that set it; failures older than this are forgotten. */
  lockMinutes: number;
}

/** The answer delay after the n-th failure in a row for a user: none for the first two, then doubling from ¼ s up to 4 s. */
export function failureDelayMs(failures: number): number {
  if (failures < 3) return 0;
  return Math.min(250 * 2 ** (failures - 3), 4000);
}

const userKey = (username: string) => `user:${username.trim().toLowerCase().slice(0, 200)}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Throttles password guessing on the embedded provider, per user name and per client address: each failure
 * is answered later than the one before, and after too many the user name or address is locked for a while.
 * State lives in PostgreSQL so that several instances share it.
 */
export function createLoginThrottle(pool: pg.Pool, options: LoginThrottleOptions) {
  const windowSeconds = options.lockMinutes * 60;

  /** Seconds until the lock of `key` ends (0: not locked). */
  async function lockedFor(key: string, limit: number): Promise<number> {
    const { rows } = await pool.query<{ seconds: number }>(
      `select ceil(extract(epoch from expires_at - now()))::int as seconds from oidc_payloads
        where model = $1 and id = $2 and expires_at > now() and (payload->>'failures')::int >= $3`,
      [MODEL, key, limit],
    );
    return Math.max(0, rows[0]?.seconds ?? 0);
  }

  /** Counts one failure of `key` (a fresh count when the last one is older than the window); returns the count. */
  async function countFailure(key: string): Promise<number> {
    const { rows } = await pool.query<{ failures: number }>(
      `insert into oidc_payloads (model, id, payload, expires_at)
       values ($1, $2, '{"failures": 1}'::jsonb, now() + make_interval(secs => $3::integer))
       on conflict (model, id) do update set
         payload = jsonb_build_object('failures',
           case when oidc_payloads.expires_at is null or oidc_payloads.expires_at <= now() then 1
                else coalesce((oidc_payloads.payload->>'failures')::int, 0) + 1 end),
         expires_at = excluded.expires_at
       returning (payload->>'failures')::int as failures`,
      [MODEL, key, windowSeconds],
    );
    return rows[0]?.failures ?? 1;
  }

  return {
    /** Seconds until this user name and address may try again; 0 when they may now. */
    async retryAfter(username: string, address: string): Promise<number> {
      const [user, from] = await Promise.all([
        lockedFor(userKey(username), options.userLockAfter),
        lockedFor(addressKey(address), options.addressLockAfter),
      ]);
      return Math.max(user, from);
    },
    /** Records a wrong password; returns how long to hold the answer back, and whether it now locks. */
    async failed(username: string, address: string): Promise<{ delayMs: number; lockedForSeconds: number }> {
      const [userFailures, addressFailures] = await Promise.all([
        countFailure(userKey(username)),
        countFailure(addressKey(address)),
      ]);
      const locked = userFailures >= options.userLockAfter || addressFailures >= options.addressLockAfter;
      return { delayMs: failureDelayMs(userFailures), lockedForSeconds: locked ? windowSeconds : 0 };
    },
    /** A right password ends the user name's count (the address's keeps running down on its own). */
    async succeeded(username: string): Promise<void> {
      await pool.query('delete from oidc_payloads where model = $1 and id = $2', [MODEL, userKey(username)]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
