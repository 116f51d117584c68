import { ErrorResponse, type UserManager, type UserManagerSettings } from 'oidc-client-ts';
import { useCallback, useEffect, type ReactNode } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { returnToOf } from './return-to';

// Provider answers to a renewal that mean the session is over, not that the network hiccupped.
const SESSION_ENDED = new Set(['login_required', 'invalid_grant', 'consent_required', 'interaction_required']);

interface Props {
  userManager: UserManager;
  /**
   * Moves the router to `path`, replacing the current entry (which holds the code and state). The
   * provider waits for the returned promise before it reports the user as signed in.
   */
  navigate: (path: string) => Promise<void>;
  children: ReactNode;
}

/** Sign-in state for the app: finishes the login and logout redirects and ends dead sessions locally. */
export function AppAuthProvider({ userManager, navigate, children }: Props) {
  useEffect(() => {
    const onRenewError = (error: Error) => {
      if (error instanceof ErrorResponse && error.error && SESSION_ENDED.has(error.error)) {
        void userManager.removeUser();
      }
    };
    userManager.events.addSilentRenewError(onRenewError);
    return () => userManager.events.removeSilentRenewError(onRenewError);
  }, [userManager]);

  const onSigninCallback = useCallback(
    (user: { state?: unknown } | undefined) => navigate(returnToOf(user?.state)),
    [navigate],
  );
  const matchSignoutCallback = useCallback((settings: UserManagerSettings) => {
    const target = settings.post_logout_redirect_uri;
    return (
      !!target &&
      window.location.pathname === new URL(target).pathname &&
      new URLSearchParams(window.location.search).has('state')
    );
  }, []);
  const onSignoutCallback = useCallback(() => navigate('/home'), [navigate]);

  return (
    <AuthProvider
      userManager={userManager}
      onSigninCallback={onSigninCallback}
      matchSignoutCallback={matchSignoutCallback}
      onSignoutCallback={onSignoutCallback}
    >
      {children}
    </AuthProvider>
  );
}
