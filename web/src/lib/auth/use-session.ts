import type { Role } from '@dp/contract';
import { useAuth } from 'react-oidc-context';
import { isServerReachable } from '../api';
import { isApiFailure, toFailure, type Failure } from '../api-failure';
import { readOfflineIdentity } from '../offline/offline-store';
import { useMe } from './use-me';

/** Who is using the app, as far as the shell needs to know. */
export type Session =
  | { status: 'loading' }
  | { status: 'visitor' }
  /** Signed in at the provider, but the API knows no role for the user (403). */
  | { status: 'refused' }
  /** Signed in, but the role could not be asked for (401, server down, …). */
  | { status: 'failed'; failure: Failure }
  | { status: 'user'; username: string; role: Role; offlineStart?: true };

/**
 * The user whose data is saved for offline use, when the app starts without network and without a
 * session (tokens live in sessionStorage, gone with the window): read-only, since nothing can be sent.
 */
function offlineUser(): Session | null {
  if (isServerReachable()) return null;
  const identity = readOfflineIdentity();
  return identity
    ? { status: 'user', username: identity.me.username, role: identity.me.role, offlineStart: true }
    : null;
}

export function useSession(): Session {
  const auth = useAuth();
  const me = useMe();
  if (auth.isLoading) return { status: 'loading' };
  if (!auth.isAuthenticated) return offlineUser() ?? { status: 'visitor' };
  if (me.data) return { status: 'user', username: me.data.username, role: me.data.role };
  if (me.error) {
    return isApiFailure(me.error) && me.error.status === 403
      ? { status: 'refused' }
      : { status: 'failed', failure: toFailure(me.error) };
  }
  return { status: 'loading' };
}
