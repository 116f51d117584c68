import type { KindPath } from '@dp/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { followingData, useModificationTime } from '../../../lib/data-freshness';
import { useAsOf } from '../as-of';

const asSet = (hrefs: string[]) => new Set(hrefs);

/**
 * GET {versionHref}/assembly-warnings: the assembly versions of that version's assembly list that have
 * a conditional or forbidden assembly compatibility (SPEC 2's hint), in one call for the whole list, as of `?at=`.
 * Asked only for a list of assemblies; undefined until known.
 */
export function useAssemblyWarnings(versionHref: string | undefined, listKind: KindPath): Set<string> | undefined {
  const asked = listKind === 'assemblies' ? versionHref : undefined;
  const { at } = useAsOf();
  return useQuery(
    queryOptions({
      ...followingData(['evaluate', 'assembly-warnings', asked, at], useModificationTime()),
      queryFn: asked
        ? ({ signal }) => api.get<string[]>(`${asked}/assembly-warnings`, { query: { at }, signal })
        : skipToken,
      select: asSet,
    }),
  ).data;
}
