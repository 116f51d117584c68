import { idOfHref, type KindPath, type OfflineBundleEntry, type Role, type Version } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { href, kindOf, pathOf, type ItemKind } from '../../db/kinds.js';
import { inReadSnapshot } from '../../db/read-snapshot.js';
import { listVersionsOfItem } from '../catalog/catalog.service.js';
import { listAssemblyWarnings, listCompatibilitiesOfVersion } from '../compatibility/compatibility.service.js';

/**
 * The lists each browser shows for a selected version of a kind (web/src/features/evaluate/browsers),
 * plus assemblies→subassemblies, which names the sub-assemblies to save.
 */
const LISTS: Record<ItemKind, KindPath[]> = {
  system: ['systems', 'assemblies'],
  assembly: ['systems', 'assemblies', 'subassemblies'],
  subassembly: ['assemblies', 'subassemblies'],
};
/** The kinds whose browser shows an assembly list, which carries the assembly warnings. */
const WITH_WARNINGS = new Set<ItemKind>(['system', 'assembly']);
/** Answers sent per batch: each batch is a few hundred kB of JSON on its way to the socket. */
const ENTRIES_PER_BATCH = 200;

/**
 * What `role` may read of the systems `systemHrefs`, as the answers the browsers' own GETs give: their
 * versions with their compatibility lists, the assemblies those versions are related to (all their
 * versions with their lists), and the sub-assemblies related to those assemblies likewise. One read-only
 * snapshot, so the set is consistent; every answer carries the role's projection of the route it stands
 * for. An unknown system answers 404 before anything is sent.
 */
export async function* streamOfflineBundle(
  db: Db,
  role: Role,
  systemHrefs: string[],
): AsyncGenerator<OfflineBundleEntry[]> {
  yield* inReadSnapshot(db, async function* ({ db: reader }) {
    let batch: OfflineBundleEntry[] = [];
    const versionsOf = async (kind: ItemKind, itemIds: number[]) => {
      const found: Version[] = [];
      for (const id of itemIds) {
        const versions = await listVersionsOfItem(reader, kind, id, role);
        batch.push({ path: `${href.item(kind, id)}/versions`, body: versions });
        found.push(...versions);
      }
      return found;
    };
    /** The versions' lists; returns the ids of the items of `follow` that they name. */
    async function* listsOf(kind: ItemKind, versions: Version[], follow?: KindPath) {
      const related = new Set<number>();
      for (const version of versions) {
        const id = idOfHref(version.href);
        for (const to of LISTS[kind]) {
          const records = await listCompatibilitiesOfVersion(reader, kind, kindOf(to), role, id);
          batch.push({ path: `${version.href}/compatibilities/${to}`, body: records });
          if (to === follow) for (const record of records) related.add(idOfHref(record.to.parent_href ?? ''));
        }
        if (WITH_WARNINGS.has(kind))
          batch.push({ path: `${version.href}/assembly-warnings`, body: await listAssemblyWarnings(reader, kind, id) });
        if (batch.length >= ENTRIES_PER_BATCH) {
          yield batch;
          batch = [];
        }
      }
      return [...related].filter((itemId) => itemId > 0);
    }

    // All systems are read before the first batch leaves: an unknown one answers 404, not half a list.
    const systems = await versionsOf('system', [...new Set(systemHrefs.map(idOfHref))]);
    const assemblies = yield* listsOf('system', systems, pathOf('assembly'));
    const subassemblies = yield* listsOf('assembly', await versionsOf('assembly', assemblies), pathOf('subassembly'));
    yield* listsOf('subassembly', await versionsOf('subassembly', subassemblies));
    yield batch;
  });
}
