import type { RouteObject } from 'react-router';
import { ExternalReleaseNotesPage, InternalReleaseNotesPage } from './components/release-notes-pages';

/** /issues: the release notes for every signed-in user. */
export const issuesRoute: RouteObject = { path: 'issues', element: <ExternalReleaseNotesPage /> };

/** /issues-internal: the internal release notes with the code host's issues (intern and admin). */
export const issuesInternalRoute: RouteObject = { path: 'issues-internal', element: <InternalReleaseNotesPage /> };
