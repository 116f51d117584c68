import { fold, SEARCH_RESULTS_PER_KIND, type SearchHint, type SearchResults, type SearchType } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { kindName, msg, notFound, numbered } from '../../http/errors.js';
import { href, type ItemKind } from '../kinds.js';
import type { SearchEntry, SearchIndex } from './search-index.js';
import * as queries from './search.queries.js';
import type { ResultRow } from './search.queries.js';

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

const toHint = (entry: SearchEntry): SearchHint => ({
  name: entry.name,
  name2: entry.name2,
  parent_name: entry.parentName,
  id: entry.itemId,
  id_version: entry.versionId,
  type: typeOfKind[entry.kind],
});

/**
 * Typeahead hints: items whose name contains the word, and versions whose item name or numbers
 * contain it; hits that start with the word first, then in listing order (an item before its versions).
 */
export async function hints(db: Db, index: SearchIndex, word: string): Promise<SearchHint[]> {
  const folded = fold(word);
  const starting: SearchEntry[] = [];
  const containing: SearchEntry[] = [];
  for (const entry of await index.current(db)) {
    if (!entry.anyFolded.includes(folded)) continue;
    const fields =
      entry.versionId === null ? [entry.parentFolded] : [entry.parentFolded, entry.nameFolded, entry.name2Folded];
    if (!fields.some((f) => f.includes(folded))) continue;
    (fields.some((f) => f.startsWith(folded)) ? starting : containing).push(entry);
    if (starting.length >= HINT_LIMIT) break;
  }
  return [...starting, ...containing].slice(0, HINT_LIMIT).map(toHint);
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
export async function fullSearch(db: Db, index: SearchIndex, word: string): Promise<SearchResults> {
  const typed = fold(word);
  const search = fold(word.split(' (')[0] ?? word) || typed;
  const perKind: Record<ItemKind, number> = { system: 0, assembly: 0, subassembly: 0 };
  const rows: ResultRow[] = [];
  for (const entry of await index.current(db)) {
    if (entry.versionId === null || perKind[entry.kind] >= SEARCH_RESULTS_PER_KIND || !entry.anyFolded.includes(search))
      continue;
    const fields = [entry.parentFolded, entry.nameFolded, entry.name2Folded];
    if (!fields.some((f) => f.includes(search))) continue;
    if (!fields.some((f) => f.includes(typed) || (f !== '' && typed.includes(f)))) continue;
    perKind[entry.kind]++;
    rows.push({
      kind: entry.kind,
      version_id: entry.versionId,
      parent_name: entry.parentName,
      name: entry.name,
      name2: entry.name2,
    });
  }
  return group(rows);
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
