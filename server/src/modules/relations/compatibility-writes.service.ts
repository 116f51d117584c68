import type { BatchResult } from '@dp/contract';
import { idOfHref } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordChanges } from '../../writes/audit.js';
import { etagOf, ifMatchAllows } from '../../writes/etag.js';
import { inTransaction } from '../../writes/guarded-write.js';
import { href } from '../../db/kinds.js';
import { saveCompatibilities } from './batch.service.js';
import {
  assertCompatiblePair,
  assertVersion,
  auditState,
  compatibilityName,
  type CompatibilityTarget,
  loadForWrite,
  pairTaken,
} from './pair-rules.js';
import * as queries from './relations.queries.js';
// Messages of the catalog (contract/src/messages.ts), rendered in the language of the request.
import * as texts from '../../http/errors.js';

// The single-row writes of SPEC 7 on one compatibility and its references.

/** Single-row writes of SPEC 7 (POST creates, PUT changes, DELETE removes), through the batch rules. */
export async function writeCompatibility(
  db: Db,
  actor: string,
  target: CompatibilityTarget,
  mode: 'create' | 'update' | 'delete',
  infoHref: string | null,
  ifMatch: string | undefined,
): Promise<BatchResult> {
  const { fromKind, versionId, toKind, toId } = target;
  const current = await inTransaction(db, pairTaken, async (tx) => {
    assertCompatiblePair(fromKind, toKind);
    await assertVersion(tx, fromKind, versionId);
    return queries.lockCompatibility(tx, versionId, toId);
  });
  if (mode === 'create' && current) throw new HttpError(409, texts.msg('relations.exists'));
  if (mode !== 'create' && !current) throw notFound(compatibilityName(fromKind, versionId, toKind, toId));
  // If-Match may list several tags; compared strongly, so a weak W/"…" one matches nothing.
  const currentTag = current ? etagOf(current.id, current.revision) : undefined;
  const etag =
    mode === 'create'
      ? undefined
      : currentTag !== undefined && ifMatchAllows(ifMatch, currentTag)
        ? currentTag
        : ifMatch;
  const references = mode === 'update' && current ? current.references.map(href.reference) : [];
  // A create says it saw no compatibility (etag null): the batch checks that again in its own
  // transaction, so a create that raced another one cannot overwrite it.
  const saved = saveCompatibilities(db, actor, fromKind, versionId, toKind, [
    {
      to_id: toId,
      compatibility_info: infoHref ? { href: infoHref } : null,
      references,
      ...(mode === 'create' ? { etag: null } : etag ? { etag } : {}),
    },
  ]);
  return mode === 'create' ? saved.catch(raceLostAsConflict) : saved;
}

/** A create that found a compatibility inside its transaction answers like one that found it before. */
function raceLostAsConflict(error: unknown): never {
  if (error instanceof HttpError && error.statusCode === 412)
    throw new HttpError(409, texts.msg('relations.exists'), error.details);
  throw error;
}

/** Adds or removes one reference of a compatibility. */
export function changeReference(
  db: Db,
  actor: string,
  target: CompatibilityTarget,
  referenceHref: string,
  mode: 'add' | 'remove',
  ifMatch: string | undefined,
): Promise<void> {
  return inTransaction(db, pairTaken, async (tx) => {
    const current = await loadForWrite(tx, target, ifMatch);
    const referenceId = idOfHref(referenceHref);
    if (mode === 'add') {
      if ((await queries.existingIds(tx, 'references', [referenceId])).size === 0)
        throw notFound(texts.numbered(texts.msg('thing.reference'), referenceId));
      if (current.references.includes(referenceId)) throw new HttpError(409, texts.msg('relations.referenceExists'));
    } else if (!current.references.includes(referenceId)) {
      throw notFound(texts.msg('thing.referenceOnCompatibility', { id: referenceId }));
    }
    const link: Array<[number, number]> = [[current.id, referenceId]];
    await queries.changeReferences(tx, mode === 'add' ? link : [], mode === 'remove' ? link : []);
    await queries.updateCompatibilities(tx, [{ id: current.id, infoId: current.compatibility_info_id }], actor);
    const references =
      mode === 'add' ? [...current.references, referenceId] : current.references.filter((id) => id !== referenceId);
    await recordChanges(tx, [
      {
        actor,
        action: 'update',
        entity: 'compatibility',
        entityId: href.compatibility(target.fromKind, target.versionId, target.toKind, target.toId),
        before: auditState(current),
        after: auditState({ ...current, references }),
      },
    ]);
  });
}
