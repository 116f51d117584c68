import type { AuditEntry } from '@dp/contract';

const KIND_PATHS: Record<string, string> = {
  system: 'systems',
  assembly: 'assemblies',
  subassembly: 'subassemblies',
};

/** The screen where an entry's entity is edited, or null when no screen edits it by itself. */
export function editScreenOf(entry: Pick<AuditEntry, 'entity' | 'entity_id'>): string | null {
  const kind = KIND_PATHS[entry.entity.replace(/_version$/, '')];
  if (kind) return entry.entity.endsWith('_version') ? `/compatibility/${kind}-versions` : `/basic-data/${kind}`;
  switch (entry.entity) {
    case 'compatibility_info':
      return '/basic-data/obligations-intern';
    case 'reference':
      return '/basic-data/references';
    case 'dataset_entry':
      return '/dataset';
    case 'containment': {
      // The href of a containment starts with its parent's kind: /api/systems/1/assemblies/2.
      const parent = /^\/api\/(systems|assemblies)\//.exec(entry.entity_id);
      return parent ? `/basic-data/${parent[1]}-relations` : null;
    }
    case 'compatibility': {
      // /api/systems/versions/1/compatibilities/assemblies/2 is edited on the systems-assemblies screen.
      const pair = /^\/api\/(\w+)\/versions\/\d+\/compatibilities\/(\w+)\//.exec(entry.entity_id);
      return pair ? `/compatibility/${pair[1]}-${pair[2]}-compatibility` : null;
    }
    default:
      return null;
  }
}
