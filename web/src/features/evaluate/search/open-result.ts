import { versionLabelText, versionSearchLabel, type KindPath, type SearchResult, type SearchType } from '@dp/contract';
import { useNavigate } from 'react-router';
import { withAt, useAsOf } from '../as-of';
import { browserLink } from '../browsers/browser-paths';
import { FILTER_TARGET_KEY, LAST_SELECTED_KEY } from '../evaluate-storage';

const kindOf: Record<SearchType, KindPath> = {
  System: 'systems',
  Assembly: 'assemblies',
  'Sub-Assembly': 'subassemblies',
};

/** "Parent (name name2)", the way the hints label a version. */
export function resultLabel({ parent, name, name2 }: Pick<SearchResult, 'parent' | 'name' | 'name2'>): string {
  return versionSearchLabel(parent, name, name2);
}

/** The browser of the result's kind, filtered by `data` = parent name, name and name2 joined by spaces. */
export function resultLink({ type, parent, name, name2 }: SearchResult): string {
  return browserLink(kindOf[type], versionLabelText({ parent_name: parent, name, name2 }));
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
  const { at } = useAsOf();
  return (result) => {
    rememberSelection(result);
    void navigate(withAt(resultLink(result), at));
  };
}
