import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TableQuery } from '../components/editable-table';
import { api } from './api';

/** Typing in a filter asks the server once it pauses. */
const FILTER_PAUSE_MS = 300;

/** One page of a paged listing of the API: `next` goes back as `after`, null on the last page. */
interface Page<Row> {
  items: Row[];
  next: string | null;
}

/**
 * A listing's parameters for a table's sort and filters: `sort` is the sorted column (a leading '-' when
 * descending) if the listing can sort by it, else the listing's default (the first of `sorts`); each of
 * `filterKeys` with a non-blank filter becomes a parameter of its name.
 */
export function pageParams(
  { sorting, filters }: Pick<TableQuery, 'sorting' | 'filters'>,
  sorts: readonly string[],
  filterKeys: readonly string[],
): Record<string, string> {
  const params: Record<string, string> = {};
  const sort = sorting[0];
  params.sort = sort && sorts.includes(sort.id) ? `${sort.desc ? '-' : ''}${sort.id}` : (sorts[0] ?? '');
  for (const key of filterKeys) {
    const value = filters.find((entry) => entry.id === key)?.value;
    if (typeof value === 'string' && value.trim() !== '') params[key] = value;
  }
  return params;
}

/**
 * A paged listing (GET `url`?sort=&…filters&after=) as the rows of every page loaded so far, sorted and
 * filtered by `query` on the server; `loadMore` asks for the next page. The key should lie under the keys a
 * write invalidates, so that a write reloads the pages too.
 */
export function useServerPages<Row>({
  queryKey,
  url,
  query,
  sorts,
  filterKeys,
  enabled = true,
}: {
  queryKey: readonly unknown[];
  url: string;
  query: Pick<TableQuery, 'sorting' | 'filters'>;
  sorts: readonly string[];
  filterKeys: readonly string[];
  enabled?: boolean;
}) {
  const [filters] = useDebouncedValue(query.filters, FILTER_PAUSE_MS);
  const params = pageParams({ sorting: query.sorting, filters }, sorts, filterKeys);
  const result = useInfiniteQuery({
    queryKey: [...queryKey, 'pages', params],
    queryFn: ({ pageParam, signal }) => api.get<Page<Row>>(url, { query: { ...params, after: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled,
    // A new sort or filter keeps the old rows under the loading overlay until its first page is there.
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => result.data?.pages.flatMap((page) => page.items) ?? [], [result.data]);
  const { fetchNextPage } = result;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    rows,
    loading: (enabled && result.isPending) || (result.isPlaceholderData && result.isFetching),
    error: result.error,
    refetch: result.refetch,
    /** What a paged list needs to ask for more (EditableTable's `server`, useLoadOnScroll). */
    paging: {
      // The old query's rows, shown until the new query's first page is there, have no next page of their own.
      hasMore: result.hasNextPage && !result.isPlaceholderData,
      loadingMore: result.isFetchingNextPage,
      loadMore,
    },
  };
}
