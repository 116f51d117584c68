import { fold } from '@dp/contract';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { CatalogVersion, VersionCatalog } from '../api/use-item-versions';
import { FILTER_TARGET_KEY } from '../evaluate-storage';

export type Selection =
  | { state: 'none' }
  | { state: 'selected'; version: CatalogVersion; source: 'data' | 'filterTarget' }
  | { state: 'unmatched'; data: string };

/**
 * The version to show on arrival (SPEC 2): the first whose label equals `data` after folding, else the
 * first whose label contains it (`data` is a filter text); without `data`, the filter target's href.
 */
export function resolveSelection(catalog: VersionCatalog, data: string | null, filterTarget: string | null): Selection {
  const wanted = fold(data ?? '');
  const target = filterTarget ? catalog.byHref.get(filterTarget) : undefined;
  if (wanted !== '') {
    // The smart search sets both; its href tells apart versions that share a label.
    const found =
      (target?.folded === wanted ? target : undefined) ??
      catalog.versions.find((version) => version.folded === wanted) ??
      catalog.versions.find((version) => version.folded.includes(wanted));
    return found ? { state: 'selected', version: found, source: 'data' } : { state: 'unmatched', data: data ?? '' };
  }
  return target ? { state: 'selected', version: target, source: 'filterTarget' } : { state: 'none' };
}

function readFilterTarget(): string | null {
  try {
    return window.sessionStorage.getItem(FILTER_TARGET_KEY);
  } catch {
    // Storage disabled by browser policy: there is no target to restore.
    return null;
  }
}

/** The browser's selected version, kept in the address as `?data=<label>` so links can be shared. */
export function useSelectedVersion(catalog: VersionCatalog | undefined) {
  const [params, setParams] = useSearchParams();
  const data = params.get('data');
  const selection = useMemo(
    () => (catalog ? resolveSelection(catalog, data, readFilterTarget()) : undefined),
    [catalog, data],
  );

  const fromTarget =
    selection?.state === 'selected' && selection.source === 'filterTarget' ? selection.version.label : undefined;
  useEffect(() => {
    // Put a version restored from the filter target into the address without a new history entry.
    if (fromTarget) setParams({ data: fromTarget }, { replace: true });
  }, [fromTarget, setParams]);

  const select = (version: Pick<CatalogVersion, 'label'>) => setParams({ data: version.label });
  return { selection, select };
}
