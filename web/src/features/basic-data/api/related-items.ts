import type { KindPath, RelatedItem } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api, idOf } from '../../../lib/api';
import { basicDataKeys } from './keys';

/** Every possible child item of parent `id`, with whether it is related (SPEC 7 'Relations'). */
function fetchRelatedItems(
  parent: KindPath,
  id: string,
  child: KindPath,
  signal?: AbortSignal,
): Promise<RelatedItem[]> {
  return api.get<RelatedItem[]>(`/api/${parent}/${id}/${child}`, { signal });
}

export function useRelatedItems(parent: KindPath, id: string | null, child: KindPath) {
  return useQuery({
    queryKey: basicDataKeys.relatedItems(parent, id ?? '', child),
    queryFn: ({ signal }) => fetchRelatedItems(parent, id ?? '', child, signal),
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
