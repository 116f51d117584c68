import type { CompatibilityRecord, KindPath } from '@dp/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/** GET {versionHref}/compatibilities/{target}: the version's compatibilities, seen from it. */
function fetchCompatibilities(
  versionHref: string,
  target: KindPath,
  signal?: AbortSignal,
): Promise<CompatibilityRecord[]> {
  return api.get<CompatibilityRecord[]>(`${versionHref}/compatibilities/${target}`, { signal });
}

export function useCompatibilities(versionHref: string | null, target: KindPath) {
  return useQuery({
    queryKey: compatibilityKeys.compatibilities(versionHref ?? '', target),
    queryFn: versionHref ? ({ signal }) => fetchCompatibilities(versionHref, target, signal) : skipToken,
  });
}
