import type { RouteObject } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named';

// The drawing and the guide load on the first visit.
const HelpPage = lazyNamed(() => import('./help-page'), 'HelpPage');

/** /help: the graphical system description and a guide to the screens. */
export const helpRoute: RouteObject = { path: 'help', element: <HelpPage /> };
