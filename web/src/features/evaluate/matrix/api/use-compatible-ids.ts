import { idOfHref, versionLabelText, type CompatibilityRecord, type KindPath } from '@dp/contract';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useModificationTime } from '../../../../lib/data-freshness';
import { versionCompatibilitiesQueryOptions } from '../../api/use-version-compatibilities';
import { useAsOf } from '../../as-of';

/** One version's list reduced to its partners' ids, with their labels (the server names each partner). */
interface Partners {
  ids: Set<number>;
  labels: Array<[number, string]>;
  parents: Array<[number, number]>;
  parentNames: Array<[number, string]>;
}

const toPartners = (records: CompatibilityRecord[]): Partners => ({
  ids: new Set(records.map((record) => idOfHref(record.to.href))),
  labels: records.flatMap(({ to }) =>
    to.parent_name === undefined
      ? []
      : [
          [
            idOfHref(to.href),
            versionLabelText({ parent_name: to.parent_name, name: to.name ?? null, name2: to.name2 ?? null }),
          ],
        ],
  ),
  parents: records.flatMap(({ to }) =>
    to.parent_href === undefined ? [] : [[idOfHref(to.href), idOfHref(to.parent_href)] as [number, number]],
  ),
  parentNames: records.flatMap(({ to }) =>
    to.parent_href === undefined || to.parent_name === undefined
      ? []
      : [[idOfHref(to.parent_href), to.parent_name] as [number, string]],
  ),
});

export interface CompatibleIds {
  /** Version id → the ids of the versions of the asked kind it is compatible with; loaded lists only. */
  byId: Map<number, Set<number>>;
  /** Version id → label, of every partner in the loaded lists. */
  labels: Map<number, string>;
  /** Version id → the id of its item, of every partner in the loaded lists. */
  parents: Map<number, number>;
  /** Item id → name, of the partners' items where the server names them (system versions' systems). */
  parentNames: Map<number, string>;
  loading: boolean;
  /** A list could not be loaded (the error banner says why). */
  failed: boolean;
}

/**
 * GET {versionHref}/compatibilities/{kind} for each href, reduced to ids and labels. Each list is cached
 * on its own, so choosing one more version costs one small call.
 */
export function useCompatibleIds(versionHrefs: readonly string[], kind: KindPath): CompatibleIds {
  const modificationTime = useModificationTime();
  const { at } = useAsOf();
  const hrefKey = versionHrefs.join(' ');
  const combine = useCallback(
    (results: UseQueryResult<Partners>[]): CompatibleIds => {
      const byId = new Map<number, Set<number>>();
      const labels = new Map<number, string>();
      const parents = new Map<number, number>();
      const parentNames = new Map<number, string>();
      results.forEach((result, index) => {
        const href = versionHrefs[index];
        if (href === undefined || !result.data) return;
        byId.set(idOfHref(href), result.data.ids);
        for (const [id, label] of result.data.labels) labels.set(id, label);
        for (const [id, parent] of result.data.parents) parents.set(id, parent);
        for (const [id, name] of result.data.parentNames) parentNames.set(id, name);
      });
      return {
        byId,
        labels,
        parents,
        parentNames,
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
      ...versionCompatibilitiesQueryOptions(href, kind, at, modificationTime),
      select: toPartners,
    })),
    combine,
  });
}
