import { useCallback, useEffect } from 'react';

/**
 * For a virtualised list of `count` loaded entries whose next page the server holds (`hasMore`): asks for it
 * (`loadMore`) once the last rendered entry is within `ahead` entries of the end, so that scrolling rarely
 * waits; one page at a time. A caller whose last page failed passes `hasMore` false until it may ask again.
 */
export function useLoadAhead(
  virtualizer: { getVirtualItems(): ReadonlyArray<{ index: number }> },
  {
    count,
    ahead,
    hasMore,
    loadingMore,
    loadMore,
  }: { count: number; ahead: number; hasMore: boolean; loadingMore: boolean; loadMore: () => void },
) {
  const lastShown = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  const wantsMore = hasMore && !loadingMore && lastShown >= count - ahead;
  useEffect(() => {
    if (wantsMore) loadMore();
  }, [wantsMore, loadMore]);
}

/**
 * useLoadAhead's paging of an infinite query: a failed further page is not asked again on every scroll
 * (the list shows the failure, with a retry that calls fetchNextPage).
 */
export function useQueryPaging({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}): { hasMore: boolean; loadingMore: boolean; loadMore: () => void } {
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return { hasMore: hasNextPage && !isFetchNextPageError, loadingMore: isFetchingNextPage, loadMore };
}
