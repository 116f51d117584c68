import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Navigate, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { DEFAULT_TARGET } from '../../lib/auth/return-to';
import { signinErrorText } from '../../lib/auth/signin-error';
import { showError } from '../../lib/error-banner';

/**
 * /auth/callback, the provider's redirect target. The auth provider redeems the code and moves on to
 * the remembered page; this page only shows progress, or on failure records the error and goes home.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { search } = useLocation();
  const failed = !auth.isLoading && auth.error?.source === 'signinCallback';

  useEffect(() => {
    if (!failed || !auth.error) return;
    console.error('Sign-in callback failed', auth.error.innerError ?? auth.error);
    const statusText = t('auth.signInFailedTitle');
    showError({ status: 0, statusText, error: auth.error.name, message: signinErrorText(auth.error, t) });
  }, [failed, auth.error, t]);

  if (failed) return <Navigate to="/home" replace />;
  // Still answering the provider, or already on the way to the remembered page.
  if (auth.isLoading || new URLSearchParams(search).has('state')) return <CenteredLoader label={t('auth.signingIn')} />;
  return <Navigate to={auth.isAuthenticated ? DEFAULT_TARGET : '/home'} replace />;
}
