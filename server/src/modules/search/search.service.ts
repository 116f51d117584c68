import { fold, type SearchHint, type SearchResults, type SearchType } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { href, type ItemKind } from '../kinds.js';
import * as queries from './search.queries.js';
import type { ResultRow } from './search.queries.js';

export const HINT_LIMIT = 20;
/** Full search answers at most this many versions per kind; the UI says when the list was cut. */
export const RESULT_LIMIT_PER_KIND = 500;

const typeOfKind: Record<ItemKind, SearchType> = { system: 'System', assembly: 'Assembly', subassembly: 'Sub-Assembly' };
const kindOfType: Record<SearchType, ItemKind> = { System: 'system', Assembly: 'assembly', 'Sub-Assembly': 'subassembly' };

export async function hints(db: Db, word: string): Promise<SearchHint[]> {
  const rows = await queries.findHints(db, fold(word), HINT_LIMIT);
  return rows.map((row) => ({
    name: row.name,
    name2: row.name2,
    parent_name: row.parent_name,
    id: row.item_id,
    id_version: row.version_id,
    type: typeOfKind[row.kind],
  }));
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

/** SPEC 5 full mode: search on the text before the first " (", keep what relates to the whole text. */
export async function fullSearch(db: Db, word: string): Promise<SearchResults> {
  const before = word.split(' (')[0] ?? word;
  const search = fold(before) || fold(word);
  return group(await queries.findVersions(db, search, fold(word), RESULT_LIMIT_PER_KIND));
}

export async function searchById(db: Db, type: SearchType, id: number, versionId: number | null): Promise<SearchResults> {
  const rows = await queries.findById(db, kindOfType[type], id, versionId);
  if (rows.length === 0) throw notFound(versionId === null ? `${type} ${id}` : `${type} ${id} with version ${versionId}`);
  return group(rows);
}
