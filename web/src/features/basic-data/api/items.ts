import { itemSortColumns, type Item, type ItemInput, type KindPath } from '@dp/contract';
import type { TableQuery } from '../../../components/editable-table';
import { api, ifMatch } from '../../../lib/api';
import { useServerPages } from '../../../lib/server-pages';
import { basicDataKeys } from './keys';

/**
 * GET /api/{kind}/page: a kind's items as the table's query sorts and filters them, one page at a time
 * (`loadMore` for the next); the rows of every page loaded so far.
 */
export function useItemPages(kind: KindPath, query: Pick<TableQuery, 'sorting' | 'filters'>) {
  return useServerPages<Item>({
    // Under the items key, so that every write that reloads the items reloads the pages too.
    queryKey: basicDataKeys.items(kind),
    url: `/api/${kind}/page`,
    query,
    sorts: itemSortColumns,
    filterKeys: ['name', 'updated_by'],
  });
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
