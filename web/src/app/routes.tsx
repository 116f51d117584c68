import { Navigate, type RouteObject } from 'react-router';
import { apiDocsRoute } from '../features/api-docs/routes';
import { basicDataRoute } from '../features/basic-data/routes';
import { compatibilityRoute } from '../features/compatibility/routes';
import { databaseRoute } from '../features/database/routes';
import { datasetRoute } from '../features/dataset/routes';
import { evaluateRoute } from '../features/evaluate/routes';
import { helpRoute } from '../features/help/routes';
import { issuesInternalRoute, issuesRoute } from '../features/infos/routes';
import { monitoringRoute } from '../features/monitoring/routes';
import { offlineRoute } from '../features/offline/routes';
import { RequireRole } from '../lib/auth/require-role';
import { RequireSignIn } from '../lib/auth/require-sign-in';
import { RequireDataEditing } from '../lib/deployment';
import { VisitorOnly } from '../lib/auth/visitor-only';
import { AuthCallbackPage } from './pages/auth-callback-page';
import { AutoLoginPage } from './pages/auto-login-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { AppLayout } from './shell/app-layout';

/**
 * The route table of SPEC section 2. /auth/silent is not here: the renewal frame is answered in
 * main.tsx before any of the app starts.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        element: <VisitorOnly />,
        children: [
          { path: 'home', element: <HomePage /> },
          { path: 'autologin', element: <AutoLoginPage /> },
        ],
      },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      {
        element: <RequireSignIn />,
        children: [
          evaluateRoute,
          issuesRoute,
          datasetRoute,
          helpRoute,
          offlineRoute,
          databaseRoute,
          { element: <RequireRole min="intern" />, children: [issuesInternalRoute] },
          {
            element: <RequireRole min="admin" />,
            // Live and demo are read-only copies of the work instance: their editing pages say so instead.
            children: [
              { element: <RequireDataEditing />, children: [basicDataRoute, compatibilityRoute] },
              monitoringRoute,
              apiDocsRoute,
            ],
          },
          // Every page needs a signed-in user unless SPEC 2 says otherwise, an unknown one too.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
