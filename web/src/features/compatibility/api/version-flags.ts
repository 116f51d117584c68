import type { KindPath } from '@dp/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/**
 * GET {assemblyVersionHref}/{assemblies|subassemblies}: the versions this assembly version has the
 * versionRelation (assemblies) or containment (sub-assemblies) flag with.
 */
function fetchVersionFlags(versionHref: string, target: KindPath, signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>(`${versionHref}/${target}`, { signal });
}

/** The flagged version hrefs; not asked for when `enabled` is false (relations without a flag). */
export function useVersionFlags(versionHref: string | null, target: KindPath, enabled: boolean) {
  return useQuery({
    queryKey: compatibilityKeys.versionFlags(versionHref ?? '', target),
    queryFn: versionHref && enabled ? ({ signal }) => fetchVersionFlags(versionHref, target, signal) : skipToken,
  });
}

// The flag is set and cleared with the rest of a row by the relation table's batch (save-compatibilities.ts).
