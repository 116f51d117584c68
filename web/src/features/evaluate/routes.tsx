import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { AssemblyCompatibilityBrowser } from './browsers/assembly-compatibility-browser';
import { SubassemblyCompatibilityBrowser } from './browsers/subassembly-compatibility-browser';
import { SystemCompatibilityBrowser } from './browsers/system-compatibility-browser';
import { SystemDeltaBrowser } from './delta/system-delta-browser';
import { EvaluateHome } from './evaluate-home';
import { EVALUATE_GROUPS, type EvaluatePageKey } from './evaluate-pages';
import { SystemAssemblyMatrix } from './matrix/system-assembly-matrix';
import { SystemSystemAssemblyMatrix } from './matrix/system-system-assembly-matrix';

const screens: Record<EvaluatePageKey, () => ReactElement> = {
  systemCompatibilityBrowser: SystemCompatibilityBrowser,
  assemblyCompatibilityBrowser: AssemblyCompatibilityBrowser,
  subassemblyCompatibilityBrowser: SubassemblyCompatibilityBrowser,
  systemDeltaBrowser: SystemDeltaBrowser,
  systemAssemblyMatrix: SystemAssemblyMatrix,
  systemSystemAssemblyMatrix: SystemSystemAssemblyMatrix,
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
