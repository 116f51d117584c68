import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import type { SigninState } from './return-to';

/**
 * Starts the provider login; after it the user comes back to `returnTo` (a path on this site). The
 * provider is asked (`ui_locales`) to show its pages in the app's current language.
 */
export function useSignIn() {
  const auth = useAuth();
  const { i18n } = useTranslation();
  return useCallback(
    (returnTo: string) =>
      auth.signinRedirect({
        state: { returnTo } satisfies SigninState,
        ui_locales: i18n.resolvedLanguage ?? i18n.language,
      }),
    [auth, i18n],
  );
}
