import type { RouteObject } from 'react-router';
import { DatasetPage } from './components/dataset-page';

/** /dataset: notes on the state of the data (intern and admin read, admins write). */
export const datasetRoute: RouteObject = { path: 'dataset', element: <DatasetPage /> };
