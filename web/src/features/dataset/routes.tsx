import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

function DatasetPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('dataset.title')} description={t('dataset.description')} />;
}

/** /dataset: notes on the state of the data. */
export const datasetRoute: RouteObject = { path: 'dataset', element: <DatasetPage /> };
