import type { BatchResult, compatibilityBatchRow } from '@dp/contract';
import { idOfHref, withoutObligation } from '@dp/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/connection.js';
import { recordChanges, type Change } from '../../writes/audit.js';
import { cascadedDeletes } from '../../writes/cascades.js';
import { etagOf } from '../../writes/etag.js';
import { inTransaction } from '../../writes/guarded-write.js';
import { href, type ItemKind } from '../../db/kinds.js';
import { toIso } from '../../db/time.js';
import { checkedRow, refuseIfAny, rowErrors, type BatchTable, type CheckedRow, type RowError } from './batch-rows.js';
import { applyBatchComments, checkBatchComments } from './comments.service.js';
import { applyBatchFlags, checkBatchFlags } from './links.service.js';
import { assertCompatiblePair, assertVersion, auditState, orient, pairTaken, storedKinds } from './pair-rules.js';
import * as queries from './relations.queries.js';
import type { StoredCompatibility } from './relations.queries.js';
// Messages of the catalog (contract/src/messages.ts), rendered in the language of the request.
import * as texts from '../../http/errors.js';

// A relation table's 'Save all' (SPEC 2, 7): every row of one version's table in one transaction.

/**
 * Saves the rows of one version's relation table in one transaction: each row says what the
 * compatibility to `to_id` should be (an obligation text and references, or none; omitted: as it is),
 * and may carry the row's flag and comment changes. If any row cannot be saved, nothing is, and the
 * answer lists every failing row.
 */
export async function saveCompatibilities(
  db: Db,
  actor: string,
  fromKind: ItemKind,
  versionId: number,
  toKind: ItemKind,
  batchRows: Array<z.output<typeof compatibilityBatchRow>>,
): Promise<BatchResult> {
  assertCompatiblePair(fromKind, toKind);
  const table: BatchTable = { actor, fromKind, versionId, toKind };
  const rows = batchRows.map(checkedRow);
  return inTransaction(db, pairTaken, async (tx) => {
    await assertVersion(tx, fromKind, versionId);
    const existing = new Map<number, StoredCompatibility>();
    for (const c of await queries.lockCompatibilitiesOf(tx, versionId, toKind)) {
      existing.set(c.from_version_id === versionId ? c.to_version_id : c.from_version_id, c);
    }
    refuseIfAny(
      rows,
      [
        ...(await checkRows(tx, table, rows, existing)),
        ...checkBatchFlags(table, rows),
        ...(await checkBatchComments(tx, table, rows, existing)),
      ],
      existing,
    );
    const { result, changes, compatibilityIdOf } = await writeRows(tx, table, rows, existing);
    changes.push(...(await applyBatchFlags(tx, table, rows)));
    changes.push(...(await applyBatchComments(tx, table, rows, compatibilityIdOf)));
    await recordChanges(tx, changes);
    return result;
  });
}

/** The rules for each row's compatibility, checked for every row before anything is written. */
async function checkRows(
  tx: Executor,
  { versionId, toKind }: BatchTable,
  rows: CheckedRow[],
  existing: ReadonlyMap<number, StoredCompatibility>,
): Promise<RowError[]> {
  const kinds = await queries.versionKinds(
    tx,
    rows.map((r) => r.to_id),
  );
  const infoIds = await queries.existingIds(
    tx,
    'compatibility_infos',
    rows.flatMap((r) => (r.compatibility_info ? [idOfHref(r.compatibility_info.href)] : [])),
  );
  const referenceIds = await queries.existingIds(
    tx,
    'references',
    rows.flatMap((r) => r.references.map(idOfHref)),
  );
  const refusals = rowErrors();
  const seen = new Set<number>();
  for (const row of rows) {
    const fail = refusals.of(row);
    const current = existing.get(row.to_id);
    if (seen.has(row.to_id)) fail(400, texts.msg('relations.rowTwice'));
    seen.add(row.to_id);
    if (kinds.get(row.to_id) !== toKind)
      fail(404, texts.msg('errors.notFound', { what: texts.numbered(texts.kindVersionName(toKind), row.to_id) }));
    else if (row.to_id === versionId) fail(400, texts.msg('relations.self'));
    if (row.compatibility_info && !infoIds.has(idOfHref(row.compatibility_info.href)))
      fail(400, texts.msg('relations.unknownObligation', { href: row.compatibility_info.href }));
    const unknownRefs = row.references.filter((r) => !referenceIds.has(idOfHref(r)));
    if (unknownRefs.length > 0) fail(400, texts.msg('relations.unknownReference', { href: unknownRefs.join(', ') }));
    if (withoutObligation(Boolean(row.compatibility_info), { references: row.references }).includes('references'))
      fail(400, texts.msg('relations.referencesNeedObligation'));
    if (row.etag !== undefined && (!current || etagOf(current.id, current.revision) !== row.etag)) {
      fail(
        412,
        current
          ? texts.msg('relations.rowStaleBy', { by: current.updated_by, at: toIso(current.modification_time) })
          : texts.msg('relations.rowStale'),
      );
    }
    // Created by someone else since the row was loaded without one: the same conflict as a stale ETag.
    if (row.sawNone && current)
      fail(412, texts.msg('relations.rowStaleBy', { by: current.updated_by, at: toIso(current.modification_time) }));
  }
  return refusals.errors;
}

/**
 * One row's audit entry, its properties written out: built with a spread of the row's common part, the
 * entries of a 500-row save took 10 times as long (0.9 ms of the event loop).
 */
const compatibilityChange = (
  actor: string,
  entityId: string,
  action: Change['action'],
  before: unknown,
  after: unknown,
): Change => ({ actor, action, entity: 'compatibility', entityId, before, after });

/**
 * Decides every row's compatibility first, then writes each kind of change in one statement; answers
 * the counts, the audit entries and the compatibility each row has now (for the comments added to it).
 */
async function writeRows(
  tx: Executor,
  { actor, fromKind, versionId, toKind }: BatchTable,
  rows: CheckedRow[],
  existing: ReadonlyMap<number, StoredCompatibility>,
) {
  const result: BatchResult = { created: 0, updated: 0, deleted: 0, unchanged: 0 };
  const changes: Change[] = [];
  const toDelete: number[] = [];
  const toCreate: Array<{ from: number; to: number; infoId: number; references: number[] }> = [];
  const toUpdate: Array<{ id: number; infoId: number }> = [];
  const referencesAdded: Array<[number, number]> = [];
  const referencesRemoved: Array<[number, number]> = [];
  for (const row of rows) {
    const current = existing.get(row.to_id);
    const entityId = href.compatibility(fromKind, versionId, toKind, row.to_id);
    if (row.compatibility_info === undefined) {
      // Only the flag or the comments of this row change.
      result.unchanged++;
      continue;
    }
    if (!row.compatibility_info) {
      if (!current) {
        result.unchanged++;
        continue;
      }
      toDelete.push(current.id);
      changes.push(compatibilityChange(actor, entityId, 'delete', auditState(current), undefined));
      result.deleted++;
      continue;
    }
    const infoId = idOfHref(row.compatibility_info.href);
    const wanted = [...new Set(row.references.map(idOfHref))].sort((a, b) => a - b);
    if (!current) {
      const { from, to } = orient(fromKind, versionId, toKind, row.to_id);
      toCreate.push({ from, to, infoId, references: wanted });
      changes.push(
        compatibilityChange(
          actor,
          entityId,
          'create',
          undefined,
          auditState({ compatibility_info_id: infoId, references: wanted }),
        ),
      );
      result.created++;
      continue;
    }
    const add = wanted.filter((id) => !current.references.includes(id));
    const remove = current.references.filter((id) => !wanted.includes(id));
    if (current.compatibility_info_id === infoId && add.length === 0 && remove.length === 0) {
      result.unchanged++;
      continue;
    }
    toUpdate.push({ id: current.id, infoId });
    referencesAdded.push(...add.map((ref): [number, number] => [current.id, ref]));
    referencesRemoved.push(...remove.map((ref): [number, number] => [current.id, ref]));
    changes.push(
      compatibilityChange(
        actor,
        entityId,
        'update',
        auditState(current),
        auditState({ compatibility_info_id: infoId, references: wanted }),
      ),
    );
    result.updated++;
  }

  changes.push(...(await cascadedDeletes.ofCompatibilities(tx, actor, toDelete)));
  await queries.deleteCompatibilities(tx, toDelete);
  await queries.updateCompatibilities(tx, toUpdate, actor);
  const created = await queries.insertCompatibilities(tx, storedKinds(fromKind, toKind), toCreate, actor);
  const createdIds = new Map(created.map((c) => [`${c.from_version_id}-${c.to_version_id}`, c.id]));
  for (const row of toCreate) {
    const id = createdIds.get(`${row.from}-${row.to}`);
    if (id === undefined) throw new Error(`compatibility ${row.from}-${row.to} was not created`);
    referencesAdded.push(...row.references.map((ref): [number, number] => [id, ref]));
  }
  await queries.changeReferences(tx, referencesAdded, referencesRemoved);
  const compatibilityIdOf = (toId: number) => {
    const { from, to } = orient(fromKind, versionId, toKind, toId);
    return createdIds.get(`${from}-${to}`) ?? existing.get(toId)?.id;
  };
  return { result, changes, compatibilityIdOf };
}
