import type { Item, KindPath } from '@dp/contract';
import { useMemo, useState } from 'react';
import { useItemPages } from '../api/items-with-versions';
import type { SelectionEntry } from './selection-list';

/**
 * The left list of a versions or relation screen: a kind's items, filtered and paged by the server, and
 * the one chosen (kept while a filter hides it). Spread `list` into a SelectionList.
 */
export function useItemList(kind: KindPath) {
  const [filter, setFilter] = useState('');
  const [item, setItem] = useState<Item | null>(null);
  const pages = useItemPages(kind, filter);
  const entries = useMemo<SelectionEntry[]>(
    () => pages.rows.map((entry) => ({ id: entry.href, label: entry.name, description: entry.description })),
    [pages.rows],
  );
  const choose = (href: string) => setItem(pages.rows.find((entry) => entry.href === href) ?? null);
  return {
    item,
    choose,
    list: {
      entries,
      loading: pages.loading,
      server: { filter, onFilterChange: setFilter, ...pages.paging },
    },
  };
}
