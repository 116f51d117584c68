import { ACTUAL_STATE, type MessageLanguage, type PublishRequest, type TransferRequest } from '@dp/contract';
import type pg from 'pg';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { toIso } from '../../db/time.js';
import { HttpError, msg, notFound, numbered } from '../../http/errors.js';
import { getBackup, takeBackup } from '../backups/backups.service.js';
import { planReport } from '../delta-report/delta-report.service.js';
import * as transfer from '../transfer/transfer.service.js';
import * as queries from './publish-requests.queries.js';
import type { PublishRequestRow } from './publish-requests.queries.js';

export interface PublishDeps {
  pool: pg.Pool;
  config: AppConfig;
}

/** Whether a transfer to `to` needs another admin's approval: only live, and only with PUBLISH_APPROVAL. */
export const needsApproval = (config: AppConfig, to: TransferRequest['to']) =>
  to === 'www' && config.publishApproval && config.deployment === 'work';

const toRequest = (row: PublishRequestRow): PublishRequest => ({
  id: row.id,
  href: `/api/publish-requests/${row.id}`,
  status: row.status as PublishRequest['status'],
  backup: row.backup_name,
  reason: row.reason,
  requested_by: row.requested_by,
  requested_at: toIso(row.requested_at),
  expires_at: toIso(row.expires_at),
  decided_by: row.decided_by,
  decided_at: row.decided_at ? toIso(row.decided_at) : null,
  comment: row.comment,
  message: row.message,
});

/**
 * Asks for a publication to live. The request always names a fixed backup: 'actual' is taken as a
 * backup first, so what the reviewer compares is exactly what approval publishes.
 */
export async function requestPublication(
  deps: PublishDeps,
  actor: string,
  request: TransferRequest,
  language: MessageLanguage,
) {
  if (!request.reason) throw new HttpError(400, msg('publish.reasonRequired'));
  // Checked as a transfer would be; approval then publishes what was checked.
  await transfer.assertPublishable(deps, request, language);
  const backup =
    request.bkp === ACTUAL_STATE
      ? await takeBackup(deps, { actor, origin: 'transfer' })
      : await getBackup(deps.pool, request.bkp);
  if (!backup) throw new HttpError(409, msg('backup.busy'));
  const row = await queries.createRequest(deps.pool, {
    backup: backup.name,
    reason: request.reason,
    by: actor,
    hours: deps.config.publishRequestHours,
  });
  return toRequest(row);
}

export async function listRequests(pool: pg.Pool) {
  return (await queries.listRequests(pool)).map(toRequest);
}

export const openCount = (pool: pg.Pool) => queries.openCount(pool);

async function requestOf(pool: pg.Pool, id: number): Promise<PublishRequestRow> {
  const row = await queries.getRequest(pool, id);
  if (!row) throw notFound(numbered(msg('publish.request'), id));
  return row;
}

/** The delta report's plan between what live holds now (the last backup published there) and the request's backup. */
export async function planRequestReport(db: Db, pool: pg.Pool, id: number, type: 'pdf' | 'html') {
  const row = await requestOf(pool, id);
  const live = await queries.lastPublished(pool);
  if (!live) throw new HttpError(409, msg('publish.noBaseline'));
  return planReport(db, { bkp1: live, bkp2: row.backup_name, type, compareTransferred: false });
}

/**
 * Approves or rejects an open request, as an admin other than the requester. Approving publishes
 * exactly the named backup, recorded on live with both names; the request then reads done or failed.
 */
export async function decide(
  deps: PublishDeps,
  id: number,
  actor: string,
  decision: 'approved' | 'rejected',
  comment: string,
): Promise<PublishRequest> {
  const row = await requestOf(deps.pool, id);
  if (row.requested_by === actor) throw new HttpError(403, msg('publish.ownRequest'));
  if (!(await queries.decide(deps.pool, { id, status: decision, by: actor, comment }))) {
    const now = await requestOf(deps.pool, id);
    throw new HttpError(409, msg('publish.decided', { status: now.status }));
  }
  if (decision === 'approved') {
    try {
      // Its consistency findings were checked, and accepted if need be, when it was requested.
      const result = await transfer.transfer(
        deps,
        row.requested_by,
        { to: 'www', bkp: row.backup_name, accept_findings: true },
        { approvedBy: actor },
      );
      await queries.finish(deps.pool, { id, status: 'done', by: actor, message: result.message.render('en') });
    } catch (error) {
      const message = error instanceof HttpError ? error.text.render('en') : 'The transfer failed.';
      await queries.finish(deps.pool, { id, status: 'failed', by: actor, message });
    }
  }
  return toRequest(await requestOf(deps.pool, id));
}
