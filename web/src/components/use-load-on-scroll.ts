import { useEffect, useRef, useState } from 'react';

/** Pixels from the end of a paged list at which its next page is asked for. */
const LOAD_AHEAD_PX = 300;

/**
 * For a Mantine ScrollArea holding a server-paged list of `count` entries: asks for the next page as the
 * list's end scrolls within reach. Pass `viewportRef` and `onScrollPositionChange` to the ScrollArea.
 */
export function useLoadOnScroll({
  count,
  hasMore,
  loadingMore,
  loadMore,
}: {
  count: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  // The entry count at which the end was last seen near: new entries wait for the next scroll.
  const [nearEndAt, setNearEndAt] = useState<number | null>(null);
  const wantsMore = nearEndAt === count && hasMore && !loadingMore;
  useEffect(() => {
    if (wantsMore) loadMore();
  }, [wantsMore, loadMore]);
  const onScrollPositionChange = ({ y }: { y: number }) => {
    const viewport = viewportRef.current;
    const near = viewport !== null && y + viewport.clientHeight >= viewport.scrollHeight - LOAD_AHEAD_PX;
    setNearEndAt(near ? count : null);
  };
  return { viewportRef, onScrollPositionChange };
}
