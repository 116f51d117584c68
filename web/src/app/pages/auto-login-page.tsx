import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { CenteredLoader } from '../../components/centered-loader';
import { DEFAULT_TARGET } from '../../lib/auth/return-to';
import { signinErrorText } from '../../lib/auth/signin-error';
import { SigninFailed } from '../../lib/auth/signin-failed';
import { useSignIn } from '../../lib/auth/use-sign-in';

/** /autologin: starts the provider login at once (visitors only; VisitorOnly moves users on). */
export function AutoLoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signIn = useSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true; // StrictMode runs effects twice; one login is enough
    void signIn(DEFAULT_TARGET);
  }, [signIn]);

  if (auth.error?.source === 'signinRedirect' && !auth.activeNavigator) {
    return <SigninFailed message={signinErrorText(auth.error, t)} onRetry={() => void signIn(DEFAULT_TARGET)} />;
  }
  return <CenteredLoader label={t('auth.redirecting')} />;
}
