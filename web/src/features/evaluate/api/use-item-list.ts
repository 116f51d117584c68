import type { ItemPage, KindPath, Version } from '@dp/contract';
import { infiniteQueryOptions, queryOptions, skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';
import { useAsOf } from '../as-of';

const itemPagesQueryOptions = (kind: KindPath, at: string | undefined, modificationTime: string | undefined) =>
  infiniteQueryOptions({
    ...followingData(['evaluate', 'item-pages', kind, at], modificationTime),
    queryFn: ({ pageParam, signal }) =>
      api.get<ItemPage>(`/api/${kind}/page`, { query: { after: pageParam, at }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    // The list shows a failure itself, with a retry (LoadError).
    meta: { followsData: true, banner: false },
  });

/** GET /api/{kind}/page: the items of a kind by name (as of `?at=`), a page at a time (fetchNextPage for more). */
export function useItemPages(kind: KindPath) {
  const query = useInfiniteQuery(itemPagesQueryOptions(kind, useAsOf().at, useModificationTime()));
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, items };
}

const versionsOfItemQueryOptions = (
  itemHref: string | undefined,
  at: string | undefined,
  modificationTime: string | undefined,
) =>
  queryOptions({
    ...followingData(['evaluate', 'versions-of-item', itemHref, at], modificationTime),
    queryFn: itemHref
      ? ({ signal }) => api.get<Version[]>(`${itemHref}/versions`, { query: { at }, signal })
      : skipToken,
    // An item named by a link that does not exist (any more) is told on the screen (404), not in the banner.
    meta: { followsData: true, banner: false },
  });

/** GET {item}/versions: one item's versions in natural order, as of `?at=`; nothing until an item is chosen. */
export function useVersionsOfItem(itemHref: string | undefined) {
  return useQuery(versionsOfItemQueryOptions(itemHref, useAsOf().at, useModificationTime()));
}
