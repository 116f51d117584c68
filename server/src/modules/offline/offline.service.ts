import { idOfHref, type KindPath, type OfflineBundleEntry, type Role, type Version } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { href, kindOf, pathOf, type ItemKind } from '../../db/kinds.js';
import { inReadSnapshot } from '../../db/read-snapshot.js';
import { listVersionsOfItem } from '../catalog/catalog.service.js';
import { listAssemblyWarningsOf, listCompatibilitiesOfVersions } from '../compatibility/compatibility.service.js';

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
/**
 * Versions whose lists are read together (one statement per list kind) and sent as one batch of a few
 * hundred answers: one statement per list took most of a save's time.
 */
const VERSIONS_PER_BATCH = 100;

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
      for (let start = 0; start < versions.length; start += VERSIONS_PER_BATCH) {
        const chunk = versions.slice(start, start + VERSIONS_PER_BATCH);
        const ids = chunk.map((version) => idOfHref(version.href));
        for (const to of LISTS[kind]) {
          const lists = await listCompatibilitiesOfVersions(reader, kind, kindOf(to), role, ids);
          for (const version of chunk) {
            const records = lists.get(idOfHref(version.href)) ?? [];
            batch.push({ path: `${version.href}/compatibilities/${to}`, body: records });
            if (to === follow) for (const record of records) related.add(idOfHref(record.to.parent_href ?? ''));
          }
        }
        if (WITH_WARNINGS.has(kind)) {
          const warnings = await listAssemblyWarningsOf(reader, kind, ids);
          for (const version of chunk)
            batch.push({ path: `${version.href}/assembly-warnings`, body: warnings.get(idOfHref(version.href)) ?? [] });
        }
        yield batch;
        batch = [];
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
