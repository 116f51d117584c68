import type { Version } from '@dp/contract';
import { api, ifMatch } from '../../../lib/api';
import { isApiFailure } from '../../../lib/api-failure';

/**
 * DELETE {versionHref}; the server answers 409 while the version still has compatibilities, unless
 * `withCompatibilities` asks it to delete them with the version.
 */
export function deleteVersion(
  version: Pick<Version, 'href' | 'etag'>,
  { withCompatibilities = false }: { withCompatibilities?: boolean } = {},
): Promise<void> {
  return api.delete(version.href, {
    headers: ifMatch(version.etag),
    query: withCompatibilities ? { with_compatibilities: true } : undefined,
  });
}

/** The number of compatibilities a refused delete (409) names, or null when the failure is another one. */
export function compatibilitiesBlocking(error: unknown): number | null {
  if (!isApiFailure(error) || error.status !== 409) return null;
  const body = error.body as { compatibilities?: unknown } | undefined;
  return typeof body?.compatibilities === 'number' && body.compatibilities > 0 ? body.compatibilities : null;
}
