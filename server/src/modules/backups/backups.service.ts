import type { BackupInfo, TransferredList } from '@dp/contract';
import type { Readable, Writable } from 'node:stream';
import type pg from 'pg';
import type { AppConfig } from '../../config.js';
import { HttpError, msg, notFound } from '../../http/errors.js';
import { toIso } from '../../db/time.js';
import { backupFileStream, readBackupFile, writeBackupFile, checksumOf, backupColumns } from './backup-file.js';
import * as queries from './backups.queries.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { backupSchema } from './states.js';
import { onlyRow } from '../../db/rows.js';

/** Advisory-lock key held while a backup is taken, uploaded or deleted: one at a time, across instances. */
const BACKUP_LOCK = 7_336_002;

export interface BackupDeps {
  pool: pg.Pool;
  config: Pick<AppConfig, 'transferToken' | 'backupKeep'>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD_HH-mm-ss` of a moment, in UTC so names sort and never repeat across a clock change. */
export function backupNameOf(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}_${pad(date.getUTCHours())}-${pad(date.getUTCMinutes())}-${pad(date.getUTCSeconds())}`;
}

function toApi(row: queries.BackupRow): BackupInfo {
  return {
    name: row.name,
    created: toIso(row.created_at),
    size: Number(row.size),
    schema_version: row.schema_version,
    counts: row.counts,
    checksum: row.checksum,
    created_by: row.created_by,
    origin: row.origin,
    transfers: row.transfers.map((t) => ({ to: t.to, at: toIso(t.at), by: t.by })),
  };
}

/**
 * Runs `work` on one connection holding the advisory lock `lock` (one such operation at a time, across
 * instances); 409 while another holds it. A connection whose rollback or unlock failed is discarded, which
 * also frees its locks.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  lock: number,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    if (!(await queries.tryLock(client, lock))) throw new HttpError(409, msg('backup.busy'));
    try {
      return await work(client);
    } catch (error) {
      // Before the unlock: an aborted transaction refuses it, and a discarded connection frees its lock
      // only once its server process has ended, after the answer, so the next request found it busy.
      await client.query('rollback').catch(() => (broken = true));
      throw error;
    } finally {
      await queries.unlock(client, lock).catch(() => (broken = true));
    }
  } finally {
    client.release(broken);
  }
}

const withBackupLock = <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) =>
  withAdvisoryLock(pool, BACKUP_LOCK, work);

export interface TakeOptions {
  actor: string;
  origin: 'manual' | 'scheduled' | 'transfer';
  /**
   * The moment a scheduled backup is for: its name comes from it, so two instances firing for the same
   * slot take it once. Without it the name is the snapshot's own time, moved on a second if taken.
   */
  slot?: Date;
}

/**
 * Takes a consistent snapshot of all product data while writes go on: one REPEATABLE READ transaction
 * copies every product table into the backup's schema, then checksums it. Returns null when a
 * scheduled slot was already taken by another instance.
 */
export async function takeBackup(deps: BackupDeps, options: TakeOptions): Promise<BackupInfo | null> {
  const info = await withBackupLock(deps.pool, async (client) => {
    await client.query('begin isolation level repeatable read');
    const snapshot = onlyRow((await client.query<{ now: Date }>('select now()')).rows).now;
    let name = backupNameOf(options.slot ?? snapshot);
    if (await queries.nameTaken(client, name)) {
      if (options.slot) {
        await client.query('rollback');
        return null;
      }
      // Two backups within one second: the second is named a second later.
      let moment = new Date(snapshot);
      do {
        moment = new Date(moment.getTime() + 1000);
        name = backupNameOf(moment);
      } while (await queries.nameTaken(client, name));
    }
    const schema = backupSchema(name);
    const columns = await backupColumns(client);
    const counts = await queries.copyProductTables(client, schema, columns);
    await queries.analyzeBackupTables(client, schema);
    const created = options.slot ?? snapshot;
    const header = { schema_version: SCHEMA_VERSION, name, created: created.toISOString(), counts };
    const checksum = await checksumOf(client, schema, header, deps.config.transferToken);
    const size = await queries.schemaSize(client, schema);
    await queries.insertBackup(client, {
      name,
      createdAt: created,
      schemaVersion: SCHEMA_VERSION,
      counts,
      checksum,
      size,
      createdBy: options.actor,
      origin: options.origin,
    });
    await client.query('commit');
    await applyRetention(client, deps.config.backupKeep);
    return name;
  });
  if (info === null) return null;
  return audited(deps.pool, options.actor, await getBackup(deps.pool, info));
}

/** Every backup taken or uploaded is on record (who, when, its counts and checksum). */
async function audited(pool: pg.Pool, actor: string, info: BackupInfo): Promise<BackupInfo> {
  await queries.auditBackup(pool, actor, 'create', info.name, {
    origin: info.origin,
    counts: info.counts,
    checksum: info.checksum,
  });
  return info;
}

/** Drops the backups beyond the retention setting; runs under the backup lock. */
async function applyRetention(client: pg.ClientBase, keep: number) {
  for (const name of await queries.backupsBeyond(client, keep)) {
    await client.query('begin');
    await queries.dropBackup(client, name);
    await client.query('commit');
  }
}

export async function getBackup(pool: pg.Pool, name: string): Promise<BackupInfo> {
  const row = await queries.findBackup(pool, name);
  if (!row) throw notFound(msg('backup.thing', { name }));
  return toApi(row);
}

export async function listBackups(pool: pg.Pool): Promise<{ files: BackupInfo[] }> {
  return { files: (await queries.listBackups(pool)).map(toApi) };
}

export async function listTransferred(pool: pg.Pool): Promise<TransferredList> {
  const rows = await queries.listTransferred(pool);
  return { files: rows.map((r) => ({ ...r, created: toIso(r.created), size: Number(r.size), at: toIso(r.at) })) };
}

export async function deleteBackup(pool: pg.Pool, actor: string, name: string): Promise<void> {
  await withBackupLock(pool, async (client) => {
    if (!(await queries.findBackup(client, name))) throw notFound(msg('backup.thing', { name }));
    await client.query('begin');
    await queries.dropBackup(client, name);
    await client.query('commit');
  });
  await queries.auditBackup(pool, actor, 'delete', name, null);
}

/**
 * Writes a stored backup as its (uncompressed) file to `out`, in one read-only transaction that keeps
 * the backup from being dropped meanwhile.
 */
export async function exportBackup(deps: BackupDeps, name: string, out: Writable): Promise<void> {
  const client = await deps.pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const row = await queries.findBackup(client, name);
    if (!row) throw notFound(msg('backup.thing', { name }));
    const schema = backupSchema(name);
    await queries.lockBackupTables(client, schema);
    await writeBackupFile(
      client,
      schema,
      { schema_version: row.schema_version, name, created: toIso(row.created_at), counts: row.counts },
      out,
      deps.config.transferToken,
    );
    await client.query('commit');
    client.release();
  } catch (error) {
    // The connection may be in the middle of a COPY: discard it rather than reuse it.
    client.release(true);
    throw error;
  }
}

/** A stored backup as a gzip-compressed file stream; 404 before any byte when there is no such backup. */
export async function backupDownload(
  deps: BackupDeps,
  name: string,
): Promise<{ stream: Readable; done: Promise<void> }> {
  await getBackup(deps.pool, name);
  return backupFileStream((out) => exportBackup(deps, name, out));
}

/**
 * Stores an uploaded backup file as a backup, after checking all of it (format, schema version, tables,
 * counts, checksum, signature); anything wrong rolls everything back.
 */
export async function uploadBackup(deps: BackupDeps, actor: string, input: Readable): Promise<BackupInfo> {
  const name = await withBackupLock(deps.pool, async (client) => {
    await client.query('begin');
    const { header, sha256 } = await readBackupFile(client, input, {
      schemaVersion: SCHEMA_VERSION,
      signingKey: deps.config.transferToken,
      prepare: async (head, columns) => {
        if (await queries.nameTaken(client, head.name))
          throw new HttpError(409, msg('backup.exists', { name: head.name }));
        const schema = backupSchema(head.name);
        await queries.createBackupTables(client, schema, columns);
        return schema;
      },
    });
    await queries.analyzeBackupTables(client, backupSchema(header.name));
    const size = await queries.schemaSize(client, backupSchema(header.name));
    await queries.insertBackup(client, {
      name: header.name,
      createdAt: new Date(header.created),
      schemaVersion: header.schema_version,
      counts: header.counts,
      checksum: sha256,
      size,
      createdBy: actor,
      origin: 'upload',
    });
    await client.query('commit');
    return header.name;
  });
  return audited(deps.pool, actor, await getBackup(deps.pool, name));
}
