import type { RouteObject } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named';

const DatasetPage = lazyNamed(() => import('./components/dataset-page'), 'DatasetPage');

/** /dataset: notes on the state of the data (intern and admin read, admins write). */
export const datasetRoute: RouteObject = { path: 'dataset', element: <DatasetPage /> };
