import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { Refusal } from './refusal';
import { signinErrorText } from './signin-error';
import { SigninFailed } from './signin-failed';
import { useSession } from './use-session';
import { useSignIn } from './use-sign-in';

/**
 * Layout route for every page that needs a signed-in user with a role. Visitors are sent to the
 * provider's login and come back to the page they asked for; a stored session whose access token
 * expired is renewed with its refresh token first.
 */
export function RequireSignIn() {
  const { t } = useTranslation();
  const auth = useAuth();
  const session = useSession();
  const signIn = useSignIn();
  const { pathname, search, hash } = useLocation();
  // Refs, not state: StrictMode runs effects twice and neither run may start a second attempt.
  const attempting = useRef(false);
  const silentTried = useRef(false);

  // An offline start shows the saved data's user (useSession); the provider cannot be reached anyway.
  const needsSignIn = !auth.isLoading && !auth.activeNavigator && !auth.isAuthenticated && session.status !== 'user';
  const redirectFailed = auth.error?.source === 'signinRedirect';

  useEffect(() => {
    if (!needsSignIn) {
      attempting.current = false;
      return;
    }
    if (redirectFailed || attempting.current) return;
    attempting.current = true;
    if (!silentTried.current && auth.user?.expired && auth.user.refresh_token) {
      silentTried.current = true;
      void auth.signinSilent(); // on failure needsSignIn turns true again and the login starts
      return;
    }
    void signIn(pathname + search + hash);
  }, [needsSignIn, redirectFailed, auth, signIn, pathname, search, hash]);

  if (redirectFailed && !auth.isAuthenticated) {
    return (
      <SigninFailed message={signinErrorText(auth.error, t)} onRetry={() => void signIn(pathname + search + hash)} />
    );
  }
  switch (session.status) {
    case 'visitor':
      return <CenteredLoader label={t('auth.redirecting')} />;
    case 'loading':
      return <CenteredLoader label={t('auth.checkingAccess')} />;
    case 'refused':
      return <Refusal />;
    case 'failed':
      return (
        <Alert color="red" title={t('auth.failedTitle')} role="alert" data-testid="access-check-failed">
          {session.failure.message}
        </Alert>
      );
    case 'user':
      return <Outlet />;
  }
}
