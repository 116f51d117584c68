import { HISTORY_ENTITIES, type AuditEntry, type FieldChange, type HistoryPage, type HistoryQuery } from '@dp/contract';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { itemKinds, href as hrefOf, type ItemKind } from '../../db/kinds.js';
import { decodeCursor, pageOf } from '../../http/cursor.js';
import { badRequest, msg } from '../../http/errors.js';
import * as queries from './audit.queries.js';

const KNOWN: readonly string[] = HISTORY_ENTITIES;
const cursor = z.tuple([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields that differ between the row before and after; a create lists only after, a delete only before. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const inOld = field in old;
    const inNow = field in now;
    if (inOld && inNow && isDeepStrictEqual(old[field], now[field])) continue;
    changes.push({ field, ...(inOld ? { before: old[field] } : {}), ...(inNow ? { after: now[field] } : {}) });
  }
  return changes;
}

/** Where the entity of an entry is read, while it exists. */
function entityHref(row: queries.HistoryRow): string | null {
  if (!row.present) return null;
  const id = Number(row.entity_id);
  const kind = row.entity.replace(/_version$/, '') as ItemKind;
  if (!itemKinds.includes(kind)) {
    switch (row.entity) {
      case 'compatibility_info':
        return hrefOf.compatibilityInfo(id);
      case 'reference':
        return hrefOf.reference(id);
      case 'comment':
        return `/api/commentaries/${id}`;
      // A pair's id is its href.
      default:
        return row.entity_id;
    }
  }
  return row.entity.endsWith('_version') ? hrefOf.version(kind, id) : hrefOf.item(kind, id);
}

/** The history as the API shows it: one page, newest first, with the fields each entry changed. */
export async function historyPage(db: Db, query: HistoryQuery): Promise<HistoryPage> {
  if (query.entity !== undefined && !KNOWN.includes(query.entity))
    throw badRequest(msg('history.unknownEntity', { entity: query.entity, known: HISTORY_ENTITIES.join(', ') }));
  if (query.from !== undefined && query.to !== undefined && Date.parse(query.from) > Date.parse(query.to))
    throw badRequest(msg('history.fromAfterTo', { from: query.from, to: query.to }));
  const beforeId = query.after === undefined ? undefined : decodeCursor(query.after, cursor)[0];
  const rows = await queries.historyEntries(db, {
    entity: query.entity,
    entityId: query.entity_id,
    actor: query.actor,
    from: query.from,
    to: query.to,
    beforeId,
    limit: query.limit + 1,
  });
  return pageOf(
    rows,
    query.limit,
    (row): AuditEntry => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      href: entityHref(row),
      change_set: row.change_set,
      changes: fieldChanges(row.before, row.after),
      before: row.before,
      after: row.after,
    }),
    (row) => [row.id],
  );
}
