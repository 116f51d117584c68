import type { Item, KindPath, Version } from '@dp/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';

const itemListQueryOptions = (kind: KindPath, modificationTime: string | undefined) =>
  queryOptions({
    ...followingData(['evaluate', 'items', kind], modificationTime),
    queryFn: ({ signal }) => api.get<Item[]>(`/api/${kind}`, { signal }),
  });

/** GET /api/{kind}: the items of a kind by name, without their versions. */
export function useItemList(kind: KindPath) {
  return useQuery(itemListQueryOptions(kind, useModificationTime()));
}

const versionsOfItemQueryOptions = (itemHref: string | undefined, modificationTime: string | undefined) =>
  queryOptions({
    ...followingData(['evaluate', 'versions-of-item', itemHref], modificationTime),
    queryFn: itemHref ? ({ signal }) => api.get<Version[]>(`${itemHref}/versions`, { signal }) : skipToken,
  });

/** GET {item}/versions: one item's versions in natural order; nothing until an item is chosen. */
export function useVersionsOfItem(itemHref: string | undefined) {
  return useQuery(versionsOfItemQueryOptions(itemHref, useModificationTime()));
}
