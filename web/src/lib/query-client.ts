import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiFailure } from './api-failure';
import { showError } from './error-banner';

declare module '@tanstack/react-query' {
  interface Register {
    // `banner: false` keeps a failure out of the global error banner (the screen shows it itself);
    // `followsData`: keyed by the data's modification time (see followingData).
    queryMeta: { banner?: boolean; followsData?: boolean };
    mutationMeta: { banner?: boolean };
  }
}

/** Worth another try: the server was not reached (but did not time out) or a proxy said it is busy. */
function isTransient(error: unknown): boolean {
  if (!isApiFailure(error)) return false;
  return (error.status === 0 && error.error !== 'Timeout') || [502, 503, 504].includes(error.status);
}

/**
 * The app's query client. Failed queries and mutations go to the error banner once, after their
 * retries; 4xx answers are not retried because asking again cannot change them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.banner !== false) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.banner !== false) showError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}
