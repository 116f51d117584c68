import { idOfHref, type CompatibilityRecord, type KindPath } from '@dp/contract';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useModificationTime } from '../../../../lib/data-freshness';
import { versionCompatibilitiesQueryOptions } from '../../api/use-version-compatibilities';

const toIds = (records: CompatibilityRecord[]) => new Set(records.map((record) => idOfHref(record.to.href)));

export interface CompatibleIds {
  /** Version id → the ids of the versions of the asked kind it is compatible with; loaded lists only. */
  byId: Map<number, Set<number>>;
  loading: boolean;
  /** A list could not be loaded (the error banner says why). */
  failed: boolean;
}

/**
 * GET {versionHref}/compatibilities/{kind} for each href, reduced to ids. Each list is cached on its
 * own, so choosing one more version costs one small call.
 */
export function useCompatibleIds(versionHrefs: readonly string[], kind: KindPath): CompatibleIds {
  const modificationTime = useModificationTime();
  const hrefKey = versionHrefs.join(' ');
  const combine = useCallback(
    (results: UseQueryResult<Set<number>>[]): CompatibleIds => {
      const byId = new Map<number, Set<number>>();
      results.forEach((result, index) => {
        const href = versionHrefs[index];
        if (href !== undefined && result.data) byId.set(idOfHref(href), result.data);
      });
      return {
        byId,
        loading: results.some((result) => result.isPending),
        failed: results.some((result) => result.isError),
      };
    },
    // Keyed by content, so that a new array holding the same hrefs keeps the combined result.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- versionHrefs is read through hrefKey
    [hrefKey],
  );
  return useQueries({
    queries: versionHrefs.map((href) => ({
      ...versionCompatibilitiesQueryOptions(href, kind, modificationTime),
      select: toIds,
    })),
    combine,
  });
}
