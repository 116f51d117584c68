import type { AuditEntry } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import * as queries from './audit.queries.js';
import type { AuditFilter } from './audit.queries.js';

/** The audit trail as the API shows it, newest first. */
export async function listEntries(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  const rows = await queries.auditEntries(db, filter);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
  }));
}
