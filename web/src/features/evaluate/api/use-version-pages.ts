import { versionLabelText, type KindPath, type Version, type VersionPage } from '@dp/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';
import { useAsOf } from '../as-of';

/** A version of a page with the label the lists show (SPEC 2). */
export interface ListedVersion extends Version {
  label: string;
}

export function fetchVersionPage(
  kind: KindPath,
  { q, after, at }: { q: string; after: string | null; at: string | undefined },
  signal?: AbortSignal,
): Promise<VersionPage> {
  return api.get<VersionPage>(`/api/${kind}/versions/page`, { query: { q: q || null, after, at }, signal });
}

/** Keyed by the data's modification time, the filter and the point in time: pages stay cached while none changes. */
export const versionPagesQueryOptions = (
  kind: KindPath,
  filter: string,
  at: string | undefined,
  modificationTime: string | undefined,
) =>
  infiniteQueryOptions({
    ...followingData(['evaluate', 'version-pages', kind, filter, at], modificationTime),
    queryFn: ({ pageParam, signal }) => fetchVersionPage(kind, { q: filter, after: pageParam, at }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    // The list shows a failure itself, with a retry (LoadError).
    meta: { followsData: true, banner: false },
    // A data change swaps the list in place instead of flashing the loading state; the rows of another
    // filter or another point in time are not kept, they would be taken for the answer to this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === filter && previousQuery.queryKey[4] === at ? previous : undefined,
  });

/**
 * GET /api/{kind}/versions/page: the versions of a kind whose label contains `filter`, one page at a
 * time (fetchNextPage for more), with their labels.
 */
export function useVersionPages(kind: KindPath, filter: string) {
  const { data, error, isError, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useInfiniteQuery(versionPagesQueryOptions(kind, filter, useAsOf().at, useModificationTime()));
  const versions = useMemo(
    () =>
      data?.pages.flatMap((page) =>
        page.versions.map((version): ListedVersion => ({ ...version, label: versionLabelText(version) })),
      ),
    [data],
  );
  return { versions, error, isError, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage };
}
