import type { DatasetEntry } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { datasetKeys } from './keys';

/** GET /api/dataset: every entry, newest first (the server sorts). */
function fetchEntries(signal?: AbortSignal): Promise<DatasetEntry[]> {
  return api.get<DatasetEntry[]>('/api/dataset', { signal });
}

/** The entries; a refusal (extern: 403) is shown by the page itself, not in the error banner. */
export function useDatasetEntries() {
  return useQuery({
    queryKey: datasetKeys.entries,
    queryFn: ({ signal }) => fetchEntries(signal),
    meta: { banner: false },
  });
}
