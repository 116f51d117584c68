import { sql } from 'drizzle-orm';
import type { Tx } from '../db/connection.js';
import { auditLog, dataInfo } from '../db/schema.js';

/**
 * One audit entry. recordChanges sends these objects as they are, as JSON, and the insert reads them by
 * these field names: a renamed field must be renamed in its SQL too (the audit API tests would fail).
 */
export interface Change {
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a change in the audit log and moves the data's modification time, in the caller's
 * transaction: the change, its audit entry and the signal to refresh are committed together.
 */
export async function recordChanges(tx: Tx, changes: Change[]) {
  if (changes.length === 0) return;
  // One JSON parameter for all entries: Drizzle's multi-row insert took 9 ms of the event loop to
  // build for a 500-row save (3,000 parameters), while every other request waited. The changes are
  // serialized as they are (no copy renamed to the columns); an absent before or after reads as null.
  await tx.execute(sql`
    insert into ${auditLog} (actor, action, entity, entity_id, before, after)
    select e.actor, e.action, e.entity, e."entityId", e.before, e.after
    from rows from (jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
           as (actor text, action text, entity text, "entityId" text, before jsonb, after jsonb))
         with ordinality as e(actor, action, entity, "entityId", before, after, n)
    order by e.n`);
  // clock_timestamp() rather than now(): two quick transactions must never share a modification time.
  await tx.update(dataInfo).set({
    modificationTime: sql`greatest(clock_timestamp(), ${dataInfo.modificationTime} + interval '1 microsecond')`,
  });
}

export const recordChange = (tx: Tx, change: Change) => recordChanges(tx, [change]);
