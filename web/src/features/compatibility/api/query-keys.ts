import type { KindPath } from '@dp/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of this feature; each list key is the prefix of its per-version keys. */
export const compatibilityKeys = {
  itemsWithVersions: (kind?: KindPath) => (kind ? ['items-with-versions', kind] : ['items-with-versions']),
  compatibilityInfos: ['compatibility-infos'],
  references: ['references'],
  compatibilities: (versionHref?: string, target?: KindPath) => ['compatibilities', ...(versionHref && target ? [versionHref, target] : [])],
  commentaries: (versionHref?: string, target?: KindPath) => ['commentaries', ...(versionHref && target ? [versionHref, target] : [])],
  versionFlags: (versionHref?: string, target?: KindPath) => ['version-flags', ...(versionHref && target ? [versionHref, target] : [])],
};

/**
 * After a write: reloads what it may have changed, and ['infos'] so that screens which cache the
 * matrix data notice the new modification time.
 */
export async function invalidateAfterWrite(queryClient: QueryClient, keys: ReadonlyArray<readonly unknown[]>): Promise<void> {
  await Promise.all([...keys, ['infos']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * After a change to compatibilities: every version's relation lists, since a same-kind pair shows on
 * both sides and a copy brings lists of its own.
 */
export const relationKeys = () => [compatibilityKeys.compatibilities(), compatibilityKeys.commentaries(), compatibilityKeys.versionFlags()];
