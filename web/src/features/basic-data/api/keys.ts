import type { KindPath } from '@dp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { INFOS_KEY } from '../../../lib/data-freshness';

/** Query keys of the basic-data screens. */
export const basicDataKeys = {
  items: (kind: KindPath) => ['basic-data', 'items', kind] as const,
  references: ['basic-data', 'references'] as const,
  obligations: ['basic-data', 'obligations'] as const,
  relatedItems: (parent: KindPath, id: string, child: KindPath) => ['basic-data', 'related', parent, id, child] as const,
};

/**
 * The data's modification time: reloading it lets every other screen follow the write (see
 * useDataFreshness). Keys of other features that show the same data are named in dependentKeys.
 */
const SHARED_AFTER_WRITE: ReadonlyArray<readonly unknown[]> = [INFOS_KEY];

/** What else a write to each kind of base data may have changed. */
export const dependentKeys = {
  items: (kind: KindPath): ReadonlyArray<readonly unknown[]> => [['items-with-versions', kind], ['basic-data', 'related']],
  references: [['references']] as ReadonlyArray<readonly unknown[]>,
  obligations: [['compatibility-infos']] as ReadonlyArray<readonly unknown[]>,
  relations: [['items-with-versions'], ['version-flags']] as ReadonlyArray<readonly unknown[]>,
};

/** After a successful write: reload `keys` and everything that shows the same data. */
export function useAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    async (keys: ReadonlyArray<readonly unknown[]>) => {
      await Promise.all([...keys, ...SHARED_AFTER_WRITE].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient],
  );
}

/** The If-Match header for an entity's ETag (SPEC: no lost updates); none when there is no ETag. */
export function ifMatch(etag: string | undefined | null): HeadersInit | undefined {
  return etag ? { 'If-Match': etag } : undefined;
}

/** The numeric id at the end of an href such as /api/systems/12. */
export function idOf(href: string): string {
  return href.slice(href.lastIndexOf('/') + 1);
}
