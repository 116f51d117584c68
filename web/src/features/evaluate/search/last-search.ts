import { searchResultPage, searchWord, type SearchResultPage } from '@dp/contract';

/** Session-storage key of the last smart search (SPEC 2). */
export const LAST_SEARCH_KEY = 'lastSmartSearch';

/** A search as the table shows it: its term, the results loaded so far and where the next page starts. */
export interface LastSearch extends SearchResultPage {
  term: string;
}

// Only what a search could have stored: a term it searched for, and a page as the server answers it.
const storedSearch = searchResultPage.extend({ term: searchWord });

/** The last search of this tab, or null when there is none or it cannot be read. */
export function loadLastSearch(): LastSearch | null {
  try {
    const parsed = storedSearch.safeParse(JSON.parse(sessionStorage.getItem(LAST_SEARCH_KEY) ?? 'null'));
    if (!parsed.success) return null;
    forgetOnPageHide();
    return parsed.data;
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
