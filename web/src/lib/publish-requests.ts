import type { PublishRequestCount } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { DATA_RECHECK_MS } from './data-freshness';

/**
 * Under the transfer screen's key of the requests (features/database/api/keys.ts), so that asking for,
 * approving or rejecting a publication there refreshes the toolbar's count too.
 */
export const PUBLISH_REQUEST_COUNT_KEY = ['database', 'publish-requests', 'count'] as const;

/**
 * GET /api/publish-requests/count: how many publications wait for an admin's decision. A request does
 * not change the data's modification time, so the count is asked again on the data's own recheck
 * interval and when the tab comes back into focus, besides after every change of the data.
 */
export function usePublishRequestCount(enabled: boolean) {
  return useQuery({
    queryKey: PUBLISH_REQUEST_COUNT_KEY,
    queryFn: ({ signal }) => api.get<PublishRequestCount>('/api/publish-requests/count', { signal }),
    enabled,
    staleTime: DATA_RECHECK_MS,
    refetchInterval: DATA_RECHECK_MS,
    refetchOnWindowFocus: true,
    // A badge that cannot be read is left out; it is no error of the screen the user is on.
    meta: { banner: false },
  });
}
