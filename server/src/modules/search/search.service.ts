import {
  dbId,
  isSearchable,
  SEARCH_RESULTS_PER_KIND,
  type SearchHint,
  type SearchPageRequest,
  type SearchResult,
  type SearchResultPage,
  type SearchResults,
  type SearchType,
} from '@dp/contract';
import { z } from 'zod';
import { cursorText, decodeCursor, pageOf } from '../../http/cursor.js';
import type { Db } from '../../db/connection.js';
import { kindName, msg, notFound, numbered } from '../../http/errors.js';
import { href, itemKinds, type ItemKind } from '../../db/kinds.js';
import * as queries from './search.queries.js';
import type { HintRow, ResultKey, ResultRow } from './search.queries.js';

const HINT_LIMIT = 20;

const typeOfKind: Record<ItemKind, SearchType> = {
  system: 'System',
  assembly: 'Assembly',
  subassembly: 'Sub-Assembly',
};
const kindOfType: Record<SearchType, ItemKind> = {
  System: 'system',
  Assembly: 'assembly',
  'Sub-Assembly': 'subassembly',
};

const toHint = (row: HintRow): SearchHint => ({
  name: row.name,
  name2: row.name2,
  parent_name: row.parent_name,
  id: row.item_id,
  id_version: row.version_id,
  type: typeOfKind[row.kind],
});

/**
 * Typeahead hints: items whose name contains the word, and versions whose item name or numbers
 * contain it; hits that start with the word first, then in listing order (an item before its versions).
 */
export async function hints(db: Db, word: string): Promise<SearchHint[]> {
  return (await queries.findHints(db, word, HINT_LIMIT)).map(toHint);
}

const toResult = (row: ResultRow): SearchResult => ({
  parent: row.parent_name,
  href: href.version(row.kind, row.version_id),
  name: row.name,
  name2: row.name2,
  type: typeOfKind[row.kind],
});

function group(rows: ResultRow[]): SearchResults {
  const results: SearchResults = { systems: [], assemblies: [], subassemblies: [] };
  const list = { system: results.systems, assembly: results.assemblies, subassembly: results.subassemblies };
  for (const row of rows) list[row.kind].push(toResult(row));
  return results;
}

/** The text full mode searches on: the typed text before its first " (" (SPEC 5), unless that is empty. */
function searchedText(word: string): string {
  const beforeParenthesis = word.split(' (')[0] ?? word;
  return isSearchable(beforeParenthesis) ? beforeParenthesis : word;
}

/**
 * SPEC 5 full mode: versions whose parent name, name or name2 contains the text before the first
 * " (", kept only when the whole typed text contains one of those fields or one of them contains it.
 */
export async function fullSearch(db: Db, word: string): Promise<SearchResults> {
  return group(await queries.findVersions(db, searchedText(word), word, SEARCH_RESULTS_PER_KIND));
}

const resultCursor = z.tuple([cursorText, cursorText.nullable(), cursorText.nullable(), z.enum(itemKinds), dbId]);

/** Where a page of full search starts: after the key its `after` cursor holds (a forged one is a 400). */
export function resultKeyOf(cursor: string): ResultKey {
  const [parentName, name, name2, kind, versionId] = decodeCursor(cursor, resultCursor, 'body');
  return { parentName, name, name2, kind, versionId };
}

/**
 * Full mode a page at a time, every kind in one order (parent name, name, name2, kind) and without a limit
 * per kind: what the results table shows, read only as far as the user scrolls.
 */
export async function fullSearchPage(
  db: Db,
  { word, limit }: Omit<SearchPageRequest, 'after'>,
  after: ResultKey | null,
): Promise<SearchResultPage> {
  // One row more than the page tells whether another page follows, without counting.
  const rows = await queries.findVersionPage(db, searchedText(word), word, limit + 1, after);
  const { items, next } = pageOf(rows, limit, toResult, (row) => [
    row.parent_name,
    row.name,
    row.name2,
    row.kind,
    row.version_id,
  ]);
  return { results: items, next };
}

export async function searchById(
  db: Db,
  type: SearchType,
  id: number,
  versionId: number | null,
): Promise<SearchResults> {
  const rows = await queries.findById(db, kindOfType[type], id, versionId);
  if (rows.length === 0)
    throw notFound(
      versionId === null
        ? numbered(kindName(kindOfType[type]), id)
        : msg('thing.withVersion', { kind: kindName(kindOfType[type]), id, versionId }),
    );
  return group(rows);
}
