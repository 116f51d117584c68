import { fold, versionLabelText, type ItemWithVersions, type KindPath } from '@dp/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';

type ItemVersion = ItemWithVersions['versions'][number];

/** A version as the evaluation lists show it, with its item and its label. */
export interface CatalogVersion extends ItemVersion {
  item: ItemWithVersions;
  label: string;
  /** The label folded once (SPEC 5), so filtering thousands of versions stays fast. */
  folded: string;
}

/** All versions of one kind, in the server's order (items by name, then their versions). */
export interface VersionCatalog {
  items: ItemWithVersions[];
  versions: CatalogVersion[];
  byHref: Map<string, CatalogVersion>;
}

function fetchItemVersions(kind: KindPath, signal?: AbortSignal): Promise<ItemWithVersions[]> {
  return api.get<ItemWithVersions[]>(`/api/${kind}/versions`, { signal });
}

/** Flattens the items of one kind into a catalog of labelled versions. */
export function toCatalog(items: ItemWithVersions[]): VersionCatalog {
  const versions = items.flatMap((item) =>
    item.versions.map((version) => {
      const label = versionLabelText(version);
      return { ...version, item, label, folded: fold(label) };
    }),
  );
  return { items, versions, byHref: new Map(versions.map((version) => [version.href, version])) };
}

/** Keyed by the data's modification time: cached for as long as the data has not changed. */
const itemVersionsQueryOptions = (kind: KindPath, modificationTime: string | undefined) =>
  queryOptions({
    ...followingData(['evaluate', 'item-versions', kind], modificationTime),
    queryFn: ({ signal }) => fetchItemVersions(kind, signal),
    // A data change swaps the list in place instead of flashing the loading state.
    placeholderData: keepPreviousData,
  });

/** The versions of a kind as a flat list and indexed by href (built once per answer). */
export function useVersionCatalog(kind: KindPath) {
  return useQuery({ ...itemVersionsQueryOptions(kind, useModificationTime()), select: toCatalog });
}
