import { searchResults, type SearchResults } from '@dp/contract';

/** Session-storage key of the last smart search (SPEC 2). */
export const LAST_SEARCH_KEY = 'lastSmartSearch';

export interface LastSearch {
  term: string;
  results: SearchResults;
}

/** The last search of this tab, or null when there is none or it cannot be read. */
export function loadLastSearch(): LastSearch | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(LAST_SEARCH_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { term, results } = stored as Record<string, unknown>;
    const parsed = searchResults.safeParse(results);
    if (typeof term !== 'string' || !parsed.success) return null;
    forgetOnPageHide();
    return { term, results: parsed.data };
  } catch {
    return null;
  }
}

/** Keeps `search` until it is cleared or the page unloads. */
export function saveLastSearch(search: LastSearch) {
  try {
    sessionStorage.setItem(LAST_SEARCH_KEY, JSON.stringify(search));
    forgetOnPageHide();
  } catch {
    // Storage full or disabled: the search is just not restored.
  }
}

export function forgetLastSearch() {
  try {
    sessionStorage.removeItem(LAST_SEARCH_KEY);
  } catch {
    // Nothing stored then.
  }
}

/** The search lives as long as the page: unloading (reload, close, leaving the site) forgets it. */
function forgetOnPageHide() {
  // addEventListener ignores a listener that is already registered, so calling this often is fine.
  window.addEventListener('pagehide', forgetLastSearch);
}
