import type { KindPath } from '@dp/contract';

/** One relation screen: compatibilities of `from` versions to `to` versions (a pair of contract's compatibilityPairs). */
export interface RelationDef {
  path: string;
  from: KindPath;
  to: KindPath;
}

export const RELATIONS = {
  systemsSystems: { path: 'systems-systems-compatibility', from: 'systems', to: 'systems' },
  systemsAssemblies: { path: 'systems-assemblies-compatibility', from: 'systems', to: 'assemblies' },
  assembliesAssemblies: { path: 'assemblies-assemblies-compatibility', from: 'assemblies', to: 'assemblies' },
  assembliesSubassemblies: { path: 'assemblies-subassemblies-compatibility', from: 'assemblies', to: 'subassemblies' },
  subassembliesSubassemblies: {
    path: 'subassemblies-subassemblies-compatibility',
    from: 'subassemblies',
    to: 'subassemblies',
  },
} as const satisfies Record<string, RelationDef>;

export type RelationKey = keyof typeof RELATIONS;
