import type { RouteObject } from 'react-router';
import { EvaluateHome } from './evaluate-home';
import { EVALUATE_GROUPS } from './evaluate-pages';
import { EvaluateScreen } from './evaluate-screen';

/** /evaluate and its screens. */
export const evaluateRoute: RouteObject = {
  path: 'evaluate',
  children: [
    { index: true, element: <EvaluateHome /> },
    ...EVALUATE_GROUPS.flatMap((group) => group.pages).map((page) => ({ path: page.path, element: <EvaluateScreen page={page.key} /> })),
  ],
};
