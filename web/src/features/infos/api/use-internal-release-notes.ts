import type { CodeHostIssues, InternalReleaseNotes } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/release-notes/internal; `cached` answers at once with what the server has. */
function fetchInternal(issues: 'cached' | 'fetch', signal?: AbortSignal): Promise<InternalReleaseNotes> {
  return api.get<InternalReleaseNotes>('/api/release-notes/internal', { query: { issues }, signal });
}

/**
 * The internal history at once, and the code host's issues as soon as the server has them: the first
 * call never waits for the code host (which may take up to 10 s); only when the server has nothing
 * cached yet does a second call wait for it.
 */
export function useInternalReleaseNotes() {
  const quick = useQuery({
    queryKey: ['release-notes', 'internal', 'cached'],
    queryFn: ({ signal }) => fetchInternal('cached', signal),
    staleTime: 60_000,
  });
  const waiting = quick.data?.issues.status === 'pending';
  const full = useQuery({
    queryKey: ['release-notes', 'internal', 'fetch'],
    queryFn: ({ signal }) => fetchInternal('fetch', signal),
    enabled: waiting,
    staleTime: 60_000,
  });
  const issues: CodeHostIssues | undefined = waiting ? full.data?.issues : quick.data?.issues;
  return {
    history: quick.data?.history,
    /** undefined while the server asks the code host. */
    issues,
    isPending: quick.isPending,
    error: quick.error ?? full.error,
  };
}
