import type { CompatibilityRecord, KindPath } from '@dp/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';
import { useAsOf } from '../as-of';

export function fetchVersionCompatibilities(
  versionHref: string,
  kind: KindPath,
  at: string | undefined,
  signal?: AbortSignal,
): Promise<CompatibilityRecord[]> {
  return api.get<CompatibilityRecord[]>(`${versionHref}/compatibilities/${kind}`, { query: { at }, signal });
}

export const versionCompatibilitiesQueryOptions = (
  versionHref: string | undefined,
  kind: KindPath,
  at: string | undefined,
  modificationTime: string | undefined,
) =>
  queryOptions({
    ...followingData(['evaluate', 'version-compatibilities', versionHref, kind, at], modificationTime),
    queryFn: versionHref ? ({ signal }) => fetchVersionCompatibilities(versionHref, kind, at, signal) : skipToken,
  });

/** GET {versionHref}/compatibilities/{kind}: one version's compatibilities to versions of `kind`, as of `?at=`. */
export function useVersionCompatibilities(versionHref: string | undefined, kind: KindPath) {
  return useQuery(versionCompatibilitiesQueryOptions(versionHref, kind, useAsOf().at, useModificationTime()));
}
