import type { User } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';
import { vi } from 'vitest';

type FakeUser = { expired?: boolean; refresh_token?: string };

/** A stand-in for react-oidc-context's useAuth(): unit tests never reach the real provider. */
export function fakeAuth(
  state: Partial<Pick<AuthContextProps, 'isLoading' | 'isAuthenticated' | 'activeNavigator' | 'error'>> & {
    user?: FakeUser;
  } = {},
) {
  const user =
    state.user &&
    ({ profile: { sub: 'user-1' }, access_token: 'token', expired: false, ...state.user } as unknown as User);
  return {
    isLoading: false,
    isAuthenticated: false,
    ...state,
    user,
    signinRedirect: vi.fn(async () => {}),
    signinSilent: vi.fn(async () => null),
    signoutRedirect: vi.fn(async () => {}),
    removeUser: vi.fn(async () => {}),
  } as unknown as AuthContextProps & {
    signinRedirect: ReturnType<typeof vi.fn>;
    signinSilent: ReturnType<typeof vi.fn>;
  };
}

/** The auth state of a signed-in user. */
export const signedIn = () => fakeAuth({ isAuthenticated: true, user: {} });
