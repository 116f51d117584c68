import { BACKUP_TABLES, type BackupInfo, type BackupTable, type TransferRecord } from '@dp/contract';
import pg from 'pg';
import { backupSchema } from './states.js';

const quoted = pg.escapeIdentifier;

export interface BackupRow {
  name: string;
  created_at: Date;
  schema_version: string;
  counts: Record<string, number>;
  checksum: string;
  size: string;
  created_by: string;
  origin: BackupInfo['origin'];
  transfers: { to: 'www' | 'demo'; at: string; by: string }[];
}

const BACKUP_SELECT = `
  select b.*,
         coalesce((select json_agg(json_build_object('to', t.target, 'at', t.at, 'by', t.by) order by t.at desc)
                     from transfers t where t.backup_name = b.name and t.ok), '[]') as transfers
    from backups b`;

export async function listBackups(client: pg.ClientBase | pg.Pool): Promise<BackupRow[]> {
  return (await client.query<BackupRow>(`${BACKUP_SELECT} order by b.created_at desc, b.name desc`)).rows;
}

export async function findBackup(client: pg.ClientBase | pg.Pool, name: string): Promise<BackupRow | null> {
  return (await client.query<BackupRow>(`${BACKUP_SELECT} where b.name = $1`, [name])).rows[0] ?? null;
}

/** Successful transfers, newest first, with the backup each one sent (its creation time and size). */
type TransferredRow = Omit<TransferRecord, 'created' | 'size' | 'at'> & { created: Date; size: string; at: Date };

export async function listTransferred(pool: pg.Pool): Promise<TransferredRow[]> {
  const result = await pool.query<TransferredRow>(
    `select t.backup_name as name, coalesce(b.created_at, t.at) as created, coalesce(b.size, 0) as size,
            t.target as to, t.target_url as url, t.at, t.by
       from transfers t left join backups b on b.name = t.backup_name
      where t.ok order by t.at desc, t.id desc`,
  );
  return result.rows;
}

/** True when a backup of that name is listed or its schema exists (a half-dropped one). */
export async function nameTaken(client: pg.ClientBase, name: string): Promise<boolean> {
  const result = await client.query<{ taken: boolean }>(
    `select exists (select 1 from backups where name = $1) or exists (select 1 from pg_namespace where nspname = $2) as taken`,
    [name, backupSchema(name)],
  );
  return result.rows[0]?.taken ?? false;
}

/** Creates the backup's schema with one empty table per product table, holding `columns`. */
export async function createBackupTables(
  client: pg.ClientBase,
  schema: string,
  columns: Record<BackupTable, string[]>,
) {
  await client.query(`create schema ${quoted(schema)}`);
  for (const table of BACKUP_TABLES) {
    await client.query(
      `create table ${quoted(schema)}.${quoted(table)} as select ${columns[table].map(quoted).join(',')} from public.${quoted(table)} with no data`,
    );
  }
}

/** Copies the product tables into a new schema, in the caller's snapshot; returns the row counts. */
export async function copyProductTables(client: pg.ClientBase, schema: string, columns: Record<BackupTable, string[]>) {
  await client.query(`create schema ${quoted(schema)}`);
  const counts: Record<string, number> = {};
  for (const table of BACKUP_TABLES) {
    const result = await client.query(
      `create table ${quoted(schema)}.${quoted(table)} as select ${columns[table].map(quoted).join(',')} from public.${quoted(table)}`,
    );
    counts[table] = result.rowCount ?? 0;
  }
  return counts;
}

/** Gathers the planner's statistics of a backup's tables: without them reports over it sort on disk. */
export async function analyzeBackupTables(client: pg.ClientBase, schema: string) {
  for (const table of BACKUP_TABLES) await client.query(`analyze ${quoted(schema)}.${quoted(table)}`);
}

/** Bytes a schema's tables take, with their TOAST data. */
export async function schemaSize(client: pg.ClientBase, schema: string): Promise<number> {
  const result = await client.query<{ size: string | null }>(
    `select sum(pg_total_relation_size(c.oid)) as size from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'r'`,
    [schema],
  );
  return Number(result.rows[0]?.size ?? 0);
}

export async function insertBackup(
  client: pg.ClientBase,
  row: {
    name: string;
    createdAt: Date;
    schemaVersion: string;
    counts: Record<string, number>;
    checksum: string;
    size: number;
    createdBy: string;
    origin: BackupInfo['origin'];
  },
) {
  await client.query(
    `insert into backups (name, created_at, schema_version, counts, checksum, size, created_by, origin) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.name,
      row.createdAt,
      row.schemaVersion,
      JSON.stringify(row.counts),
      row.checksum,
      row.size,
      row.createdBy,
      row.origin,
    ],
  );
}

export async function dropBackup(client: pg.ClientBase, name: string) {
  await client.query(`drop schema if exists ${quoted(backupSchema(name))} cascade`);
  await client.query('delete from backups where name = $1', [name]);
}

/**
 * Backups beyond the newest `keep`, except the last one transferred to each target (what live and demo
 * show now stays comparable).
 */
export async function backupsBeyond(client: pg.ClientBase, keep: number): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select name from backups
      where name not in (select name from backups order by created_at desc, name desc limit $1)
        and name not in (select distinct on (target) backup_name from transfers where ok order by target, at desc)`,
    [keep],
  );
  return result.rows.map((r) => r.name);
}

/** Takes a session-level advisory lock without waiting; false when another session holds it. */
export async function tryLock(client: pg.ClientBase, key: number): Promise<boolean> {
  return (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key])).rows[0]?.ok ?? false;
}

export async function unlock(client: pg.ClientBase, key: number) {
  await client.query('select pg_advisory_unlock($1)', [key]);
}

/** Locks a backup's tables against a concurrent drop for the rest of the caller's transaction. */
export async function lockBackupTables(client: pg.ClientBase, schema: string) {
  await client.query(
    `lock table ${BACKUP_TABLES.map((t) => `${quoted(schema)}.${quoted(t)}`).join(', ')} in access share mode`,
  );
}

/**
 * Records a backup operation in the audit log. Unlike data changes it does not move the data's
 * modification time: the product data did not change.
 */
export async function auditBackup(
  pool: pg.Pool,
  actor: string,
  action: 'create' | 'update' | 'delete',
  name: string,
  details: unknown,
) {
  await pool.query(
    `insert into audit_log (actor, action, entity, entity_id, before, after) values ($1, $2, 'backup', $3, $4, $5)`,
    [
      actor,
      action,
      name,
      action === 'delete' ? JSON.stringify({ name }) : null,
      details === null ? null : JSON.stringify(details),
    ],
  );
}
