import type { CompatibilityInfo } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/** GET /api/compatibility_infos: the obligation texts with their status. */
export function fetchCompatibilityInfos(signal?: AbortSignal): Promise<CompatibilityInfo[]> {
  return api.get<CompatibilityInfo[]>('/api/compatibility_infos', { signal });
}

export function useCompatibilityInfos() {
  return useQuery({ queryKey: compatibilityKeys.compatibilityInfos, queryFn: ({ signal }) => fetchCompatibilityInfos(signal) });
}
