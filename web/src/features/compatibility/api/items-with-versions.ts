import type { ItemWithVersions, KindPath } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/** GET /api/{kind}/versions: every item of a kind with its versions. */
function fetchItemsWithVersions(kind: KindPath, signal?: AbortSignal): Promise<ItemWithVersions[]> {
  return api.get<ItemWithVersions[]>(`/api/${kind}/versions`, { signal });
}

export function useItemsWithVersions(kind: KindPath) {
  return useQuery({
    queryKey: compatibilityKeys.itemsWithVersions(kind),
    queryFn: ({ signal }) => fetchItemsWithVersions(kind, signal),
  });
}
