import type { KindPath } from '@dp/contract';

/** The version flag an assembly relation screen edits besides the compatibility (SPEC 3). */
export type VersionFlag = 'versionRelation' | 'containment';

/** One relation screen: compatibilities of `from` versions to `to` versions. */
export interface RelationDef {
  path: string;
  from: KindPath;
  to: KindPath;
  /** Set only for the assembly relations: which flag the checkbox column holds. */
  flag?: VersionFlag;
}

export const RELATIONS = {
  systemsSystems: { path: 'systems-systems-compatibility', from: 'systems', to: 'systems' },
  systemsAssemblies: { path: 'systems-assemblies-compatibility', from: 'systems', to: 'assemblies' },
  assembliesAssemblies: {
    path: 'assemblies-assemblies-compatibility',
    from: 'assemblies',
    to: 'assemblies',
    flag: 'versionRelation',
  },
  assembliesSubassemblies: {
    path: 'assemblies-subassemblies-compatibility',
    from: 'assemblies',
    to: 'subassemblies',
    flag: 'containment',
  },
  subassembliesSubassemblies: {
    path: 'subassemblies-subassemblies-compatibility',
    from: 'subassemblies',
    to: 'subassemblies',
  },
} as const satisfies Record<string, RelationDef>;

export type RelationKey = keyof typeof RELATIONS;

/** A version as people name it: part number and material number, whichever are set. */
export function versionLabel(version: { name: string | null; name2: string | null }): string {
  return [version.name, version.name2].filter(Boolean).join(' ');
}
