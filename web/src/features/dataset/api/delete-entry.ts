import type { DatasetEntry } from '@dp/contract';
import { api, ifMatch } from '../../../lib/api';

/** DELETE on the entry's href with its ETag. */
export function deleteEntry(entry: DatasetEntry): Promise<void> {
  return api.delete(entry.href, { headers: ifMatch(entry.etag) });
}
