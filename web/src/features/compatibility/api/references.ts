import type { Reference } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/** GET /api/references. */
export function fetchReferences(signal?: AbortSignal): Promise<Reference[]> {
  return api.get<Reference[]>('/api/references', { signal });
}

export function useReferences() {
  return useQuery({ queryKey: compatibilityKeys.references, queryFn: ({ signal }) => fetchReferences(signal) });
}
