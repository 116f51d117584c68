import { sql } from 'drizzle-orm';
import type { Executor } from '../../writes/audit.js';
import { readModificationTime } from '../catalog/catalog.queries.js';
import { kindRank, type ItemKind } from '../kinds.js';
import { toIso } from '../time.js';

/** One searchable thing: an item (versionId null) or one of its versions, with folded texts. */
export interface SearchEntry {
  kind: ItemKind;
  itemId: number;
  versionId: number | null;
  parentName: string;
  name: string | null;
  name2: string | null;
  parentFolded: string;
  nameFolded: string;
  name2Folded: string;
  /**
   * The folded fields joined by line breaks, which a folded search word never contains: one test
   * rejects the many entries that match in no field.
   */
  anyFolded: string;
}

/** Like SQL's ascending order: a missing number sorts after every present one. */
const compareNullsLast = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b);
const compareEntries = (a: SearchEntry, b: SearchEntry) =>
  kindRank[a.kind] - kindRank[b.kind] ||
  a.parentName.localeCompare(b.parentName) ||
  (a.versionId === null ? -1 : 0) - (b.versionId === null ? -1 : 0) ||
  compareNullsLast(a.name, b.name) ||
  compareNullsLast(a.name2, b.name2);

/** Re-read at least this often, in case the data was changed behind the API's back. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * The names and numbers of every item and version, folded, in this process's memory and sorted as
 * results are listed. Derived data only: it is rebuilt whenever the data's modification time (moved
 * by every write, on any instance) differs from the one it was built for, so it is never stale.
 * A scan of it answers a search at size M in a few milliseconds, where SQL needed tens.
 */
export class SearchIndex {
  private builtFor: string | null = null;
  private builtAt = 0;
  private entries: SearchEntry[] = [];
  private building: Promise<SearchEntry[]> | null = null;

  async current(db: Executor): Promise<SearchEntry[]> {
    const stamp = toIso(await readModificationTime(db));
    if (stamp === this.builtFor && Date.now() - this.builtAt < MAX_AGE_MS) return this.entries;
    // Concurrent requests during a rebuild share it.
    this.building ??= this.build(db, stamp).finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async build(db: Executor, stamp: string): Promise<SearchEntry[]> {
    const result = await db.execute<{
      kind: ItemKind;
      item_id: number;
      version_id: number | null;
      parent_name: string;
      name: string | null;
      name2: string | null;
      parent_folded: string;
      name_folded: string | null;
      name2_folded: string | null;
    }>(sql`
      select i.kind, i.id as item_id, null::int as version_id, i.name as parent_name, null as name, null as name2,
             i.name_folded as parent_folded, null as name_folded, null as name2_folded
      from items i
      union all
      select v.kind, v.item_id, v.id, i.name, v.name, v.name2, i.name_folded, v.name_folded, v.name2_folded
      from versions v join items i on i.id = v.item_id`);
    const entries = result.rows.map((row) => ({
      kind: row.kind,
      itemId: row.item_id,
      versionId: row.version_id,
      parentName: row.parent_name,
      name: row.name,
      name2: row.name2,
      parentFolded: row.parent_folded,
      nameFolded: row.name_folded ?? '',
      name2Folded: row.name2_folded ?? '',
      anyFolded: [row.parent_folded, row.name_folded ?? '', row.name2_folded ?? ''].join('\n'),
    }));
    entries.sort(compareEntries);
    this.entries = entries;
    this.builtFor = stamp;
    this.builtAt = Date.now();
    return entries;
  }
}
