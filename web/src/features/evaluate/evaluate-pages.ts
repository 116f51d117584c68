export type EvaluatePageKey =
  | 'systemCompatibilityBrowser'
  | 'assemblyCompatibilityBrowser'
  | 'subassemblyCompatibilityBrowser'
  | 'systemDeltaBrowser'
  | 'upgradePlanner'
  | 'systemAssemblyMatrix'
  | 'systemSystemAssemblyMatrix';

export interface EvaluatePage {
  path: string;
  key: EvaluatePageKey;
}

export interface EvaluateGroup {
  key: 'browser' | 'delta' | 'matrix';
  pages: EvaluatePage[];
}

/** The link lists of the evaluation start page (SPEC section 2, 'Evaluate home'). */
export const EVALUATE_GROUPS: EvaluateGroup[] = [
  {
    key: 'browser',
    pages: [
      { path: 'system-compatibility-browser', key: 'systemCompatibilityBrowser' },
      { path: 'assembly-compatibility-browser', key: 'assemblyCompatibilityBrowser' },
      { path: 'subassembly-compatibility-browser', key: 'subassemblyCompatibilityBrowser' },
    ],
  },
  {
    key: 'delta',
    pages: [
      { path: 'system-delta-browser', key: 'systemDeltaBrowser' },
      { path: 'upgrade-planner', key: 'upgradePlanner' },
    ],
  },
  {
    key: 'matrix',
    pages: [
      { path: 'system-assembly-matrix', key: 'systemAssemblyMatrix' },
      { path: 'system-system-assembly-matrix', key: 'systemSystemAssemblyMatrix' },
    ],
  },
];
