import type { HistoryPage } from '@dp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { databaseKeys } from './keys';

/** The history's filters the screen keeps in its URL. */
export interface HistoryFilter {
  entity?: string;
  entity_id?: string;
}

const PAGE = 100;

/** GET /api/audit: the history, newest first, a page at a time. */
export function useHistory(filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: [...databaseKeys.history, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE) });
      if (filter.entity) params.set('entity', filter.entity);
      if (filter.entity_id) params.set('entity_id', filter.entity_id);
      if (pageParam) params.set('after', pageParam);
      return api.get<HistoryPage>(`/api/audit?${params.toString()}`, { signal });
    },
    getNextPageParam: (last) => last.next,
  });
}
