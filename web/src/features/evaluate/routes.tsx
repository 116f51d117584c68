import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named';
import { EvaluateHome } from './evaluate-home';
import { EVALUATE_GROUPS, type EvaluatePageKey } from './evaluate-pages';

// /evaluate is the first screen after sign-in and comes with the app; each screen behind it loads on
// its first visit (the matrices, the delta and the browsers' virtual lists are large).
const screens: Record<EvaluatePageKey, ComponentType> = {
  systemCompatibilityBrowser: lazyNamed(
    () => import('./browsers/system-compatibility-browser'),
    'SystemCompatibilityBrowser',
  ),
  assemblyCompatibilityBrowser: lazyNamed(
    () => import('./browsers/assembly-compatibility-browser'),
    'AssemblyCompatibilityBrowser',
  ),
  subassemblyCompatibilityBrowser: lazyNamed(
    () => import('./browsers/subassembly-compatibility-browser'),
    'SubassemblyCompatibilityBrowser',
  ),
  systemDeltaBrowser: lazyNamed(() => import('./delta/system-delta-browser'), 'SystemDeltaBrowser'),
  upgradePlanner: lazyNamed(() => import('./planner/upgrade-planner'), 'UpgradePlanner'),
  systemAssemblyMatrix: lazyNamed(() => import('./matrix/system-assembly-matrix'), 'SystemAssemblyMatrix'),
  systemSystemAssemblyMatrix: lazyNamed(
    () => import('./matrix/system-system-assembly-matrix'),
    'SystemSystemAssemblyMatrix',
  ),
};

/** /evaluate and its screens. */
export const evaluateRoute: RouteObject = {
  path: 'evaluate',
  children: [
    { index: true, element: <EvaluateHome /> },
    ...EVALUATE_GROUPS.flatMap((group) => group.pages).map((page) => {
      const Screen = screens[page.key];
      return { path: page.path, element: <Screen /> };
    }),
  ],
};
