import type { SearchResult, SearchType } from '@dp/contract';
import { useNavigate } from 'react-router';
import { FILTER_TARGET_KEY, LAST_SELECTED_KEY } from '../evaluate-storage';

const browserOf: Record<SearchType, string> = {
  System: '/evaluate/system-compatibility-browser',
  Assembly: '/evaluate/assembly-compatibility-browser',
  'Sub-Assembly': '/evaluate/subassembly-compatibility-browser',
};


/** "Parent (name name2)", the way the hints label a version. */
export function resultLabel({ parent, name, name2 }: Pick<SearchResult, 'parent' | 'name' | 'name2'>): string {
  const numbers = [name, name2].filter(Boolean).join(' ');
  return numbers ? `${parent} (${numbers})` : parent;
}

/** The browser of the result's kind, filtered by `data` = parent name, name and name2 joined by spaces. */
export function resultLink({ type, parent, name, name2 }: SearchResult): string {
  const data = [parent, name, name2].filter(Boolean).join(' ');
  return `${browserOf[type]}?${new URLSearchParams({ data }).toString()}`;
}

/** Stores what the browser selects: the result's href as filter target and its label. */
export function rememberSelection(result: SearchResult) {
  try {
    sessionStorage.setItem(FILTER_TARGET_KEY, result.href);
    sessionStorage.setItem(LAST_SELECTED_KEY, resultLabel(result));
  } catch {
    // Storage disabled by policy: the browser still selects by the `data` parameter.
  }
}

/** Opens a search result in its compatibility browser (smart search and QR lookup). */
export function useOpenResult(): (result: SearchResult) => void {
  const navigate = useNavigate();
  return (result) => {
    rememberSelection(result);
    void navigate(resultLink(result));
  };
}
