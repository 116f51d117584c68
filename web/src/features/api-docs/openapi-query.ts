import { api } from '../../lib/api';

/** GET /api/openapi.json with the bearer token in the header (admins only); asked once per session. */
export const openApiQuery = {
  queryKey: ['openapi'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<object>('/api/openapi.json', { signal }),
  staleTime: Infinity,
  meta: { banner: false },
};
