import type { SearchResults } from '@dp/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export function fetchFullSearch(word: string): Promise<SearchResults> {
  return api.post<SearchResults>('/api/search/full', { word });
}

/** Full-text search on a typed word (smart search) or a scanned QR line; the caller shows failures. */
export function useFullSearch() {
  return useMutation({ mutationFn: fetchFullSearch, meta: { banner: false } });
}
