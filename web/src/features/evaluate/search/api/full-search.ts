import type { SearchResultPage } from '@dp/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useAsOf } from '../../as-of';

/** The results table asks for this many results at a time: a few screens of rows. */
const RESULTS_PAGE_SIZE = 50;

/** One page of a full search (POST /api/search/full/page): every kind in the order the table shows. */
export function fetchFullSearchPage(
  word: string,
  at: string | undefined,
  { after = null, limit = RESULTS_PAGE_SIZE }: { after?: string | null; limit?: number } = {},
): Promise<SearchResultPage> {
  return api.post<SearchResultPage>('/api/search/full/page', {
    word,
    limit,
    ...(after === null ? {} : { after }),
    ...(at === undefined ? {} : { at }),
  });
}

/**
 * The first page of a full-text search on a typed word (smart search) or a scanned QR line, `limit` results
 * long; the caller shows failures.
 */
export function useFullSearch(limit = RESULTS_PAGE_SIZE) {
  const { at } = useAsOf();
  return useMutation({
    mutationFn: (word: string) => fetchFullSearchPage(word, at, { limit }),
    meta: { banner: false },
  });
}

/** The page after `after` of a full search, as the results table scrolls near its end. */
export function useMoreResults() {
  const { at } = useAsOf();
  return useMutation({
    mutationFn: ({ word, after }: { word: string; after: string }) => fetchFullSearchPage(word, at, { after }),
    meta: { banner: false },
  });
}
