import type { RouteObject } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named';

const OfflineScreen = lazyNamed(() => import('./offline-screen'), 'OfflineScreen');

/** /offline: choose the systems whose data is kept on this device for reading without network. */
export const offlineRoute: RouteObject = { path: 'offline', element: <OfflineScreen /> };
