import type { RouteObject } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named';

const releaseNotesPages = () => import('./components/release-notes-pages');
const ExternalReleaseNotesPage = lazyNamed(releaseNotesPages, 'ExternalReleaseNotesPage');
const InternalReleaseNotesPage = lazyNamed(releaseNotesPages, 'InternalReleaseNotesPage');

/** /issues: the release notes for every signed-in user. */
export const issuesRoute: RouteObject = { path: 'issues', element: <ExternalReleaseNotesPage /> };

/** /issues-internal: the internal release notes with the code host's issues (intern and admin). */
export const issuesInternalRoute: RouteObject = { path: 'issues-internal', element: <InternalReleaseNotesPage /> };
