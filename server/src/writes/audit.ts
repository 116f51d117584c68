import { sql } from 'drizzle-orm';
import type { Tx } from '../db/connection.js';
import { auditLog, dataInfo } from '../db/schema.js';

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
  await tx.insert(auditLog).values(
    changes.map((c) => ({
      actor: c.actor,
      action: c.action,
      entity: c.entity,
      entityId: String(c.entityId),
      before: c.before ?? null,
      after: c.after ?? null,
    })),
  );
  // clock_timestamp() rather than now(): two quick transactions must never share a modification time.
  await tx.update(dataInfo).set({
    modificationTime: sql`greatest(clock_timestamp(), ${dataInfo.modificationTime} + interval '1 microsecond')`,
  });
}

export const recordChange = (tx: Tx, change: Change) => recordChanges(tx, [change]);
