import { sql } from 'drizzle-orm';
import { href, type ItemKind } from '../db/kinds.js';
import { intArray } from '../db/sql.js';
import type { Change } from './audit.js';
import type { Executor } from '../db/connection.js';

type Pair = { from_id: number; from_kind: ItemKind; to_id: number; to_kind: ItemKind };

/**
 * Audit entries for the rows the database deletes along with others (ON DELETE CASCADE), read just
 * before the delete, so that the audit log names every row that went. A compatibility's references
 * are part of its own entry.
 */
export const cascadedDeletes = {
  /** The comments of the given compatibilities. */
  async ofCompatibilities(tx: Executor, actor: string, ids: readonly number[]): Promise<Change[]> {
    if (ids.length === 0) return [];
    const rows = await tx.execute<{ id: number; compatibility_id: number; comment: string; author: string }>(
      sql`select id, compatibility_id, comment, author from comments where compatibility_id = any(${intArray(ids)}) order by id`,
    );
    return rows.rows.map(({ id, ...before }) => ({ actor, action: 'delete', entity: 'comment', entityId: id, before }));
  },

  /** The containments of the given items, as parent or as child. */
  async ofItems(tx: Executor, actor: string, ids: readonly number[]): Promise<Change[]> {
    if (ids.length === 0) return [];
    const rows = await tx.execute<Pair>(sql`
      select parent_item_id as from_id, parent_kind as from_kind, child_item_id as to_id, child_kind as to_kind
      from item_containments where parent_item_id = any(${intArray(ids)}) or child_item_id = any(${intArray(ids)})`);
    return rows.rows.map((r) => ({
      actor,
      action: 'delete',
      entity: 'containment',
      entityId: href.containment(r.from_kind, r.from_id, r.to_kind, r.to_id),
      before: { related: true },
    }));
  },

  /** The version relations of the given versions, from either side. */
  async ofVersions(tx: Executor, actor: string, ids: readonly number[]): Promise<Change[]> {
    if (ids.length === 0) return [];
    const rows = await tx.execute<Pair>(sql`
      select from_version_id as from_id, from_kind, to_version_id as to_id, to_kind
      from version_relations where from_version_id = any(${intArray(ids)}) or to_version_id = any(${intArray(ids)})`);
    return rows.rows.map((r) => ({
      actor,
      action: 'delete',
      entity: 'version_relation',
      entityId: href.versionRelation(r.from_kind, r.from_id, r.to_kind, r.to_id),
      before: { related: true },
    }));
  },
};
