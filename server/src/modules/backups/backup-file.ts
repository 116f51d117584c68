import { BACKUP_NAME_PATTERN, BACKUP_TABLES, type BackupTable } from '@dp/contract';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { HttpError, msg } from '../../http/errors.js';

/**
 * The backup file: gzip of lines.
 *   1. a JSON header: format, schema version, name, creation time, row counts;
 *   2. per table `#table <name> <col>,<col>…`, its rows in PostgreSQL's COPY text format (one row per
 *      line: tabs, newlines and backslashes inside values are escaped), then `\.`;
 *   3. `#end {"sha256": …, "hmac": …}`: the SHA-256 of every byte above, and its HMAC with the
 *      transfer token when one is configured, so damage and tampering are both found.
 * COPY moves the rows in bulk on both sides, and the file is streamed: no snapshot is held in memory.
 */
export const BACKUP_FORMAT = 'digital-portfolio-backup';
const FORMAT_VERSION = 1;
const END_OF_TABLE = '\\.';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  schema_version: string;
  name: string;
  created: string;
  counts: Record<string, number>;
}

const quoted = pg.escapeIdentifier;

/** The columns a backup holds: everything but the generated ones, which the database derives again. */
export async function backupColumns(client: pg.ClientBase): Promise<Record<BackupTable, string[]>> {
  const result = await client.query<{ table_name: string; columns: string[] }>(
    `select table_name, array_agg(column_name::text order by ordinal_position) as columns
       from information_schema.columns
      where table_schema = 'public' and table_name = any($1) and is_generated = 'NEVER'
      group by table_name`,
    [BACKUP_TABLES],
  );
  const byTable = Object.fromEntries(result.rows.map((r) => [r.table_name, r.columns]));
  return Object.fromEntries(BACKUP_TABLES.map((t) => [t, byTable[t] ?? []])) as Record<BackupTable, string[]>;
}

/** Resolves when `out` takes more data; rejects when it is closed first (a destroyed stream never drains). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the backup file was not read to its end'));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

const signatureOf = (sha256: string, key: string | undefined) =>
  key ? createHmac('sha256', key).update(sha256).digest('hex') : null;

/**
 * Writes the backup in `schema` (its tables hold the backup columns) as an uncompressed backup file to
 * `out` and returns its SHA-256. Runs on `client`, inside the caller's transaction when there is one.
 */
export async function writeBackupFile(
  client: pg.ClientBase,
  schema: string,
  header: Omit<BackupHeader, 'format' | 'version'>,
  out: Writable,
  signingKey: string | undefined,
): Promise<string> {
  const hash = createHash('sha256');
  const send = async (chunk: string | Buffer) => {
    if (out.destroyed) throw new Error('the backup file was not read to its end');
    if (!out.write(chunk)) await drained(out);
  };
  const write = async (chunk: string | Buffer) => {
    hash.update(chunk);
    await send(chunk);
  };
  const columns = await backupColumns(client);
  // A static table scanned twice must give its rows in the same order, or one backup would have two checksums.
  await client.query('set synchronize_seqscans = off');
  // Counts in table order: jsonb hands them back in an order of its own, and the checksum covers the header.
  const counts = Object.fromEntries(BACKUP_TABLES.map((t) => [t, header.counts[t] ?? 0]));
  await write(`${JSON.stringify({ format: BACKUP_FORMAT, version: FORMAT_VERSION, ...header, counts })}\n`);
  for (const table of BACKUP_TABLES) {
    const cols = columns[table];
    await write(`#table ${table} ${cols.join(',')}\n`);
    const rows = client.query(
      copyTo(`copy (select ${cols.map(quoted).join(',')} from ${quoted(schema)}.${quoted(table)}) to stdout`),
    );
    for await (const chunk of rows as AsyncIterable<Buffer>) await write(chunk);
    await write(`${END_OF_TABLE}\n`);
  }
  await client.query('reset synchronize_seqscans');
  const sha256 = hash.digest('hex');
  await send(`#end ${JSON.stringify({ sha256, hmac: signatureOf(sha256, signingKey) })}\n`);
  return sha256;
}

/** The SHA-256 a backup's file will have, without writing it anywhere. */
export async function checksumOf(
  client: pg.ClientBase,
  schema: string,
  header: Omit<BackupHeader, 'format' | 'version'>,
  signingKey: string | undefined,
) {
  const sink = new PassThrough();
  sink.resume();
  return writeBackupFile(client, schema, header, sink, signingKey);
}

/** The gzip-compressed backup file as a stream, for a download or a transfer; `done` settles when it is written. */
export function backupFileStream(produce: (out: Writable) => Promise<unknown>): {
  stream: Readable;
  done: Promise<void>;
} {
  const raw = new PassThrough();
  const gzip = zlib.createGzip({ level: 3 });
  const done = (async () => {
    try {
      await produce(raw);
      raw.end();
    } catch (error) {
      gzip.destroy(error as Error);
      throw error;
    }
  })();
  done.catch(() => {});
  raw.pipe(gzip);
  // A reader that goes away (a cancelled download, a target that answered early) stops the writer,
  // whose next write then fails and releases its database connection.
  gzip.on('close', () => {
    if (!raw.writableFinished) raw.destroy(new Error('the backup file was not read to its end'));
  });
  raw.on('error', () => {});
  return { stream: gzip, done };
}

const damaged = (reason: string) => new HttpError(400, msg('backup.fileDamaged', { reason }));
const notBackup = () => new HttpError(400, msg('backup.fileNotBackup'));

export interface ReadOptions {
  /** The schema version this instance runs; another one is refused before anything is written. */
  schemaVersion: string;
  /** The transfer token; when set, the file must carry its signature. */
  signingKey: string | undefined;
  /** Called once the header is read and checked: create the tables to fill, in `schema`. */
  prepare: (header: BackupHeader, columns: Record<BackupTable, string[]>) => Promise<string>;
}

/**
 * Reads a (gzip-compressed) backup file from `input` into the tables `prepare` makes, on `client`, and
 * checks it whole: format, schema version, every table, row counts, checksum and signature. Any
 * failure throws a 400 naming what is wrong; the caller's transaction must then be rolled back.
 */
export async function readBackupFile(
  client: pg.ClientBase,
  input: Readable,
  options: ReadOptions,
): Promise<{ header: BackupHeader; sha256: string }> {
  const gunzip = zlib.createGunzip();
  let inputError: Error | undefined;
  input.on('error', (err) => {
    inputError = err;
    gunzip.destroy(err);
  });
  input.pipe(gunzip);
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity });
  const hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let schema = '';
  let columns: Record<BackupTable, string[]> | undefined;
  let current:
    { table: BackupTable; copy: Writable; rows: number; buffer: string[]; finished: Promise<void> } | undefined;
  const seen = new Set<string>();
  let trailer: { sha256?: unknown; hmac?: unknown } | undefined;

  const flush = async () => {
    if (!current || current.buffer.length === 0) return;
    const chunk = current.buffer.join('');
    current.buffer = [];
    if (!current.copy.write(chunk)) await once(current.copy, 'drain');
  };

  try {
    for await (const line of lines) {
      if (trailer) throw damaged('data after the end mark');
      if (!header) {
        header = parseHeader(line, options.schemaVersion);
        hash.update(`${line}\n`);
        columns = await backupColumns(client);
        schema = await options.prepare(header, columns);
        continue;
      }
      if (current) {
        hash.update(`${line}\n`);
        if (line === END_OF_TABLE) {
          await flush();
          current.copy.end();
          await current.finished;
          if (current.rows !== header.counts[current.table]) {
            throw damaged(
              `table ${current.table} has ${current.rows} rows, the header says ${header.counts[current.table]}`,
            );
          }
          current = undefined;
          continue;
        }
        current.rows++;
        current.buffer.push(`${line}\n`);
        if (current.buffer.length >= 2000) await flush();
        continue;
      }
      if (line.startsWith('#table ')) {
        hash.update(`${line}\n`);
        const [, table = '', cols = ''] = line.split(' ');
        const expected = columns?.[table as BackupTable];
        if (!expected || seen.has(table)) throw damaged(`unexpected table '${table.slice(0, 40)}'`);
        if (cols !== expected.join(','))
          throw new HttpError(
            400,
            msg('backup.schemaMismatch', { theirs: header.schema_version, ours: options.schemaVersion }),
          );
        seen.add(table);
        const copy = client.query(
          copyFrom(`copy ${quoted(schema)}.${quoted(table)} (${expected.map(quoted).join(',')}) from stdin`),
        );
        const finished = new Promise<void>((resolve, reject) => {
          copy.on('finish', resolve);
          copy.on('error', reject);
        });
        // A COPY that fails (a malformed row) rejects `finished`; keep it from being unhandled until awaited.
        finished.catch(() => {});
        current = { table: table as BackupTable, copy, rows: 0, buffer: [], finished };
        continue;
      }
      if (line.startsWith('#end ')) {
        trailer = parseJson(line.slice(5)) as typeof trailer;
        if (!trailer || typeof trailer !== 'object') throw damaged('unreadable end mark');
        continue;
      }
      throw damaged('unexpected line between tables');
    }
  } catch (error) {
    if (current) current.copy.destroy();
    if (error instanceof HttpError) throw error;
    if (inputError && !(error instanceof Error && 'code' in error && String(error.code).startsWith('Z_')))
      throw inputError;
    if (error instanceof Error && 'code' in error) {
      const code = String(error.code);
      if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE')
        throw header ? damaged('the compressed data is cut off or corrupt') : notBackup();
      // A row PostgreSQL cannot read (22P02 bad value, 22P04 bad COPY line, 23… a broken constraint).
      if (/^2[23]/.test(code)) throw damaged(`a row of ${current?.table ?? 'a table'} is not valid`);
    }
    throw error;
  }
  if (inputError) throw inputError;
  if (!header) throw new HttpError(400, msg('backup.fileEmpty'));
  if (current) throw damaged(`table ${current.table} is cut off`);
  const missing = BACKUP_TABLES.filter((t) => !seen.has(t));
  if (missing.length > 0) throw damaged(`tables missing: ${missing.join(', ')}`);
  if (!trailer) throw damaged('the end mark is missing');
  const sha256 = hash.digest('hex');
  if (typeof trailer.sha256 !== 'string' || !sameHex(trailer.sha256, sha256))
    throw new HttpError(400, msg('backup.fileTampered'));
  const expectedSignature = signatureOf(sha256, options.signingKey);
  if (expectedSignature && (typeof trailer.hmac !== 'string' || !sameHex(trailer.hmac, expectedSignature))) {
    throw new HttpError(400, msg('backup.fileSignature'));
  }
  return { header, sha256 };
}

function sameHex(a: string, b: string) {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseHeader(line: string, schemaVersion: string): BackupHeader {
  const header = parseJson(line) as Partial<BackupHeader> | undefined;
  if (!header || typeof header !== 'object' || header.format !== BACKUP_FORMAT) throw notBackup();
  if (header.version !== FORMAT_VERSION) throw damaged(`file format ${String(header.version)} is not supported`);
  if (header.schema_version !== schemaVersion) {
    throw new HttpError(
      400,
      msg('backup.schemaMismatch', { theirs: String(header.schema_version).slice(0, 60), ours: schemaVersion }),
    );
  }
  if (typeof header.name !== 'string' || !BACKUP_NAME_PATTERN.test(header.name))
    throw damaged('the header has no valid backup name');
  if (typeof header.created !== 'string' || Number.isNaN(Date.parse(header.created)))
    throw damaged('the header has no valid creation time');
  const counts = header.counts;
  if (
    !counts ||
    typeof counts !== 'object' ||
    !BACKUP_TABLES.every((t) => Number.isInteger(counts[t]) && (counts[t] ?? -1) >= 0)
  ) {
    throw damaged('the header has no valid row counts');
  }
  return header as BackupHeader;
}
