import type { Me } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import { api } from '../api';

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/me', { signal });
}

/** The signed-in user's name and role as the server sees them; only asked for when signed in. */
export function useMe() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['me', auth.user?.profile.sub],
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: auth.isAuthenticated,
    staleTime: 5 * 60_000,
    // A refusal (403) is shown in place of the page, not as an error banner.
    meta: { banner: false },
  });
}
