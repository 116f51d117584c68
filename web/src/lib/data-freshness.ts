import type { Infos } from '@dp/contract';
import { queryOptions, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from './api';

/** SPEC 4 and 9: the data is rechecked every 240000 ms (and when the tab comes back into focus). */
export const DATA_RECHECK_MS = 240_000;

/** The data's modification time (SPEC 7 /api/infos); every write invalidates this key. */
export const INFOS_KEY = ['infos'] as const;

/**
 * Options of a query that follows the data: keyed by its modification time, so that a change anywhere
 * loads it anew and an unchanged state is never fetched twice; useDataFreshness leaves it alone.
 */
export function followingData<Key extends readonly unknown[]>(key: Key, modificationTime: string | undefined) {
  return {
    queryKey: [...key, modificationTime] as const,
    enabled: modificationTime !== undefined,
    staleTime: Infinity,
    meta: { followsData: true },
  };
}

export const infosQueryOptions = () =>
  queryOptions({
    queryKey: INFOS_KEY,
    queryFn: ({ signal }) => api.get<Infos>('/api/infos', { signal }),
    staleTime: DATA_RECHECK_MS,
    refetchInterval: DATA_RECHECK_MS,
    refetchOnWindowFocus: true,
  });

/**
 * The time of the last change to the data, for query keys that should follow it. Not `enabled` before
 * sign-in: the call would answer 401, which the error banner would show on the sign-in's way back.
 */
export function useModificationTime(enabled = true): string | undefined {
  return useQuery({ ...infosQueryOptions(), enabled }).data?.modification_time;
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
      void queryClient.invalidateQueries({
        predicate: (query: Query) => query.queryKey[0] !== INFOS_KEY[0] && !query.meta?.followsData,
      });
    }
    seen.current = time;
  }, [time, queryClient]);
}

/**
 * After a successful write: reloads `keys` (what the write may have changed) and INFOS_KEY, so that
 * every screen notices the new modification time (see useDataFreshness).
 */
export async function invalidateAfterWrite(
  queryClient: QueryClient,
  keys: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  await Promise.all([...keys, INFOS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** invalidateAfterWrite bound to this tree's query client. */
export function useAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    (keys: ReadonlyArray<readonly unknown[]>) => invalidateAfterWrite(queryClient, keys),
    [queryClient],
  );
}
