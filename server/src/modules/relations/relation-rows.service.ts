import { dbId, type CompatibilityStatus, type RelationRowPage, type RelationRowPageQuery } from '@dp/contract';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { href, type ItemKind } from '../../db/kinds.js';
import { cursorText, decodeCursor, pageOf, textFilter } from '../../http/cursor.js';
import { etagOf } from '../../writes/etag.js';
import { assertCompatiblePair, assertVersion, hasFlag } from './pair-rules.js';
import * as queries from './relations.queries.js';

// A relation table's rows (SPEC 2) a page at a time: every version of the other kind with its
// compatibility with the chosen version, sorted, filtered and paged by the database.

const statusText = z.enum(['', 'allowed', 'conditional', 'forbidden', 'irrelevant']);
/** The cursor: every sort value of the last row (item name, name, name2, id, obligation text id, status, flag). */
const rowCursor = z.tuple([
  cursorText,
  cursorText.nullable(),
  cursorText.nullable(),
  dbId,
  z.union([z.literal(0), dbId]),
  statusText,
  z.boolean(),
]);

export async function listRelationRowPage(
  db: Db,
  { fromKind, versionId, toKind }: { fromKind: ItemKind; versionId: number; toKind: ItemKind },
  query: RelationRowPageQuery,
): Promise<RelationRowPage> {
  assertCompatiblePair(fromKind, toKind);
  await assertVersion(db, fromKind, versionId);
  const desc = query.sort.startsWith('-');
  const order = (desc ? query.sort.slice(1) : query.sort) as queries.RelationRowOrder;
  const cursor = query.after === undefined ? null : decodeCursor(query.after, rowCursor);
  const rows = await queries.listRelationRowPage(
    db,
    { versionId, otherKind: toKind, withFlag: hasFlag(fromKind, toKind) },
    {
      order,
      desc,
      filter: {
        item: textFilter(query.item),
        version: textFilter(query.version),
        name2: textFilter(query.name2),
        obligation: textFilter(query.obligation),
        reference: textFilter(query.references),
      },
      after: cursor && {
        itemName: cursor[0],
        name: cursor[1],
        name2: cursor[2],
        id: cursor[3],
        infoId: cursor[4],
        status: cursor[5],
        flag: cursor[6],
      },
      limit: query.limit + 1,
    },
  );
  return pageOf(
    rows,
    query.limit,
    (row) => ({
      href: href.version(toKind, row.id),
      parent_name: row.parent_name,
      name: row.name,
      name2: row.name2,
      obligation: row.info_id === null ? null : href.compatibilityInfo(row.info_id),
      status: row.status as CompatibilityStatus | null,
      references: row.references,
      reference_hrefs: row.reference_ids.map((id) => href.reference(id)),
      etag: row.compatibility_id === null || row.revision === null ? null : etagOf(row.compatibility_id, row.revision),
      flag: row.flag,
    }),
    (row) => [row.parent_name, row.name, row.name2, row.id, row.info_id ?? 0, row.status ?? '', row.flag],
  );
}
