import { idOfHref, naturalCompare, type Version } from '@dp/contract';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from '../../../../lib/api';
import { followingData, useModificationTime } from '../../../../lib/data-freshness';
import { useItemList } from '../../api/use-item-list';

export interface SystemVersionEntry {
  id: number;
  href: string;
  name: string;
}

export interface SystemEntry {
  id: number;
  name: string;
  /** Loaded for the chosen systems only; undefined for the others. */
  versions: SystemVersionEntry[] | undefined;
}

/**
 * The systems the matrices choose from, and the versions of the chosen ones (assembly versions are named
 * by their own lists): no list of every system version is loaded.
 */
export interface MatrixCatalogs {
  /** By name; undefined while loading. */
  systems: SystemEntry[] | undefined;
  /** System id → its version ids (undefined until loaded), as the selection checks want it. */
  systemVersionIds: Map<number, number[] | undefined> | undefined;
  /** The loaded versions of the chosen systems by id. */
  systemVersions: Map<number, SystemVersionEntry>;
  loading: boolean;
  /** A list could not be loaded (the error banner says why). */
  failed: boolean;
}

/** GET /api/systems, and GET /api/systems/{id}/versions for each of `chosen` (cached per data state). */
export function useMatrixCatalogs(chosen: readonly (number | null)[]): MatrixCatalogs {
  const systemList = useItemList('systems');
  const modificationTime = useModificationTime();
  // Only systems that exist: a link may name one that does not (any more).
  const known = new Set(systemList.data?.map((item) => idOfHref(item.href)));
  const chosenIds = [...new Set(chosen.filter((id): id is number => id !== null && known.has(id)))];
  const chosenKey = chosenIds.join(' ');
  // Stable while the same systems are chosen, so that TanStack Query keeps the combined result.
  const combine = useCallback(
    (results: Array<UseQueryResult<Version[]>>) => {
      const ids = chosenKey.split(' ').map(Number);
      const byId = new Map<number, SystemVersionEntry[]>();
      results.forEach((result, index) => {
        const id = ids[index];
        if (id !== undefined && result.data)
          byId.set(
            id,
            result.data.map((version) => ({
              id: idOfHref(version.href),
              href: version.href,
              name: version.name ?? '',
            })),
          );
      });
      return { versionsById: byId, failed: results.some((result) => result.isError) };
    },
    [chosenKey],
  );
  const { versionsById, failed: versionsFailed } = useQueries({
    queries: chosenIds.map((id) => ({
      ...followingData(['evaluate', 'matrix-system-versions', id], modificationTime),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Version[]>(`/api/systems/${id}/versions`, { signal }),
    })),
    combine,
  });
  const failed = systemList.isError || versionsFailed;
  const items = systemList.data;
  return useMemo(() => {
    const systems = items
      ?.map((item) => {
        const id = idOfHref(item.href);
        return { id, name: item.name, versions: versionsById.get(id) };
      })
      .sort((a, b) => naturalCompare(a.name, b.name));
    return {
      systems,
      systemVersionIds: systems && new Map(systems.map((system) => [system.id, system.versions?.map((v) => v.id)])),
      systemVersions: new Map([...versionsById.values()].flat().map((version) => [version.id, version])),
      loading: !systems && !failed,
      failed,
    };
  }, [items, versionsById, failed]);
}

/** The hrefs of the given ids that the catalog knows (an unknown id from a link has none). */
export function hrefsOf(ids: readonly (number | null)[], catalog: ReadonlyMap<number, { href: string }>): string[] {
  return ids.flatMap((id) => {
    const href = id === null ? undefined : catalog.get(id)?.href;
    return href === undefined ? [] : [href];
  });
}

/**
 * The hrefs of assembly versions chosen by id. Only ids the server named in a loaded list are asked for:
 * an id from a link that names no assembly version compatible with the chosen one has none.
 */
export function assemblyHrefs(ids: readonly number[], known: ReadonlySet<number> | undefined): string[] {
  return ids.filter((id) => known?.has(id)).map((id) => `/api/assemblies/versions/${id}`);
}
