import {
  ACTUAL_STATE,
  APP_VERSION,
  type InstanceStatus,
  type MessageLanguage,
  publicationHeader as publicationSchema,
  type PublicationHeader,
  type RestoreResult,
  type TransferRequest,
  type TransferTarget,
} from '@dp/contract';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { AppConfig } from '../../config.js';
import { assertInHistory } from '../../db/as-of.js';
import { HttpError, msg, notFound, type Message } from '../../http/errors.js';
import { reasonOf } from '../../http/outbound.js';
import { backupColumns, readBackupFile } from '../backups/backup-file.js';
import * as backupQueries from '../backups/backups.queries.js';
import { backupDownload, getBackup, takeBackup, withAdvisoryLock } from '../backups/backups.service.js';
import { SCHEMA_VERSION } from '../backups/schema-version.js';
import { backupSchema } from '../backups/states.js';
import { errorFindings } from '../consistency/consistency.service.js';
import { toIso } from '../../db/time.js';
import * as queries from './transfer.queries.js';

/** Advisory-lock key held while an import replaces the data: one import at a time, across instances. */
const IMPORT_LOCK = 7_336_003;
/** A whole L-size state takes well under a minute; a target that has not answered by then is stuck. */
const TRANSFER_TIMEOUT_MS = 10 * 60_000;

export interface TransferDeps {
  pool: pg.Pool;
  config: Pick<AppConfig, 'deployment' | 'transferToken' | 'transferTargets' | 'backupKeep' | 'publicUrl'>;
}

const TARGET_NAMES: Record<TransferTarget, string> = { www: 'LIVE', demo: 'DEMO' };
const TARGET_VARIABLES: Record<TransferTarget, string> = { www: 'LIVE_URL', demo: 'DEMO_URL' };

/** True when `header` is `Bearer <the transfer token>`, compared in constant time. */
export function isTransferToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7), 'utf8');
  const expected = Buffer.from(token, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Refuses a request that does not carry this installation's transfer token. */
export function assertTransferToken(config: TransferDeps['config'], header: string | undefined) {
  if (!config.transferToken) throw new HttpError(403, msg('import.off'));
  if (!isTransferToken(header, config.transferToken)) throw new HttpError(401, msg('import.badToken'));
}

/** The `x-publication` header work sends with the file: URI-encoded JSON of who requested and approved it. */
function publicationOf(header: string | string[] | undefined) {
  let value: unknown = null;
  try {
    if (typeof header === 'string') value = JSON.parse(decodeURIComponent(header));
  } catch {
    // Not JSON: refused below like any other bad value.
  }
  const parsed = publicationSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, msg('import.badPublication'));
  return parsed.data;
}

/**
 * Runs `work` in one transaction while holding the import lock (one replacement of the data at a time,
 * across instances): committed when it returns, rolled back when it throws or the process dies.
 */
function withImportLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withAdvisoryLock(pool, IMPORT_LOCK, async (client) => {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  });
}

/**
 * Replaces this instance's product data with the backup file in `input`, atomically: the file is read
 * whole into a staging schema and checked (schema version, counts, checksum, signature) inside one
 * transaction, which then swaps the rows and commits. A bad file, a lost connection or a killed
 * process rolls it all back; readers see the old state until the commit and the new one after. Who
 * requested and approved the publication is recorded with it, and audited.
 */
export async function importState(
  deps: TransferDeps,
  input: Readable,
  publicationHeader: string | string[] | undefined,
) {
  if (deps.config.deployment === 'work') throw new HttpError(403, msg('import.onWork'));
  const publication = publicationOf(publicationHeader);
  let started = 0;
  let staged = 0;
  const { header } = await withImportLock(deps.pool, async (client) => {
    const staging = `import_${randomBytes(6).toString('hex')}`;
    const columns = await backupColumns(client);
    started = performance.now();
    const file = await readBackupFile(client, input, {
      schemaVersion: SCHEMA_VERSION,
      signingKey: deps.config.transferToken,
      prepare: async (_header, cols) => {
        await backupQueries.createBackupTables(client, staging, cols);
        return staging;
      },
    });
    staged = performance.now();
    try {
      await queries.replaceProductData(client, staging, columns);
    } catch (error) {
      if (error instanceof queries.ForeignKeyBroken)
        throw new HttpError(400, msg('backup.fileDamaged', { reason: `a row breaks ${error.message}` }));
      throw error;
    }
    await queries.recordImport(client, { name: file.header.name, ...publication, counts: file.header.counts });
    return file;
  });
  const timing = { stagedMs: Math.round(staged - started), swappedMs: Math.round(performance.now() - staged) };
  return { name: header.name, counts: header.counts, timing };
}

/**
 * Makes a backup, or the catalog at a point in time ('@' and the time), the actual state of work (issue 41).
 * A backup of the state before is taken first, so restoring that backup undoes the restore. The data is
 * replaced in one transaction, like an import: readers see the old state or the new one, a killed process
 * leaves the old one whole, and the history records the restore as one change set.
 */
export async function restoreState(deps: TransferDeps, actor: string, source: string): Promise<RestoreResult> {
  const at = source.startsWith('@') ? source.slice(1) : null;
  // Checked before the backup is taken: a bad request changes nothing.
  if (at !== null) assertInHistory(at, await queries.historyBounds(deps.pool, at));
  else if (!(await backupQueries.findBackup(deps.pool, source))) throw notFound(msg('backup.thing', { name: source }));
  const before = await takeBackup(deps, { actor, origin: 'manual' });
  // takeBackup answers null only for a scheduled slot already taken; this one names none.
  if (!before) throw new Error('the backup before the restore was not taken');
  return withImportLock(deps.pool, async (client) => {
    const staging = `restore_${randomBytes(6).toString('hex')}`;
    const columns = await backupColumns(client);
    let from: { schema: string } | { at: string };
    if (at !== null) from = { at };
    else {
      const schema = backupSchema(source);
      // A backup dropped meanwhile (retention) must not vanish under the copy.
      if (!(await backupQueries.findBackup(client, source))) throw notFound(msg('backup.thing', { name: source }));
      await backupQueries.lockBackupTables(client, schema);
      from = { schema };
    }
    const counts = await queries.stageState(client, staging, columns, from);
    await queries.replaceProductData(client, staging, columns);
    await queries.auditRestore(client, actor, source, { backup_before: before.name, counts });
    return { restored: source, backup: before.name, counts };
  });
}

/** What monitoring asks of a target: is it up, is its database, when did its data last change. */
export async function instanceStatus(deps: TransferDeps): Promise<InstanceStatus> {
  try {
    const [modified, last] = await Promise.all([queries.modificationTime(deps.pool), queries.lastImport(deps.pool)]);
    return {
      deployment: deps.config.deployment,
      version: APP_VERSION,
      database: 'ok',
      modification_time: modified ? toIso(modified) : null,
      last_publication: last
        ? {
            backup: last.backup_name,
            requested_by: last.by,
            approved_by: last.approved_by,
            published_at: toIso(last.at),
          }
        : null,
    };
  } catch {
    return {
      deployment: deps.config.deployment,
      version: APP_VERSION,
      database: 'unavailable',
      modification_time: null,
      last_publication: null,
    };
  }
}

export function transferTargets(config: TransferDeps['config'], approval: boolean) {
  return {
    targets: (['www', 'demo'] as const).map((to) => ({ to, url: config.transferTargets[to] ?? null })),
    approval,
  };
}

/**
 * Live is what users read: consistency errors in the state to publish stop a transfer to live (409 with
 * the findings) unless the admin accepts them.
 */
export async function assertPublishable(deps: TransferDeps, request: TransferRequest, language: MessageLanguage) {
  if (request.to !== 'www' || request.accept_findings) return;
  if (request.bkp !== ACTUAL_STATE) await getBackup(deps.pool, request.bkp);
  const schema = request.bkp === ACTUAL_STATE ? 'public' : backupSchema(request.bkp);
  const { findings, count } = await errorFindings(deps.pool, language, schema);
  if (count > 0) throw new HttpError(409, msg('transfer.findings', { count }), { findings });
}

/**
 * Publishes a backup (or the actual state, which is first taken as a backup so what was published
 * stays on record) to live or demo: streams its file to the target's import, with who requested and
 * who approved it, and reports what the target said. Every attempt is recorded and audited. Without
 * four eyes the admin who transfers approves their own transfer.
 */
export async function transfer(
  deps: TransferDeps,
  actor: string,
  request: TransferRequest,
  { language = 'en', approvedBy = actor }: { language?: MessageLanguage; approvedBy?: string } = {},
) {
  const { config } = deps;
  if (config.deployment !== 'work') throw new HttpError(403, msg('deployment.workOnly'));
  const target = TARGET_NAMES[request.to];
  if (!config.transferToken) throw new HttpError(409, msg('transfer.noToken'));
  const url = config.transferTargets[request.to];
  if (!url) throw new HttpError(409, msg('transfer.noTarget', { target, variable: TARGET_VARIABLES[request.to] }));
  if (url === config.publicUrl) throw new HttpError(409, msg('transfer.toSelf', { target }));

  await assertPublishable(deps, request, language);

  const backup =
    request.bkp === ACTUAL_STATE
      ? await takeBackup({ pool: deps.pool, config }, { actor, origin: 'transfer' })
      : await getBackup(deps.pool, request.bkp);
  if (!backup) throw new HttpError(409, msg('backup.busy'));

  const fail = async (status: number, text: Message): Promise<never> => {
    await queries.recordTransfer(deps.pool, {
      name: backup.name,
      to: request.to,
      url,
      by: actor,
      ok: false,
      message: text.render('en'),
    });
    throw new HttpError(status, text);
  };

  const { stream, done } = await backupDownload({ pool: deps.pool, config }, backup.name);
  let response: Response;
  try {
    response = await fetch(`${url}/api/db/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.transferToken}`,
        'content-type': 'application/octet-stream',
        'x-publication': encodeURIComponent(
          JSON.stringify({ requested_by: actor, approved_by: approvedBy } satisfies PublicationHeader),
        ),
        'accept-language': 'en',
      },
      body: stream as unknown as ReadableStream,
      duplex: 'half',
      signal: AbortSignal.timeout(TRANSFER_TIMEOUT_MS),
    } as RequestInit);
  } catch (error) {
    stream.destroy();
    return fail(502, msg('transfer.unreachable', { target, url, reason: reasonOf(error) }));
  }
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    code?: unknown;
    counts?: Record<string, number>;
  } | null;
  if (!response.ok) {
    stream.destroy();
    if (body?.code === 'import.badToken' || body?.code === 'import.off')
      return fail(502, msg('transfer.refusedToken', { target }));
    const reason = typeof body?.message === 'string' ? body.message.slice(0, 500) : `HTTP ${response.status}`;
    return fail(502, msg('transfer.refused', { target, reason }));
  }
  await done;
  const at = await queries.recordTransfer(deps.pool, {
    name: backup.name,
    to: request.to,
    url,
    by: actor,
    ok: true,
    message: 'Transfer Complete',
  });
  return {
    name: backup.name,
    to: request.to,
    url,
    at: toIso(at),
    counts: body?.counts ?? backup.counts,
    message: msg('transfer.complete'),
  };
}
