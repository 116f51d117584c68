import { fold, versionLabelText, type KindPath, type Version } from '@dp/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { ApiFailure } from '../../../lib/api-failure';
import { followingData, useModificationTime } from '../../../lib/data-freshness';
import type { ListedVersion } from '../api/use-version-pages';
import { paramsWithAt, useAsOf } from '../as-of';
import { FILTER_TARGET_KEY } from '../evaluate-storage';

export type Selection =
  | { state: 'none' }
  | { state: 'selected'; version: ListedVersion; source: 'data' | 'filterTarget' }
  | { state: 'unmatched'; data: string };

const labelled = (version: Version): ListedVersion => ({ ...version, label: versionLabelText(version) });

/**
 * The version to show on arrival (SPEC 2): the first whose label equals `data` after folding, else the
 * first whose label contains it (`data` is a filter text; the server's `byLabel` answer, null for none);
 * without `data`, the filter target (null when there is none or it is gone). Undefined while an answer
 * it needs is still loading.
 */
export function resolveSelection(
  data: string | null,
  target: Version | null | undefined,
  byLabel: Version | null | undefined,
): Selection | undefined {
  const wanted = fold(data ?? '');
  if (wanted !== '') {
    // The smart search sets both; its target tells apart versions that share a label.
    if (target && fold(versionLabelText(target)) === wanted)
      return { state: 'selected', version: labelled(target), source: 'data' };
    if (byLabel === undefined) return undefined;
    return byLabel
      ? { state: 'selected', version: labelled(byLabel), source: 'data' }
      : { state: 'unmatched', data: data ?? '' };
  }
  if (target === undefined) return undefined;
  return target ? { state: 'selected', version: labelled(target), source: 'filterTarget' } : { state: 'none' };
}

/** The smart search's last pick, if it is a version of `kind`. */
function readFilterTarget(kind: KindPath): string | null {
  let href: string | null;
  try {
    href = window.sessionStorage.getItem(FILTER_TARGET_KEY);
  } catch {
    // Storage disabled by browser policy: there is no target to restore.
    return null;
  }
  return href && new RegExp(`^/api/${kind}/versions/\\d+$`).test(href) ? href : null;
}

interface VersionRequest {
  url: string;
  query?: Record<string, string | undefined>;
}

/** GET a version; null when the server has no such version (404). */
async function fetchVersionOrNull({ url, query }: VersionRequest, signal: AbortSignal): Promise<Version | null> {
  try {
    return await api.get<Version>(url, { query, signal });
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

const versionQueryOptions = (
  key: readonly unknown[],
  request: VersionRequest | null,
  modificationTime: string | undefined,
) =>
  queryOptions({
    ...followingData(['evaluate', 'selected-version', ...key], modificationTime),
    queryFn: request ? ({ signal }) => fetchVersionOrNull(request, signal) : skipToken,
  });

/**
 * The browser's selected version, kept in the address as `?data=<label>` so links can be shared. The server
 * resolves the label (GET /api/{kind}/versions/by-label) and the filter target (GET its href), so no list
 * of every version is loaded.
 */
export function useSelectedVersion(kind: KindPath) {
  const [params, setParams] = useSearchParams();
  const { at } = useAsOf();
  const data = params.get('data');
  const wanted = fold(data ?? '');
  const modificationTime = useModificationTime();
  // Read on every render: the smart search sets it just before it navigates here.
  const targetHref = readFilterTarget(kind);
  const target = useQuery(
    versionQueryOptions(
      ['target', targetHref, at],
      targetHref ? { url: targetHref, query: { at } } : null,
      modificationTime,
    ),
  );
  const byLabelRequest =
    wanted === '' ? null : { url: `/api/${kind}/versions/by-label`, query: { label: data ?? '', at } };
  const byLabel = useQuery(versionQueryOptions(['by-label', kind, wanted, at], byLabelRequest, modificationTime));
  const selection = resolveSelection(data, targetHref ? target.data : null, byLabel.data);

  const fromTarget =
    selection?.state === 'selected' && selection.source === 'filterTarget' ? selection.version.label : undefined;
  useEffect(() => {
    // Put a version restored from the filter target into the address without a new history entry.
    if (fromTarget) setParams(paramsWithAt({ data: fromTarget }, at), { replace: true });
  }, [fromTarget, setParams, at]);

  const select = (version: Pick<ListedVersion, 'label'>) => setParams(paramsWithAt({ data: version.label }, at));
  return { selection, select };
}
