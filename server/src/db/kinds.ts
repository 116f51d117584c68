import type { KindPath } from '@dp/contract';
import { itemKind } from './schema.js';

/** The kind of an item or version, as the database stores it. */
export type ItemKind = (typeof itemKind.enumValues)[number];
/** Every kind, in the database's order: systems, assemblies, sub-assemblies. */
export const itemKinds = itemKind.enumValues;

const kindByPath: Record<KindPath, ItemKind> = {
  systems: 'system',
  assemblies: 'assembly',
  subassemblies: 'subassembly',
};
const pathByKind: Record<ItemKind, KindPath> = {
  system: 'systems',
  assembly: 'assemblies',
  subassembly: 'subassemblies',
};

/** Systems, then assemblies, then sub-assemblies: the order of lists and of a stored pair. */
export const kindRank: Record<ItemKind, number> = { system: 0, assembly: 1, subassembly: 2 };

export const kindOf = (path: KindPath): ItemKind => kindByPath[path];
export const pathOf = (kind: ItemKind): KindPath => pathByKind[kind];

/** Every href the API hands out is built here, so reads and writes agree on one shape. */
export const href = {
  item: (kind: ItemKind, id: number) => `/api/${pathOf(kind)}/${id}`,
  version: (kind: ItemKind, id: number) => `/api/${pathOf(kind)}/versions/${id}`,
  compatibility: (fromKind: ItemKind, fromId: number, toKind: ItemKind, toId: number) =>
    `/api/${pathOf(fromKind)}/versions/${fromId}/compatibilities/${pathOf(toKind)}/${toId}`,
  compatibilityInfo: (id: number) => `/api/compatibility_infos/${id}`,
  reference: (id: number) => `/api/references/${id}`,
  containment: (parentKind: ItemKind, parentId: number, childKind: ItemKind, childId: number) =>
    `/api/${pathOf(parentKind)}/${parentId}/${pathOf(childKind)}/${childId}`,
  versionRelation: (fromKind: ItemKind, fromId: number, toKind: ItemKind, toId: number) =>
    `/api/${pathOf(fromKind)}/versions/${fromId}/${pathOf(toKind)}/${toId}`,
};
