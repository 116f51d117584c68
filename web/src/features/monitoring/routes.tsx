import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

function MonitoringPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('monitoring.title')} description={t('monitoring.description')} />;
}

/** /monitoring: status of the live and demo instances. */
export const monitoringRoute: RouteObject = { path: 'monitoring', element: <MonitoringPage /> };
