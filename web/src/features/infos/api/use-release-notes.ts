import type { ReleaseNotes } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/release-notes: the history every signed-in user sees. */
function fetchReleaseNotes(signal?: AbortSignal): Promise<ReleaseNotes> {
  return api.get<ReleaseNotes>('/api/release-notes', { signal });
}

export function useReleaseNotes() {
  return useQuery({
    queryKey: ['release-notes', 'external'],
    queryFn: ({ signal }) => fetchReleaseNotes(signal),
    staleTime: 10 * 60_000,
  });
}
