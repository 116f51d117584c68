import type pg from 'pg';

export interface PublishRequestRow {
  id: number;
  backup_name: string;
  reason: string;
  requested_by: string;
  requested_at: Date;
  expires_at: Date;
  /** The stored status, with an open request past its expiry read as expired. */
  status: string;
  decided_by: string | null;
  decided_at: Date | null;
  comment: string | null;
  message: string | null;
}

const COLUMNS = `id, backup_name, reason, requested_by, requested_at, expires_at,
  case when status = 'open' and expires_at <= now() then 'expired' else status end as status,
  decided_by, decided_at, comment, message`;

const audit = (pool: pg.Pool, action: 'create' | 'update', actor: string, id: number, after: object) =>
  pool.query(
    `insert into audit_log (actor, action, entity, entity_id, after) values ($1, $2, 'publish_request', $3, $4)`,
    [actor, action, String(id), JSON.stringify(after)],
  );

/** Records a new request and its audit entry. */
export async function createRequest(
  pool: pg.Pool,
  row: { backup: string; reason: string; by: string; hours: number },
): Promise<PublishRequestRow> {
  const result = await pool.query<PublishRequestRow>(
    `insert into publish_requests (backup_name, reason, requested_by, expires_at)
     values ($1, $2, $3, now() + make_interval(hours => $4)) returning ${COLUMNS}`,
    [row.backup, row.reason, row.by, row.hours],
  );
  const [created] = result.rows;
  if (!created) throw new Error('insert returned no row');
  await audit(pool, 'create', row.by, created.id, { requested: row.backup, reason: row.reason });
  return created;
}

/** Every request, newest first. */
export async function listRequests(pool: pg.Pool): Promise<PublishRequestRow[]> {
  return (await pool.query<PublishRequestRow>(`select ${COLUMNS} from publish_requests order by id desc`)).rows;
}

export async function getRequest(pool: pg.Pool, id: number): Promise<PublishRequestRow | null> {
  return (
    (await pool.query<PublishRequestRow>(`select ${COLUMNS} from publish_requests where id = $1`, [id])).rows[0] ?? null
  );
}

/**
 * Decides an open, unexpired request: false when another decision (or the clock) came first, so two
 * admins deciding at once cannot both win.
 */
export async function decide(
  pool: pg.Pool,
  row: { id: number; status: 'approved' | 'rejected'; by: string; comment: string },
): Promise<boolean> {
  const result = await pool.query(
    `update publish_requests set status = $2, decided_by = $3, decided_at = now(), comment = $4
     where id = $1 and status = 'open' and expires_at > now()`,
    [row.id, row.status, row.by, row.comment],
  );
  if (result.rowCount !== 1) return false;
  await audit(pool, 'update', row.by, row.id, { status: row.status, comment: row.comment });
  return true;
}

/** Records how the approved transfer ended. */
export async function finish(
  pool: pg.Pool,
  row: { id: number; status: 'done' | 'failed'; by: string; message: string },
) {
  await pool.query(`update publish_requests set status = $2, message = $3 where id = $1`, [
    row.id,
    row.status,
    row.message,
  ]);
  await audit(pool, 'update', row.by, row.id, { status: row.status, message: row.message });
}

/** The backup last published to live from here, successfully: what live holds now. */
export async function lastPublished(pool: pg.Pool): Promise<string | null> {
  return (
    (
      await pool.query<{ backup_name: string }>(
        `select backup_name from transfers where target = 'www' and ok order by at desc, id desc limit 1`,
      )
    ).rows[0]?.backup_name ?? null
  );
}

/** Open requests that have not expired: the number on admins' toolbar. */
export async function openCount(pool: pg.Pool): Promise<number> {
  return Number(
    (
      await pool.query<{ count: string }>(
        `select count(*) from publish_requests where status = 'open' and expires_at > now()`,
      )
    ).rows[0]?.count ?? 0,
  );
}
