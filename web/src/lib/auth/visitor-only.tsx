import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Navigate, Outlet } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { DEFAULT_TARGET } from './return-to';

/** Layout route for /home and /autologin: signed-in users are moved on to the evaluation. */
export function VisitorOnly() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.isAuthenticated) return <Navigate to={DEFAULT_TARGET} replace />;
  if (auth.isLoading && !auth.activeNavigator) return <CenteredLoader label={t('app.loading')} />;
  return <Outlet />;
}
