import {
  itemSortColumns,
  type Item,
  type ItemInput,
  type ItemPage,
  type ItemSortColumn,
  type KindPath,
} from '@dp/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TableQuery } from '../../../components/editable-table';
import { api, ifMatch } from '../../../lib/api';
import { basicDataKeys } from './keys';

/** Typing in a column filter asks the server once it pauses. */
const FILTER_PAUSE_MS = 300;

const isItemSortColumn = (key: string): key is ItemSortColumn => (itemSortColumns as readonly string[]).includes(key);

/** GET /api/{kind}/page's parameters for a table's sort and filters (the server sorts by one column). */
export function itemPageParams({ sorting, filters }: Pick<TableQuery, 'sorting' | 'filters'>) {
  const sort = sorting[0];
  const filter = (key: string) => {
    const value = filters.find((entry) => entry.id === key)?.value;
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  return {
    sort: sort && isItemSortColumn(sort.id) ? `${sort.desc ? '-' : ''}${sort.id}` : 'name',
    name: filter('name'),
    updated_by: filter('updated_by'),
  };
}

/**
 * GET /api/{kind}/page: a kind's items as the table's query sorts and filters them, one page at a time
 * (`loadMore` for the next); the rows of every page loaded so far.
 */
export function useItemPages(kind: KindPath, query: TableQuery) {
  const [filters] = useDebouncedValue(query.filters, FILTER_PAUSE_MS);
  const params = itemPageParams({ sorting: query.sorting, filters });
  const result = useInfiniteQuery({
    // Under the items key, so that every write that reloads the items reloads the pages too.
    queryKey: [...basicDataKeys.items(kind), 'pages', params],
    queryFn: ({ pageParam, signal }) =>
      api.get<ItemPage>(`/api/${kind}/page`, { query: { ...params, after: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    // A new sort or filter keeps the old rows under the loading overlay until its first page is there.
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => result.data?.pages.flatMap((page) => page.items) ?? [], [result.data]);
  return {
    rows,
    loading: result.isPending || (result.isPlaceholderData && result.isFetching),
    error: result.error,
    refetch: result.refetch,
    // The old query's rows, shown until the new query's first page is there, have no next page of their own.
    hasMore: result.hasNextPage && !result.isPlaceholderData,
    loadingMore: result.isFetchingNextPage,
    loadMore: result.fetchNextPage,
  };
}

function fetchItems(kind: KindPath, signal?: AbortSignal): Promise<Item[]> {
  return api.get<Item[]>(`/api/${kind}`, { signal });
}

/** All systems, assemblies or sub-assemblies (without versions). */
export function useItems(kind: KindPath) {
  return useQuery({ queryKey: basicDataKeys.items(kind), queryFn: ({ signal }) => fetchItems(kind, signal) });
}

/** SPEC 5: saving an item sends only name, description and image. */
function itemBody(source: { name?: unknown; description?: unknown; image?: unknown }): ItemInput {
  return {
    name: typeof source.name === 'string' ? source.name : '',
    description: typeof source.description === 'string' ? source.description : '',
    image: (source.image ?? null) as ItemInput['image'],
  };
}

export function createItem(kind: KindPath, values: Record<string, unknown>): Promise<Item> {
  return api.post<Item>(`/api/${kind}`, itemBody(values));
}

export function updateItem(item: Item, values: Record<string, unknown>): Promise<Item> {
  return api.put<Item>(item.href, itemBody({ ...item, ...values }), { headers: ifMatch(item.etag) });
}

/** Answers 409 with the server's message while the item still has versions. */
export function deleteItem(item: Item): Promise<void> {
  return api.delete(item.href, { headers: ifMatch(item.etag) });
}
