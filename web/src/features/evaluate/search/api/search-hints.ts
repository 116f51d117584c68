import type { SearchHint } from '@dp/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useAsOf } from '../../as-of';

export function fetchSearchHints(word: string, at: string | undefined, signal?: AbortSignal): Promise<SearchHint[]> {
  return api.post<SearchHint[]>('/api/search/hint', { word, ...(at === undefined ? {} : { at }) }, { signal });
}

/** Typeahead hints for `word` (at most 20, items before their versions); asked for only while `enabled`. */
export function useSearchHints(word: string, enabled: boolean) {
  const { at } = useAsOf();
  return useQuery({
    queryKey: ['search', 'hints', word, at],
    queryFn: ({ signal }) => fetchSearchHints(word, at, signal),
    enabled,
    // The previous hints stay listed while the next word's hints load, so the list does not flicker.
    placeholderData: keepPreviousData,
    // Hints are a convenience: a failure is shown in the hint list, not in the error banner.
    meta: { banner: false },
  });
}
