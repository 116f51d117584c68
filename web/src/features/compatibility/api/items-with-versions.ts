import type { Item, KindPath, Version } from '@dp/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api';
import { useServerPages } from '../../../lib/server-pages';
import { compatibilityKeys } from './query-keys';

/**
 * GET /api/{kind}/page by name: the items of a screen's left list, those whose name contains `filter`
 * (folded, on the server), a page at a time.
 */
export function useItemPages(kind: KindPath, filter: string) {
  const query = useMemo(
    () => ({ sorting: [{ id: 'name', desc: false }], filters: filter ? [{ id: 'name', value: filter }] : [] }),
    [filter],
  );
  return useServerPages<Item>({
    queryKey: [...compatibilityKeys.itemsWithVersions(kind), 'items'],
    url: `/api/${kind}/page`,
    query,
    sorts: ['name'],
    filterKeys: ['name'],
  });
}

/** GET {item}/versions: the chosen item's versions in natural order; nothing until an item is chosen. */
export function useVersionsOf(kind: KindPath, itemHref: string | null) {
  return useQuery({
    queryKey: [...compatibilityKeys.itemsWithVersions(kind), 'versions', itemHref],
    queryFn: itemHref ? ({ signal }) => api.get<Version[]>(`${itemHref}/versions`, { signal }) : skipToken,
  });
}
