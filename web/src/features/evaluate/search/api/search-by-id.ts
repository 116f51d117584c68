import type { SearchHint, SearchResults } from '@dp/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export function fetchSearchById({
  id,
  id_version,
  type,
}: Pick<SearchHint, 'id' | 'id_version' | 'type'>): Promise<SearchResults> {
  return api.post<SearchResults>('/api/search/searchById', { id, id_version, type });
}

/** The versions behind a chosen hint: all versions of an item, or the one version; 404 when gone. */
export function useSearchById() {
  return useMutation({ mutationFn: fetchSearchById, meta: { banner: false } });
}
