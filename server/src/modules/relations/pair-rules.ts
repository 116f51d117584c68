import { isCompatiblePair, versionFlagOf } from '@dp/contract';
import type { Executor } from '../../db/connection.js';
import { HttpError, notFound } from '../../http/errors.js';
import { assertFresh } from '../../writes/etag.js';
import { href, kindRank, pathOf, type ItemKind } from '../../db/kinds.js';
import * as queries from './relations.queries.js';
import type { StoredCompatibility } from './relations.queries.js';
// Messages of the catalog (contract/src/messages.ts), rendered in the language of the request.
import * as texts from '../../http/errors.js';

// The rules every relation write shares: which pairs exist, how a pair is stored, which versions exist.

/** Stored orientation of a pair (SPEC 3): by kind, and for one kind the smaller id first. */
export function orient(aKind: ItemKind, a: number, bKind: ItemKind, b: number) {
  const aFirst = aKind === bKind ? a < b : kindRank[aKind] < kindRank[bKind];
  return aFirst
    ? { from: a, fromKind: aKind, to: b, toKind: bKind }
    : { from: b, fromKind: bKind, to: a, toKind: aKind };
}

export function assertCompatiblePair(from: ItemKind, to: ItemKind) {
  if (!isCompatiblePair(pathOf(from), pathOf(to))) {
    throw new HttpError(400, texts.msg('relations.noPair', { from: texts.kindName(from), to: texts.kindName(to) }));
  }
}

/** The kinds of a pair in stored order (SPEC 3): systems, then assemblies, then sub-assemblies. */
export const storedKinds = (a: ItemKind, b: ItemKind) =>
  kindRank[a] <= kindRank[b] ? { fromKind: a, toKind: b } : { fromKind: b, toKind: a };

/** Whether the pair carries a version flag besides its compatibilities (see versionFlagOf). */
export const hasFlag = (fromKind: ItemKind, toKind: ItemKind) =>
  versionFlagOf(pathOf(fromKind), pathOf(toKind)) !== null;

// Two saves that create the same pair at once: the later one finds it taken.
export const pairTaken = { compatibilities_pair_unique: texts.msg('relations.exists') };

export async function assertVersion(tx: Executor, kind: ItemKind, id: number) {
  const kinds = await queries.versionKinds(tx, [id]);
  if (kinds.get(id) !== kind) throw notFound(texts.numbered(texts.kindVersionName(kind), id));
}

/** A compatibility as the audit log and a 412 answer show it. */
export const auditState = (row: { compatibility_info_id: number; references: number[] }) => ({
  compatibility_info: href.compatibilityInfo(row.compatibility_info_id),
  references: row.references.map(href.reference),
});

/** One compatibility, named by the versions at both ends as a path names it. */
export interface CompatibilityTarget {
  fromKind: ItemKind;
  versionId: number;
  toKind: ItemKind;
  toId: number;
}

/** Reads one compatibility for a single-row write, locked, checking both versions and the If-Match. */
export async function loadForWrite(
  tx: Executor,
  { fromKind, versionId, toKind, toId }: CompatibilityTarget,
  ifMatch: string | undefined,
): Promise<StoredCompatibility> {
  assertCompatiblePair(fromKind, toKind);
  await assertVersion(tx, fromKind, versionId);
  await assertVersion(tx, toKind, toId);
  const current = await queries.lockCompatibility(tx, versionId, toId);
  if (!current) throw notFound(compatibilityName(fromKind, versionId, toKind, toId));
  assertFresh(ifMatch, current, auditState(current));
  return current;
}

/** 'The compatibility between system version 1 and assembly version 2', as a 404 names it. */
export const compatibilityName = (fromKind: ItemKind, fromId: number, toKind: ItemKind, toId: number) =>
  texts.msg('thing.compatibility', {
    from: texts.kindVersionName(fromKind),
    fromId,
    to: texts.kindVersionName(toKind),
    toId,
  });
