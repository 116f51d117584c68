import type { Version } from '@dp/contract';
import { api, ifMatch } from '../../../lib/api';

/** DELETE {versionHref}; the server answers 409 while the version still has compatibilities. */
export function deleteVersion(version: Pick<Version, 'href' | 'etag'>): Promise<void> {
  return api.delete(version.href, { headers: ifMatch(version.etag) });
}
