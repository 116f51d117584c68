import type { LiveStatus, ServerStatus } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** SPEC 9: the monitoring page asks every 60 s while it is open. */
export const MONITORING_POLL_MS = 60_000;

/** GET /api/live-status (SPEC 7): live and demo as this instance sees them. */
function fetchLiveStatus(signal?: AbortSignal): Promise<LiveStatus> {
  return api.get<LiveStatus>('/api/live-status', { signal });
}

/** Polls while a component uses it; TanStack Query stops the interval when the page is left. */
export function useLiveStatus() {
  return useQuery({
    queryKey: ['monitoring', 'live-status'],
    queryFn: ({ signal }) => fetchLiveStatus(signal),
    refetchInterval: MONITORING_POLL_MS,
    // A monitor on a screen in another tab keeps watching.
    refetchIntervalInBackground: true,
    staleTime: 0,
    // The page shows a failure itself; a banner every minute would be noise.
    meta: { banner: false },
  });
}

/** GET /api/server-status: this instance's runtime and what serves its reads, polled like the targets. */
export function useServerStatus() {
  return useQuery({
    queryKey: ['monitoring', 'server-status'],
    queryFn: ({ signal }) => api.get<ServerStatus>('/api/server-status', { signal }),
    refetchInterval: MONITORING_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    meta: { banner: false },
  });
}
