import type { SystemDelta } from '@dp/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';
import { useAsOf } from '../as-of';

export function fetchSystemDelta(
  version1: number,
  version2: number,
  at: string | undefined,
  signal?: AbortSignal,
): Promise<SystemDelta> {
  return api.get<SystemDelta>(`/api/systems/versions/${version1}/delta/${version2}`, { query: { at }, signal });
}

export const systemDeltaQueryOptions = (
  version1: number | undefined,
  version2: number | undefined,
  at: string | undefined,
  modificationTime: string | undefined,
) =>
  queryOptions({
    ...followingData(['evaluate', 'system-delta', version1, version2, at], modificationTime),
    queryFn: version1 && version2 ? ({ signal }) => fetchSystemDelta(version1, version2, at, signal) : skipToken,
  });

/** GET /api/systems/versions/{v1}/delta/{v2}: how two versions of one system differ; 400 across systems. */
export function useSystemDelta(version1: number | undefined, version2: number | undefined) {
  return useQuery(systemDeltaQueryOptions(version1, version2, useAsOf().at, useModificationTime()));
}
