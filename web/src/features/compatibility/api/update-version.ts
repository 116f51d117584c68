import type { Version, VersionInput } from '@dp/contract';
import { api, ifMatch } from '../../../lib/api';

/** PUT {versionHref} guarded by the version's ETag (412 when someone else changed it meanwhile). */
export function updateVersion(version: Pick<Version, 'href' | 'etag'>, input: VersionInput): Promise<Version> {
  return api.put<Version>(version.href, input, { headers: ifMatch(version.etag) });
}
