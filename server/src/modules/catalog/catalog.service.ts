import {
  dbId,
  isSearchable,
  type Item,
  type ItemPage,
  type ItemPageQuery,
  type ItemWithVersions,
  type Role,
  type Version,
  type VersionPage,
  type VersionPageQuery,
  type VersionByLabelQuery,
} from '@dp/contract';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { CURSOR_BATCH, inReadSnapshot } from '../../db/read-snapshot.js';
import { columnPage, cursorText, decodeCursor, pageOf, textFilter } from '../../http/cursor.js';
import { kindName, kindVersionName, msg, notFound, numbered } from '../../http/errors.js';
import { etagOf } from '../../writes/etag.js';
import { href, type ItemKind } from '../../db/kinds.js';
import * as queries from './catalog.queries.js';
import type { ItemRow, VersionFilter, VersionKey, VersionRow } from './catalog.queries.js';
import { toIso } from '../../db/time.js';

const image = (original: string | null, thumbnail: string | null) =>
  original ? { original, thumbnail: thumbnail ?? original } : null;

const auditFields = (
  row: Pick<ItemRow, 'id' | 'creation_time' | 'modification_time' | 'created_by' | 'updated_by' | 'revision'>,
) => ({
  creation_time: toIso(row.creation_time),
  modification_time: toIso(row.modification_time),
  created_by: row.created_by,
  updated_by: row.updated_by,
  etag: etagOf(row.id, row.revision),
});

export function toItem(row: ItemRow): Item {
  return {
    href: href.item(row.kind, row.id),
    name: row.name,
    description: row.description,
    image: image(row.image_original, row.image_thumbnail),
    ...auditFields(row),
  };
}

/** The rscp_link is internal: extern users never receive it. */
export function toVersion(row: VersionRow, role: Role): Version {
  return {
    href: href.version(row.kind, row.id),
    name: row.name,
    name2: row.name2,
    description: row.description,
    ...(role === 'extern' ? {} : { rscp_link: row.rscp_link }),
    image: image(row.image_original, row.image_thumbnail),
    parent_name: row.parent_name,
    parent: { href: href.item(row.kind, row.item_id), name: row.parent_name, description: row.parent_description },
    ...auditFields(row),
  };
}

function withoutParent({ parent: _parent, ...version }: Version) {
  return version;
}

export async function listItems(db: Db, kind: ItemKind): Promise<Item[]> {
  return (await queries.listItems(db, kind)).map(toItem);
}

/**
 * All items of a kind, each with its versions, in batches from one snapshot: the items (a few kilobytes
 * each) are read whole, the versions from a cursor in the same order, and each item is given out once
 * the versions have moved past it.
 */
export async function* streamItemsWithVersions(db: Db, kind: ItemKind, role: Role, batch = CURSOR_BATCH) {
  yield* inReadSnapshot(db, async function* (reader) {
    const items = await reader.rows<ItemRow>(queries.itemsOfKind(kind));
    let next = 0;
    const versions: ItemWithVersions['versions'] = [];
    /** The next item in order, with the versions gathered for it. */
    const complete = (item: ItemRow) => {
      next++;
      return { ...toItem(item), versions: versions.splice(0) };
    };
    for await (const rows of reader.batches<VersionRow>(queries.versionsOfKind(kind), batch)) {
      const done: ItemWithVersions[] = [];
      for (const row of rows) {
        // Within one snapshot every version's item is among the items, in the same order.
        for (let item = items[next]; item && item.id !== row.item_id; item = items[next]) done.push(complete(item));
        versions.push(withoutParent(toVersion(row, role)));
      }
      yield done;
    }
    const rest: ItemWithVersions[] = [];
    for (let item = items[next]; item; item = items[next]) rest.push(complete(item));
    yield rest;
  });
}

const versionCursor = z.tuple([cursorText, dbId, cursorText.nullable(), cursorText.nullable(), dbId]);

function versionKeyOf(cursor: string): VersionKey {
  const [itemName, itemId, name, name2, id] = decodeCursor(cursor, versionCursor);
  return { itemName, itemId, name, name2, id };
}

/**
 * The filter text and its longest word, both unfolded: the database folds them with dp_fold(), the one
 * rule of the stored folded columns, so the word always lies within the folded text.
 */
function filterOf(q: string): VersionFilter {
  const word = q
    .trim()
    .split(/\s+/)
    .reduce((longest, part) => (part.length > longest.length ? part : longest), '');
  return { text: q, word };
}

/**
 * One page of a kind's versions in listing order, optionally only those whose label contains `q`
 * (folded: case, accents, whitespace); `next` continues after its last version, null on the last page.
 */
export async function listVersionPage(
  db: Db,
  kind: ItemKind,
  role: Role,
  query: VersionPageQuery,
): Promise<VersionPage> {
  const text = textFilter(query.q);
  const after = query.after === undefined ? null : versionKeyOf(query.after);
  // One row more than the page tells whether another page follows, without counting.
  const rows = await queries.listVersionPage(db, kind, {
    filter: text === null ? null : filterOf(text),
    after,
    limit: query.limit + 1,
  });
  const { items, next } = pageOf(
    rows,
    query.limit,
    (row) => toVersion(row, role),
    (row) => [row.parent_name, row.item_id, row.name, row.name2, row.id],
  );
  return { versions: items, next };
}

/**
 * One page of a kind's items in the asked order (default by name), optionally filtered by name and by
 * last editor (folded like the search); `next` continues after its last item, null on the last page.
 */
export async function listItemPage(db: Db, kind: ItemKind, query: ItemPageQuery): Promise<ItemPage> {
  const { column, desc, after } = columnPage(query.sort, query.after);
  const rows = await queries.listItemPage(db, kind, {
    order: { column, desc },
    name: textFilter(query.name),
    updatedBy: textFilter(query.updated_by),
    after,
    limit: query.limit + 1,
  });
  return pageOf(rows, query.limit, toItem, (row) => [row.sort_value, row.id]);
}

/**
 * The version a browser link's `data` names (SPEC 2): the first whose label equals it after folding, else the
 * first whose label contains it; 404 when none does.
 */
export async function findVersionByLabel(db: Db, kind: ItemKind, role: Role, { label }: VersionByLabelQuery) {
  const row = isSearchable(label) ? await queries.findVersionByLabel(db, kind, filterOf(label)) : null;
  if (!row) throw notFound(msg('thing.versionLabelled', { kind: kindVersionName(kind), label }));
  return toVersion(row, role);
}

export async function getItemWithVersions(db: Db, kind: ItemKind, id: number, role: Role): Promise<ItemWithVersions> {
  const row = await queries.findItem(db, kind, id);
  if (!row) throw notFound(numbered(kindName(kind), id));
  const versions = await queries.listVersions(db, kind, id);
  return { ...toItem(row), versions: versions.map((v) => withoutParent(toVersion(v, role))) };
}

export async function listVersionsOfItem(db: Db, kind: ItemKind, id: number, role: Role): Promise<Version[]> {
  const row = await queries.findItem(db, kind, id);
  if (!row) throw notFound(numbered(kindName(kind), id));
  return (await queries.listVersions(db, kind, id)).map((v) => toVersion(v, role));
}

export async function getVersion(db: Db, kind: ItemKind, id: number, role: Role): Promise<Version> {
  const row = await queries.findVersion(db, kind, id);
  if (!row) throw notFound(numbered(kindVersionName(kind), id));
  return toVersion(row, role);
}

export async function getInfos(db: Db) {
  return { modification_time: toIso(await queries.readModificationTime(db)) };
}
