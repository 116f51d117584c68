import type { VersionUsage } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/** GET {versionHref}/usage: how many compatibilities and version relations a copy would take along. */
function fetchVersionUsage(versionHref: string, signal?: AbortSignal): Promise<VersionUsage> {
  return api.get<VersionUsage>(`${versionHref}/usage`, { signal });
}

/** What the version holds now; asked afresh each time the Copy Version dialog opens. */
export function useVersionUsage(versionHref: string) {
  return useQuery({
    queryKey: compatibilityKeys.versionUsage(versionHref),
    queryFn: ({ signal }) => fetchVersionUsage(versionHref, signal),
    staleTime: 0,
    // The dialog shows the failure itself.
    meta: { banner: false },
  });
}
