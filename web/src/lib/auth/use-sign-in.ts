import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import type { SigninState } from './return-to';

/** Starts the provider login; after it the user comes back to `returnTo` (a path on this site). */
export function useSignIn() {
  const auth = useAuth();
  return useCallback((returnTo: string) => auth.signinRedirect({ state: { returnTo } satisfies SigninState }), [auth]);
}
