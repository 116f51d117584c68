/** The evaluation screens every role can open. */
export const EVALUATE_SCREENS = [
  '/evaluate',
  '/evaluate/system-compatibility-browser',
  '/evaluate/assembly-compatibility-browser',
  '/evaluate/subassembly-compatibility-browser',
  '/evaluate/system-delta-browser',
  '/evaluate/upgrade-planner',
  '/evaluate/system-assembly-matrix',
  '/evaluate/system-system-assembly-matrix',
];

/** Every screen of the app an admin can open (section pages included), for journeys that visit them all. */
export const ADMIN_SCREENS = [
  ...EVALUATE_SCREENS,
  '/basic-data',
  ...[
    'systems',
    'systems-relations',
    'assemblies',
    'assemblies-relations',
    'subassemblies',
    'references',
    'obligations-intern',
  ].map((p) => `/basic-data/${p}`),
  '/compatibility',
  ...[
    'systems-versions',
    'systems-systems-compatibility',
    'systems-assemblies-compatibility',
    'assemblies-versions',
    'assemblies-assemblies-compatibility',
    'assemblies-subassemblies-compatibility',
    'subassemblies-versions',
    'subassemblies-subassemblies-compatibility',
  ].map((p) => `/compatibility/${p}`),
  '/database',
  ...['delta-report', 'backups', 'compatibility-report', 'transfer', 'consistency'].map((p) => `/database/${p}`),
  '/dataset',
  '/monitoring',
  '/issues-internal',
  '/help',
  '/offline',
  '/api-docs',
];
