import type { DatasetEntry, DatasetEntryInput } from '@dp/contract';
import { api, ifMatch } from '../../../lib/api';

/** POST /api/dataset (SPEC 7: username and description; the server takes the author from the sign-in). */
export function createEntry(username: string, description: string): Promise<DatasetEntry> {
  const body: DatasetEntryInput = { username, description };
  return api.post<DatasetEntry>('/api/dataset', body);
}

/** PUT on the entry's href with its ETag: 412 when someone changed it meanwhile. */
export function updateEntry(entry: DatasetEntry, username: string, description: string): Promise<DatasetEntry> {
  const body: DatasetEntryInput = { username, description };
  return api.put<DatasetEntry>(entry.href, body, { headers: ifMatch(entry.etag) });
}
