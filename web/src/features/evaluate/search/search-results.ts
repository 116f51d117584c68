import { SEARCH_RESULTS_PER_KIND, type SearchResult, type SearchResults } from '@dp/contract';
import { compareLabels } from '../browsers/display';

/** All results in one list, sorted by parent name, then name (SPEC 5); equal rows keep the kind order. */
export function sortedResults(results: SearchResults): SearchResult[] {
  return [...results.systems, ...results.assemblies, ...results.subassemblies].sort(
    (a, b) => compareLabels(a.parent, b.parent) || compareLabels(a.name ?? '', b.name ?? ''),
  );
}

/** True when the server may have left results out because a kind reached its limit. */
export function isCut(results: SearchResults): boolean {
  return [results.systems, results.assemblies, results.subassemblies].some(
    (list) => list.length >= SEARCH_RESULTS_PER_KIND,
  );
}

export const noResults: SearchResults = { systems: [], assemblies: [], subassemblies: [] };
