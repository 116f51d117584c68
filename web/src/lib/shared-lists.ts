import type { CompatibilityInfo } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Lists that more than one feature shows (basic data edits them, the relation tables offer them),
 * each under one query key, so that a write on one screen also reloads the other. The relation tables
 * ask for the references matching what is typed (under the references' key), not for the whole list.
 */
export const sharedListKeys = {
  references: ['references'] as const,
  obligations: ['compatibility-infos'] as const,
};

/** GET /api/compatibility_infos: the internal obligation texts with their status; admins get the text and the ETag with each. */
function fetchObligations(signal?: AbortSignal): Promise<CompatibilityInfo[]> {
  return api.get<CompatibilityInfo[]>('/api/compatibility_infos', { signal });
}

export function useObligations() {
  return useQuery({ queryKey: sharedListKeys.obligations, queryFn: ({ signal }) => fetchObligations(signal) });
}
