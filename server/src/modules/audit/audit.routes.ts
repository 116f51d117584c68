import { apiError, auditEntry, idParam } from '@dp/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { toIso, type DbTime } from '../time.js';

// Strict like every request body: a misspelt filter is refused rather than silently ignored.
const query = z
  .object({
    entity: z.string().trim().min(1).max(100).optional(),
    entity_id: z.string().trim().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    before_id: idParam.optional(),
  })
  .strict();

type AuditRow = {
  id: number;
  at: DbTime;
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
};

/** The audit trail for admins, newest first, filterable by entity; page with before_id. */
export function auditRoutes(app: ZodApp, { db }: AppContext) {
  app.get('/api/audit', {
    schema: {
      tags: ['audit'],
      summary: 'Who changed what, when, before and after',
      querystring: query,
      response: { 200: z.array(auditEntry), 400: apiError, 401: apiError, 403: apiError },
    },
    onRequest: requireRole('admin'),
    handler: async (req) => {
      const { entity, entity_id, limit, before_id } = req.query;
      const result = await db.execute<AuditRow>(sql`
        select id, at, actor, action, entity, entity_id, before, after from audit_log
        where true
          ${entity ? sql`and entity = ${entity}` : sql``}
          ${entity_id ? sql`and entity_id = ${entity_id}` : sql``}
          ${before_id ? sql`and id < ${before_id}` : sql``}
        order by id desc limit ${limit}`);
      return result.rows.map((row: AuditRow) => ({ ...row, id: Number(row.id), at: toIso(row.at) }));
    },
  });
}
