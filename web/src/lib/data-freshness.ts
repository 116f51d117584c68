import type { Infos } from '@dp/contract';
import { queryOptions, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from './api';

/** SPEC 4 and 9: the data is rechecked every 240000 ms (and when the tab comes back into focus). */
const DATA_RECHECK_MS = 240_000;

/** The data's modification time (SPEC 7 /api/infos); every write invalidates this key. */
export const INFOS_KEY = ['infos'] as const;

/** Queries whose keys carry the modification time follow it by themselves. */
const FOLLOWS_MODIFICATION_TIME = new Set<unknown>([INFOS_KEY[0], 'evaluate']);

export const infosQueryOptions = () =>
  queryOptions({
    queryKey: INFOS_KEY,
    queryFn: ({ signal }) => api.get<Infos>('/api/infos', { signal }),
    staleTime: DATA_RECHECK_MS,
    refetchInterval: DATA_RECHECK_MS,
    refetchOnWindowFocus: true,
  });

/** The time of the last change to the data, for query keys that should follow it. */
export function useModificationTime(): string | undefined {
  return useQuery(infosQueryOptions()).data?.modification_time;
}

/**
 * Keeps every open screen current (issue 4: "every open client refreshes its data"): when the
 * modification time changes, by a write here or anywhere else, all other queries are reloaded.
 */
export function useDataFreshness(enabled: boolean) {
  const queryClient = useQueryClient();
  const time = useQuery({ ...infosQueryOptions(), enabled }).data?.modification_time;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (time === undefined) return;
    if (seen.current !== undefined && seen.current !== time) {
      void queryClient.invalidateQueries({ predicate: (query: Query) => !FOLLOWS_MODIFICATION_TIME.has(query.queryKey[0]) });
    }
    seen.current = time;
  }, [time, queryClient]);
}
