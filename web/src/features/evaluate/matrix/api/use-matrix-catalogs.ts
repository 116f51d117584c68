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

export interface AssemblyVersionEntry {
  id: number;
  href: string;
  /** Assembly name, part number and material number. */
  label: string;
}

/** The systems and assembly versions the matrices choose from, indexed by id. */
export interface MatrixCatalogs {
  /** By name; undefined while loading. */
  systems: SystemEntry[] | undefined;
  /** System id → its version ids, as the selection checks want it. */
  systemVersionIds: Map<number, number[]> | undefined;
  systemVersions: Map<number, SystemVersionEntry>;
  assemblyVersions: Map<number, AssemblyVersionEntry>;
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

/** GET /api/systems/versions and /api/assemblies/versions (cached per data state by the evaluate api). */
export function useMatrixCatalogs(): MatrixCatalogs {
  const systemQuery = useVersionCatalog('systems');
  const assemblyQuery = useVersionCatalog('assemblies');
  const systemCatalog = systemQuery.data;
  const assemblyCatalog = assemblyQuery.data;
  const failed = systemQuery.isError || assemblyQuery.isError;
  const systems = useMemo(() => (systemCatalog ? systemEntries(systemCatalog) : undefined), [systemCatalog]);
  const assemblyVersions = useMemo(
    () =>
      new Map(
        (assemblyCatalog?.versions ?? []).map((version) => [
          idOfHref(version.href),
          { id: idOfHref(version.href), href: version.href, label: version.label },
        ]),
      ),
    [assemblyCatalog],
  );
  return useMemo(
    () => ({
      systems,
      systemVersionIds:
        systems && new Map(systems.map((system) => [system.id, system.versions.map((version) => version.id)])),
      systemVersions: new Map(
        (systems ?? []).flatMap((system) => system.versions.map((version) => [version.id, version])),
      ),
      assemblyVersions,
      loading: (!systems || !assemblyCatalog) && !failed,
      failed,
    }),
    [systems, assemblyVersions, assemblyCatalog, failed],
  );
}

/** The hrefs of the given ids that the catalog knows (an unknown id from a link has none). */
export function hrefsOf(ids: readonly (number | null)[], catalog: ReadonlyMap<number, { href: string }>): string[] {
  return ids.flatMap((id) => {
    const href = id === null ? undefined : catalog.get(id)?.href;
    return href === undefined ? [] : [href];
  });
}
