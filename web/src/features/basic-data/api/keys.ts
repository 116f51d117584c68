import type { KindPath } from '@dp/contract';

/** Query keys of the basic-data screens (references and obligations: lib/shared-lists). */
export const basicDataKeys = {
  items: (kind: KindPath) => ['basic-data', 'items', kind] as const,
  relatedItems: (parent: KindPath, id: string, child: KindPath) =>
    ['basic-data', 'related', parent, id, child] as const,
};

/** What else a write to each kind of base data may have changed (other features' keys). */
export const dependentKeys = {
  items: (kind: KindPath): ReadonlyArray<readonly unknown[]> => [
    ['items-with-versions', kind],
    ['basic-data', 'related'],
  ],
  relations: [['items-with-versions']] as ReadonlyArray<readonly unknown[]>,
};
