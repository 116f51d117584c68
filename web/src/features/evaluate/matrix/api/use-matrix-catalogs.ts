import { idOfHref } from '@dp/contract';
import { useMemo } from 'react';
import { useVersionCatalog, type VersionCatalog } from '../../api/use-item-versions';

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

/** The systems the matrices choose from, with their versions, indexed by id (assembly versions are named by their lists). */
export interface MatrixCatalogs {
  /** By name; undefined while loading. */
  systems: SystemEntry[] | undefined;
  /** System id → its version ids, as the selection checks want it. */
  systemVersionIds: Map<number, number[]> | undefined;
  systemVersions: Map<number, SystemVersionEntry>;
  loading: boolean;
  /** A catalog could not be loaded (the error banner says why). */
  failed: boolean;
}

function systemEntries(catalog: VersionCatalog): SystemEntry[] {
  return catalog.items
    .map((item) => {
      const id = idOfHref(item.href);
      const versions = item.versions.map((version) => ({
        id: idOfHref(version.href),
        href: version.href,
        name: version.name ?? '',
      }));
      return { id, name: item.name, versions };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** GET /api/systems/versions (cached per data state by the evaluate api). */
export function useMatrixCatalogs(): MatrixCatalogs {
  const systemQuery = useVersionCatalog('systems');
  const systemCatalog = systemQuery.data;
  const failed = systemQuery.isError;
  const systems = useMemo(() => (systemCatalog ? systemEntries(systemCatalog) : undefined), [systemCatalog]);
  return useMemo(
    () => ({
      systems,
      systemVersionIds:
        systems && new Map(systems.map((system) => [system.id, system.versions.map((version) => version.id)])),
      systemVersions: new Map(
        (systems ?? []).flatMap((system) => system.versions.map((version) => [version.id, version])),
      ),
      loading: !systems && !failed,
      failed,
    }),
    [systems, failed],
  );
}

/**
 * The hrefs of assembly versions chosen by id. Only ids the server named in a loaded list are asked for:
 * an id from a link that names no assembly version compatible with the chosen one has none.
 */
export function assemblyHrefs(ids: readonly number[], known: ReadonlySet<number> | undefined): string[] {
  return ids.filter((id) => known?.has(id)).map((id) => `/api/assemblies/versions/${id}`);
}

/** The hrefs of the given ids that the catalog knows (an unknown id from a link has none). */
export function hrefsOf(ids: readonly (number | null)[], catalog: ReadonlyMap<number, { href: string }>): string[] {
  return ids.flatMap((id) => {
    const href = id === null ? undefined : catalog.get(id)?.href;
    return href === undefined ? [] : [href];
  });
}
