import type { SearchResult, SearchResults } from '@dp/contract';

/**
 * A hint's versions (POST /api/search/searchById) as one list. They are one item's, which the server sends
 * in the order of full search's pages: the table shows them as they come, like those pages.
 */
export function resultList(results: SearchResults): SearchResult[] {
  return [...results.systems, ...results.assemblies, ...results.subassemblies];
}
