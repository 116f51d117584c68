import type { CopyVersionInput, Version } from '@dp/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateAfterWrite } from '../../../lib/data-freshness';
import { compatibilityKeys, relationKeys } from './query-keys';

export type CopiedVersion = Version & { copied_compatibilities: number };
export type CopyInput = Omit<CopyVersionInput, 'image'>;

/** POST {versionHref}/copy: a new version, with the original's compatibilities and version relations if asked. */
function copyVersion(versionHref: string, input: CopyInput): Promise<CopiedVersion> {
  return api.post<CopiedVersion>(`${versionHref}/copy`, input);
}

/** Copies a version; afterwards every list of versions and compatibilities is stale. */
export function useCopyVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionHref, input }: { versionHref: string; input: CopyInput }) => copyVersion(versionHref, input),
    // The dialog shows the failure itself.
    meta: { banner: false },
    onSuccess: () => invalidateAfterWrite(queryClient, [compatibilityKeys.itemsWithVersions(), ...relationKeys()]),
  });
}
