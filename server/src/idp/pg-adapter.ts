import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type pg from 'pg';

/** Rows that have expired count as absent; they are deleted later by `deleteExpiredPayloads`. */
const LIVE = '(expires_at is null or expires_at > now())';

/**
 * oidc-provider's storage (sessions, grants, interactions, codes, refresh tokens…) in the
 * `oidc_payloads` table, one row per model and id, so a restart or another instance signs nobody out.
 */
export function createPgAdapter(pool: pg.Pool): AdapterConstructor {
  return class PgAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await pool.query(
        `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
         values ($1, $2, $3::jsonb, $4, $5, $6,
                 case when $7::integer is null then null else now() + make_interval(secs => $7::integer) end,
                 case when $3::jsonb ? 'consumed' then now() end)
         on conflict (model, id) do update set
           payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
           uid = excluded.uid, expires_at = excluded.expires_at,
           consumed_at = coalesce(oidc_payloads.consumed_at, excluded.consumed_at)`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          typeof expiresIn === 'number' ? Math.ceil(expiresIn) : null,
        ],
      );
    }

    find(id: string) {
      return this.findOne('id = $2', id);
    }

    findByUid(uid: string) {
      return this.findOne('uid = $2', uid);
    }

    findByUserCode(userCode: string) {
      return this.findOne('user_code = $2', userCode);
    }

    async consume(id: string): Promise<void> {
      // oidc-provider reads consumption from the payload's `consumed` (epoch seconds).
      await pool.query(
        `update oidc_payloads
            set consumed_at = now(),
                payload = payload || jsonb_build_object('consumed', floor(extract(epoch from now()))::bigint)
          where model = $1 and id = $2`,
        [this.model, id],
      );
    }

    async destroy(id: string): Promise<void> {
      await pool.query('delete from oidc_payloads where model = $1 and id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // oidc-provider calls this once per token model, so the model scopes the delete.
      await pool.query('delete from oidc_payloads where model = $1 and grant_id = $2', [this.model, grantId]);
    }

    private async findOne(condition: string, value: string): Promise<AdapterPayload | undefined> {
      const { rows } = await pool.query<{ payload: AdapterPayload }>(
        `select payload from oidc_payloads where model = $1 and ${condition} and ${LIVE} limit 1`,
        [this.model, value],
      );
      return rows[0]?.payload;
    }
  };
}

/** Deletes rows that expired more than an hour ago (the hour leaves room for clock differences). */
export async function deleteExpiredPayloads(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(`delete from oidc_payloads where expires_at < now() - interval '1 hour'`);
  return rowCount ?? 0;
}
