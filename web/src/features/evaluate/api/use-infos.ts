import type { Infos } from '@dp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** SPEC 4 and 9: the data is rechecked every 240000 ms. */
const DATA_RECHECK_MS = 240_000;

export function fetchInfos(signal?: AbortSignal): Promise<Infos> {
  return api.get<Infos>('/api/infos', { signal });
}

export const infosQueryOptions = () =>
  queryOptions({
    queryKey: ['evaluate', 'infos'],
    queryFn: ({ signal }) => fetchInfos(signal),
    staleTime: DATA_RECHECK_MS,
    refetchInterval: DATA_RECHECK_MS,
  });

/**
 * The time of the last change to the data, polled every 240 s. The evaluation queries put it into
 * their keys, so a change anywhere reloads them and an unchanged state is never fetched twice.
 */
export function useModificationTime(): string | undefined {
  return useQuery(infosQueryOptions()).data?.modification_time;
}
