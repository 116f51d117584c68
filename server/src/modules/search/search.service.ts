import {
  isSearchable,
  SEARCH_RESULTS_PER_KIND,
  type SearchHint,
  type SearchResults,
  type SearchType,
} from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { kindName, msg, notFound, numbered } from '../../http/errors.js';
import { href, type ItemKind } from '../../db/kinds.js';
import * as queries from './search.queries.js';
import type { HintRow, ResultRow } from './search.queries.js';

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

function group(rows: ResultRow[]): SearchResults {
  const results: SearchResults = { systems: [], assemblies: [], subassemblies: [] };
  const list = { system: results.systems, assembly: results.assemblies, subassembly: results.subassemblies };
  for (const row of rows) {
    list[row.kind].push({
      parent: row.parent_name,
      href: href.version(row.kind, row.version_id),
      name: row.name,
      name2: row.name2,
      type: typeOfKind[row.kind],
    });
  }
  return results;
}

/**
 * SPEC 5 full mode: versions whose parent name, name or name2 contains the text before the first
 * " (", kept only when the whole typed text contains one of those fields or one of them contains it.
 */
export async function fullSearch(db: Db, word: string): Promise<SearchResults> {
  const beforeParenthesis = word.split(' (')[0] ?? word;
  const search = isSearchable(beforeParenthesis) ? beforeParenthesis : word;
  return group(await queries.findVersions(db, search, word, SEARCH_RESULTS_PER_KIND));
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
