import type { KindPath, RelatedItem } from '@dp/contract';
import type { TableQuery } from '../../../components/editable-table';
import { api, idOf } from '../../../lib/api';
import { useServerPages } from '../../../lib/server-pages';
import { basicDataKeys } from './keys';

/**
 * GET /api/{parent}/{id}/{child}/page: every possible child item of parent `id` with whether it is related
 * (SPEC 7 'Relations'), as the table's query sorts and filters them, a page at a time.
 */
export function useRelatedItemPages(parent: KindPath, id: string | null, child: KindPath, query: TableQuery) {
  return useServerPages<RelatedItem>({
    queryKey: basicDataKeys.relatedItems(parent, id ?? '', child),
    url: `/api/${parent}/${id ?? ''}/${child}/page`,
    query,
    sorts: ['name', 'related'],
    filterKeys: ['name'],
    enabled: id !== null,
  });
}

/** Relates (true) or unrelates (false) the child item to parent `id`; both answer 204. */
export function setRelated(
  parent: KindPath,
  id: string,
  child: KindPath,
  item: RelatedItem,
  related: boolean,
): Promise<void> {
  const url = `/api/${parent}/${id}/${child}/${idOf(item.href)}`;
  return related ? api.post<void>(url) : api.delete(url);
}
