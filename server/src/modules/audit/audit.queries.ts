import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  /** Only entries older than this one: the next page. */
  beforeId?: number;
  limit: number;
}

/** Audit entries matching the filter, newest first. */
export async function auditEntries(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.beforeId) conditions.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
