import type { CompatibilityRecord, KindPath } from '@dp/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';

export function fetchVersionCompatibilities(
  versionHref: string,
  kind: KindPath,
  signal?: AbortSignal,
): Promise<CompatibilityRecord[]> {
  return api.get<CompatibilityRecord[]>(`${versionHref}/compatibilities/${kind}`, { signal });
}

export const versionCompatibilitiesQueryOptions = (
  versionHref: string | undefined,
  kind: KindPath,
  modificationTime: string | undefined,
) =>
  queryOptions({
    ...followingData(['evaluate', 'version-compatibilities', versionHref, kind], modificationTime),
    queryFn: versionHref ? ({ signal }) => fetchVersionCompatibilities(versionHref, kind, signal) : skipToken,
  });

/** GET {versionHref}/compatibilities/{kind}: one version's compatibilities to versions of `kind`. */
export function useVersionCompatibilities(versionHref: string | undefined, kind: KindPath) {
  return useQuery(versionCompatibilitiesQueryOptions(versionHref, kind, useModificationTime()));
}
