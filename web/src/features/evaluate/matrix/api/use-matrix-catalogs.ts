import { idOfHref, type ItemWithVersions } from '@dp/contract';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from '../../../../lib/api';
import { isApiFailure } from '../../../../lib/api-failure';
import { followingData, useModificationTime } from '../../../../lib/data-freshness';
import { useAsOf } from '../../as-of';

export interface SystemVersionEntry {
  id: number;
  href: string;
  name: string;
}

export interface SystemEntry {
  id: number;
  name: string;
  versions: SystemVersionEntry[];
}

/**
 * The chosen systems with their versions (assembly versions are named by their own lists). The systems
 * to choose from are found by the field as the user types: no list of every system is loaded.
 */
export interface MatrixCatalogs {
  /** The chosen systems the server knows, by id. */
  systems: ReadonlyMap<number, SystemEntry>;
  /**
   * A chosen system's version ids, as the selection checks want them: null for a system the server does
   * not know (a link may name one that does not exist any more), undefined until it has answered.
   */
  versionIdsOf: (system: number) => readonly number[] | null | undefined;
  /** The versions of the chosen systems by id. */
  systemVersions: ReadonlyMap<number, SystemVersionEntry>;
  loading: boolean;
  /** A system could not be loaded (the error banner says why). */
  failed: boolean;
}

/** GET /api/systems/{id} (as of `at`): the system with its versions, or null when there is no such system. */
async function fetchSystem(id: number, at: string | undefined, signal: AbortSignal): Promise<SystemEntry | null> {
  try {
    const system = await api.get<ItemWithVersions>(`/api/systems/${id}`, { query: { at }, signal });
    return {
      id,
      name: system.name,
      versions: system.versions.map((version) => ({
        id: idOfHref(version.href),
        href: version.href,
        name: version.name ?? '',
      })),
    };
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/systems/{id} for each of `chosen` (cached per data state). */
export function useMatrixCatalogs(chosen: readonly (number | null)[]): MatrixCatalogs {
  const modificationTime = useModificationTime();
  const { at } = useAsOf();
  const chosenIds = [...new Set(chosen.filter((id): id is number => id !== null))];
  const chosenKey = chosenIds.join(' ');
  // Stable while the same systems are chosen, so that TanStack Query keeps the combined result.
  const combine = useCallback(
    (results: Array<UseQueryResult<SystemEntry | null>>) => {
      const ids = chosenKey === '' ? [] : chosenKey.split(' ').map(Number);
      const answered = new Map<number, SystemEntry | null>();
      results.forEach((result, index) => {
        const id = ids[index];
        if (id !== undefined && result.data !== undefined) answered.set(id, result.data);
      });
      return {
        answered,
        loading: results.some((result) => result.isPending),
        failed: results.some((result) => result.isError),
      };
    },
    [chosenKey],
  );
  const { answered, loading, failed } = useQueries({
    queries: chosenIds.map((id) => ({
      ...followingData(['evaluate', 'matrix-system', id, at], modificationTime),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSystem(id, at, signal),
    })),
    combine,
  });
  return useMemo(() => {
    const systems = new Map<number, SystemEntry>();
    for (const [id, system] of answered) if (system) systems.set(id, system);
    return {
      systems,
      versionIdsOf: (system: number) => {
        const entry = answered.get(system);
        return entry === undefined ? undefined : entry && entry.versions.map((version) => version.id);
      },
      systemVersions: new Map(
        [...systems.values()].flatMap((system) => system.versions.map((version) => [version.id, version] as const)),
      ),
      loading,
      failed,
    };
  }, [answered, loading, failed]);
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
