import type pg from 'pg';
import { onlyRow } from '../../db/rows.js';
import type { reportJobs } from '../../db/schema.js';
import type { PgRow } from '../../db/sql.js';

export type JobRow = Omit<PgRow<typeof reportJobs>, 'created_at'> & {
  /** Running for longer than any report takes: the instance that ran it is gone. */
  stale: boolean;
};

/** How long a job and its file are kept. */
export const JOB_LIFETIME = '1 hour';
/** A job still running after this long was left behind by an instance that stopped (a report takes seconds). */
const JOB_STALE_AFTER = '20 minutes';

/** Deletes jobs older than their lifetime (their chunks go with them), then records a new one. */
export async function insertJob(
  pool: pg.Pool,
  job: { id: string; fileName: string; contentType: string; createdBy: string },
): Promise<JobRow> {
  await pool.query(`delete from report_jobs where created_at < now() - interval '${JOB_LIFETIME}'`);
  const result = await pool.query<JobRow>(
    `insert into report_jobs (id, file_name, content_type, created_by) values ($1, $2, $3, $4)
     returning id, status, progress, file_name, content_type, message, created_by, false as stale`,
    [job.id, job.fileName, job.contentType, job.createdBy],
  );
  return onlyRow(result.rows);
}

export async function findJob(pool: pg.Pool, id: string): Promise<JobRow | null> {
  const result = await pool.query<JobRow>(
    `select id, status, progress, file_name, content_type, message, created_by,
            status = 'running' and created_at < now() - interval '${JOB_STALE_AFTER}' as stale
     from report_jobs where id = $1 and created_at >= now() - interval '${JOB_LIFETIME}'`,
    [id],
  );
  return result.rows[0] ?? null;
}

export async function setProgress(pool: pg.Pool, id: string, progress: number): Promise<void> {
  await pool.query(`update report_jobs set progress = greatest(progress, $2) where id = $1 and status = 'running'`, [
    id,
    progress,
  ]);
}

export async function insertChunk(pool: pg.Pool, id: string, seq: number, data: Buffer): Promise<void> {
  await pool.query(`insert into report_job_chunks (job_id, seq, data) values ($1, $2, $3)`, [id, seq, data]);
}

export async function finishJob(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(`update report_jobs set status = 'done', progress = 100 where id = $1`, [id]);
}

/** Marks a job failed with the reason and drops what it had written. */
export async function failJob(pool: pg.Pool, id: string, message: string): Promise<void> {
  await pool.query(`update report_jobs set status = 'failed', message = $2 where id = $1`, [id, message]);
  await pool.query(`delete from report_job_chunks where job_id = $1`, [id]);
}

export async function fileSize(pool: pg.Pool, id: string): Promise<number> {
  const result = await pool.query<{ size: string }>(
    `select coalesce(sum(octet_length(data)), 0) as size from report_job_chunks where job_id = $1`,
    [id],
  );
  return Number(onlyRow(result.rows).size);
}

export async function chunk(pool: pg.Pool, id: string, seq: number): Promise<Buffer | null> {
  const result = await pool.query<{ data: Buffer }>(
    `select data from report_job_chunks where job_id = $1 and seq = $2`,
    [id, seq],
  );
  return result.rows[0]?.data ?? null;
}
