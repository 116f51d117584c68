import type { KindPath } from '@dp/contract';

/** Query keys of this feature; each list key is the prefix of its per-version keys. */
export const compatibilityKeys = {
  itemsWithVersions: (kind?: KindPath) => (kind ? ['items-with-versions', kind] : ['items-with-versions']),
  compatibilities: (versionHref?: string, target?: KindPath) => [
    'compatibilities',
    ...(versionHref && target ? [versionHref, target] : []),
  ],
  commentaries: (versionHref?: string, target?: KindPath) => [
    'commentaries',
    ...(versionHref && target ? [versionHref, target] : []),
  ],
  versionUsage: (versionHref: string) => ['version-usage', versionHref],
};

/**
 * After a change to compatibilities or version flags: every version's relation lists (their rows carry
 * both), since a same-kind pair shows on both sides and a copy brings lists of its own.
 */
export const relationKeys = () => [compatibilityKeys.compatibilities(), compatibilityKeys.commentaries()];
