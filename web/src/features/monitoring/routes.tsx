import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { useAppConfig } from '../../lib/config';
import { offersMonitoring } from '../../lib/deployment';
import { lazyNamed } from '../../lib/lazy-named';

const MonitoringPage = lazyNamed(() => import('./monitoring-page'), 'MonitoringPage');

/** The page where the deployment offers it (work and demo), a notice elsewhere. */
function MonitoringRoute() {
  const { t } = useTranslation();
  const { deployment } = useAppConfig();
  if (!offersMonitoring(deployment)) {
    return (
      <Alert color="orange" role="alert" data-testid="monitoring-not-here">
        {t('monitoring.notHere')}
      </Alert>
    );
  }
  return <MonitoringPage />;
}

/** /monitoring (admins): status of the live and demo instances. */
export const monitoringRoute: RouteObject = { path: 'monitoring', element: <MonitoringRoute /> };
