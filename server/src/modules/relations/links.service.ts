import { dbId, type RelatedItem, type RelatedItemPage, type RelatedItemPageQuery } from '@dp/contract';
import { z } from 'zod';
import { cursorText, decodeCursor, pageOf, textFilter } from '../../http/cursor.js';
import type { Db, Executor } from '../../db/connection.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordChanges, type Change } from '../../writes/audit.js';
import { inTransaction } from '../../writes/guarded-write.js';
import { href, type ItemKind } from '../../db/kinds.js';
import { rowErrors, type BatchTable, type CheckedRow, type RowError } from './batch-rows.js';
import { assertVersion, hasFlag, orient, pairTaken, storedKinds } from './pair-rules.js';
import * as queries from './relations.queries.js';
// Messages of the catalog (contract/src/messages.ts), rendered in the language of the request.
import * as texts from '../../http/errors.js';

// Links without an obligation text (SPEC 3): containments between items (systems → assemblies,
// assemblies → sub-assemblies) and the flags between versions (assembly ↔ assembly, assembly → sub-assembly).

// ── containments ─────────────────────────────────────────────────────────────────────────────────

export async function listRelatedItems(
  db: Db,
  parentKind: ItemKind,
  parentId: number,
  childKind: ItemKind,
): Promise<RelatedItem[]> {
  if ((await queries.itemKind(db, parentId)) !== parentKind)
    throw notFound(texts.numbered(texts.kindName(parentKind), parentId));
  const rows = await queries.listContainmentCandidates(db, parentId, childKind);
  return rows.map((row) => toRelatedItem(parentKind, parentId, childKind, row));
}

function toRelatedItem(
  parentKind: ItemKind,
  parentId: number,
  childKind: ItemKind,
  row: queries.ContainmentRow,
): RelatedItem {
  return {
    href: href.item(childKind, row.href_id),
    name: row.name,
    related: row.relation_id !== null,
    relation: row.relation_id === null ? null : href.containment(parentKind, parentId, childKind, row.href_id),
  };
}

const containmentCursor = z.tuple([cursorText, dbId, z.boolean()]);

/** One page of listRelatedItems, sorted and filtered; `next` continues after its last row, null on the last page. */
export async function listRelatedItemPage(
  db: Db,
  parentKind: ItemKind,
  parentId: number,
  childKind: ItemKind,
  query: RelatedItemPageQuery,
): Promise<RelatedItemPage> {
  if ((await queries.itemKind(db, parentId)) !== parentKind)
    throw notFound(texts.numbered(texts.kindName(parentKind), parentId));
  const after = query.after === undefined ? null : decodeCursor(query.after, containmentCursor);
  const rows = await queries.listContainmentCandidatePage(db, parentId, childKind, {
    order: query.sort,
    name: textFilter(query.name),
    after: after && { name: after[0], id: after[1], related: after[2] },
    limit: query.limit + 1,
  });
  return pageOf(
    rows,
    query.limit,
    (row) => toRelatedItem(parentKind, parentId, childKind, row),
    (row) => [row.name, row.href_id, row.relation_id !== null],
  );
}

/** Relates or unrelates two items; answers whether relating created the link (false: it was there). */
export function setContainment(
  db: Db,
  actor: string,
  parent: { kind: ItemKind; id: number },
  child: { kind: ItemKind; id: number },
  related: boolean,
): Promise<boolean> {
  return inTransaction(db, pairTaken, async (tx) => {
    if ((await queries.itemKind(tx, parent.id)) !== parent.kind)
      throw notFound(texts.numbered(texts.kindName(parent.kind), parent.id));
    if ((await queries.itemKind(tx, child.id)) !== child.kind)
      throw notFound(texts.numbered(texts.kindName(child.kind), child.id));
    const entityId = href.containment(parent.kind, parent.id, child.kind, child.id);
    if (related) {
      const created = (await queries.insertContainment(tx, parent, child, actor)) !== null;
      if (created)
        await recordChanges(tx, [
          { actor, action: 'create', entity: 'containment', entityId, after: { related: true } },
        ]);
      return created;
    }
    const removed = await queries.deleteContainment(tx, parent.id, child.id);
    if (!removed) throw notFound(texts.msg('thing.relation', { relation: entityId }));
    await recordChanges(tx, [{ actor, action: 'delete', entity: 'containment', entityId, before: { related: true } }]);
    return true;
  });
}

// ── version flags ────────────────────────────────────────────────────────────────────────────────

export async function listVersionRelations(db: Db, versionId: number, otherKind: ItemKind): Promise<string[]> {
  await assertVersion(db, 'assembly', versionId);
  return (await queries.listVersionRelationsOf(db, versionId, otherKind)).map((id) => href.version(otherKind, id));
}

/** Sets or clears the flag between an assembly version and another version; answers whether setting it created it. */
export function setVersionRelation(
  db: Db,
  actor: string,
  versionId: number,
  otherKind: ItemKind,
  otherId: number,
  related: boolean,
): Promise<boolean> {
  return inTransaction(db, pairTaken, async (tx) => {
    await assertVersion(tx, 'assembly', versionId);
    await assertVersion(tx, otherKind, otherId);
    if (otherId === versionId) throw new HttpError(400, texts.msg('relations.selfRelated'));
    const entityId = href.versionRelation('assembly', versionId, otherKind, otherId);
    if (related) {
      const created =
        (await queries.insertVersionRelation(tx, orient('assembly', versionId, otherKind, otherId), actor)) !== null;
      if (created)
        await recordChanges(tx, [
          { actor, action: 'create', entity: 'version_relation', entityId, after: { related: true } },
        ]);
      return created;
    }
    if (!(await queries.deleteVersionRelation(tx, versionId, otherId)))
      throw notFound(texts.msg('thing.relation', { relation: entityId }));
    await recordChanges(tx, [
      { actor, action: 'delete', entity: 'version_relation', entityId, before: { related: true } },
    ]);
    return true;
  });
}

/** In a batch, only a relation table whose pair carries a flag takes one. */
export function checkBatchFlags({ fromKind, versionId, toKind }: BatchTable, rows: CheckedRow[]): RowError[] {
  const refusals = rowErrors();
  if (hasFlag(fromKind, toKind)) return refusals.errors;
  for (const row of rows) {
    if (row.flag === undefined) continue;
    const relation = href.versionRelation(fromKind, versionId, toKind, row.to_id);
    refusals.of(row)(404, texts.msg('errors.notFound', { what: texts.msg('thing.relation', { relation }) }));
  }
  return refusals.errors;
}

/** Sets and clears the flags of checked rows; answers their audit entries. */
export async function applyBatchFlags(
  tx: Executor,
  { actor, fromKind, versionId, toKind }: BatchTable,
  rows: CheckedRow[],
): Promise<Change[]> {
  const flagRows = rows.filter((r) => r.flag !== undefined);
  if (flagRows.length === 0) return [];
  const pairOf = (toId: number) => orient(fromKind, versionId, toKind, toId);
  const set = await queries.insertVersionRelations(
    tx,
    storedKinds(fromKind, toKind),
    flagRows.filter((r) => r.flag).map((r) => pairOf(r.to_id)),
    actor,
  );
  const cleared = await queries.deleteVersionRelations(
    tx,
    flagRows.filter((r) => !r.flag).map((r) => pairOf(r.to_id)),
  );
  // Named from the assembly side, like the single-row flag calls.
  const entityId = (pair: { from_version_id: number; to_version_id: number }) => {
    const other = pair.from_version_id === versionId ? pair.to_version_id : pair.from_version_id;
    return fromKind === 'assembly'
      ? href.versionRelation(fromKind, versionId, toKind, other)
      : href.versionRelation(toKind, other, fromKind, versionId);
  };
  return [
    ...set.map((pair): Change => ({
      actor,
      action: 'create',
      entity: 'version_relation',
      entityId: entityId(pair),
      after: { related: true },
    })),
    ...cleared.map((pair): Change => ({
      actor,
      action: 'delete',
      entity: 'version_relation',
      entityId: entityId(pair),
      before: { related: true },
    })),
  ];
}
