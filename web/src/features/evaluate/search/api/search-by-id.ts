import type { SearchHint, SearchResults } from '@dp/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useAsOf } from '../../as-of';

export function fetchSearchById(
  { id, id_version, type }: Pick<SearchHint, 'id' | 'id_version' | 'type'>,
  at: string | undefined,
): Promise<SearchResults> {
  return api.post<SearchResults>('/api/search/searchById', {
    id,
    id_version,
    type,
    ...(at === undefined ? {} : { at }),
  });
}

/** The versions behind a chosen hint: all versions of an item, or the one version; 404 when gone. */
export function useSearchById() {
  const { at } = useAsOf();
  return useMutation({
    mutationFn: (hint: Pick<SearchHint, 'id' | 'id_version' | 'type'>) => fetchSearchById(hint, at),
    meta: { banner: false },
  });
}
