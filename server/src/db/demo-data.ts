import type { Table } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './connection.js';
import {
  COMMENTS,
  DATASET_ENTRIES,
  DOMAINS,
  OBLIGATIONS,
  PLATFORMS,
  REFERENCES,
  SYSTEM_RELEASE_NOTES,
  VERSION_NOTES,
} from './demo-catalog.js';
import { pathOf, type ItemKind } from './kinds.js';
import type {
  comments,
  compatibilities,
  compatibilityInfos,
  compatibilityReferences,
  datasetEntries,
  itemContainments,
  items,
  references,
  versionRelations,
  versions,
} from './schema.js';

type Status = CompatibilityInfoRow['status'];

export const DEMO_SIZES = ['S', 'M', 'L'] as const;
export type DemoSize = (typeof DEMO_SIZES)[number];

/**
 * A platform brings 8 systems with ~4 versions each, ~80 assemblies, ~200 sub-assemblies and ~4000
 * compatibilities; the sizes differ only in the number of platforms.
 */
export const SIZES: Record<DemoSize, { platforms: number }> = {
  S: { platforms: 1 },
  M: { platforms: 50 },
  L: { platforms: 500 },
};

export const DEFAULT_SEED = 1;

/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float() {
    return this.next();
  }
  /** An integer in [min, max]. */
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number) {
    return this.next() < probability;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
}

/** A table's columns as the generator fills them, typed by the schema. */
type Columns<T extends Table, K extends keyof T['$inferInsert']> = Required<Pick<T['$inferInsert'], K>>;
/** Times are epoch milliseconds until they are written. */
interface Times {
  created: number;
  modified: number;
}
type Audit = Times & Columns<typeof items, 'createdBy' | 'updatedBy'>;

export type ItemRow = Audit & Columns<typeof items, 'id' | 'kind' | 'name' | 'description'>;
export type VersionRow = Audit &
  Columns<typeof versions, 'id' | 'itemId' | 'kind' | 'name' | 'name2' | 'description' | 'rscpLink'>;
export type CompatibilityInfoRow = Audit & Columns<typeof compatibilityInfos, 'id' | 'status' | 'obligation'>;
export type ReferenceRow = Audit & Columns<typeof references, 'id' | 'reference' | 'description'>;
export type CompatibilityRow = Audit &
  Columns<typeof compatibilities, 'id' | 'fromVersionId' | 'fromKind' | 'toVersionId' | 'toKind'> & {
    infoId: CompatibilityInfoRow['id'];
  };
export type CompatibilityReferenceRow = Columns<typeof compatibilityReferences, 'compatibilityId' | 'referenceId'>;
export type CommentRow = Times & Columns<typeof comments, 'compatibilityId' | 'comment' | 'author'>;
export type ContainmentRow = Pick<Times, 'created'> &
  Columns<typeof itemContainments, 'parentItemId' | 'parentKind' | 'childItemId' | 'childKind' | 'createdBy'>;
export type VersionRelationRow = Pick<Times, 'created'> &
  Columns<typeof versionRelations, 'fromVersionId' | 'fromKind' | 'toVersionId' | 'toKind' | 'createdBy'>;
export type DatasetEntryRow = Times & Columns<typeof datasetEntries, 'username' | 'description'>;

export interface DemoData {
  items: ItemRow[];
  versions: VersionRow[];
  compatibilityInfos: CompatibilityInfoRow[];
  references: ReferenceRow[];
  compatibilities: CompatibilityRow[];
  compatibilityReferences: CompatibilityReferenceRow[];
  comments: CommentRow[];
  containments: ContainmentRow[];
  versionRelations: VersionRelationRow[];
  datasetEntries: DatasetEntryRow[];
}

export interface DemoOptions {
  size?: DemoSize;
  seed?: number;
}

// A fixed "today" keeps the output a pure function of size and seed.
const NOW = Date.UTC(2026, 5, 30, 12, 0, 0);
const THREE_YEARS_S = 3 * 365 * 24 * 3600;

/** Builds the whole data set in memory, ids from 1, deterministic for a given size and seed. */
export function generateDemoData({ size = 'S', seed = DEFAULT_SEED }: DemoOptions = {}): DemoData {
  const rng = new Random(seed);
  const data: DemoData = {
    items: [],
    versions: [],
    compatibilityInfos: [],
    references: [],
    compatibilities: [],
    compatibilityReferences: [],
    comments: [],
    containments: [],
    versionRelations: [],
    datasetEntries: [],
  };

  const time = () => NOW - rng.int(0, THREE_YEARS_S) * 1000;
  // The big row builders below take audit()'s fields one by one: spreading it into each of millions
  // of rows costs a slow generic property copy per row (a fifth of the time at size L).
  const audit = (): Audit => {
    const created = time();
    const modified = rng.chance(0.4) ? created + rng.int(0, (NOW - created) / 1000) * 1000 : created;
    const createdBy = rng.chance(0.8) ? 'admin' : 'system';
    return { created, modified, createdBy, updatedBy: modified === created ? createdBy : 'admin' };
  };

  // ---- items, versions and containments, platform by platform
  const versionsOf = new Map<number, number[]>();
  /** Position of a version within its item's history, 0 (oldest) … 1 (newest). */
  const age = new Map<number, number>();
  const children = new Map<number, number[]>();
  const serials = new Map<string, number>();
  let partNumber = 1_180_000 + rng.int(0, 99_999);
  let materialNumber = 4000 + rng.int(0, 999);

  const addItem = (kind: ItemKind, name: string, description: string) => {
    const id = data.items.length + 1;
    const { created, modified, createdBy, updatedBy } = audit();
    data.items.push({ id, kind, name, description, created, modified, createdBy, updatedBy });
    versionsOf.set(id, []);
    return id;
  };
  const addVersion = (
    item: ItemRow,
    name: string | null,
    name2: string | null,
    description: string,
    rscpLink: string | null,
  ) => {
    const id = data.versions.length + 1;
    const { created, modified, createdBy, updatedBy } = audit();
    data.versions.push({
      id,
      itemId: item.id,
      kind: item.kind,
      name,
      name2,
      description,
      rscpLink,
      created,
      modified,
      createdBy,
      updatedBy,
    });
    versionsOf.get(item.id)?.push(id);
  };
  const finishVersions = (itemId: number) => {
    const ids = versionsOf.get(itemId) ?? [];
    ids.forEach((id, i) => age.set(id, ids.length === 1 ? 1 : i / (ids.length - 1)));
  };
  const contain = (parent: ItemRow, child: ItemRow) => {
    const list = children.get(parent.id) ?? [];
    if (list.includes(child.id)) return;
    list.push(child.id);
    children.set(parent.id, list);
    data.containments.push({
      parentItemId: parent.id,
      parentKind: parent.kind,
      childItemId: child.id,
      childKind: child.kind,
      created: time(),
      createdBy: 'admin',
    });
  };
  /** "Bremsgerät BG-410": the type code plus a serial that only grows, so names stay unique. */
  const typeName = (base: string, code: string) => {
    const key = `${base}|${code}`;
    const previous = serials.get(key);
    const serial = previous === undefined ? rng.int(1, 9) * 100 + rng.int(0, 9) * 10 : previous + rng.int(1, 25);
    serials.set(key, serial);
    return `${base} ${code}-${serial}`;
  };
  /** Part number (A2V…, Siemens-Sach-Nr.) and material number; some versions carry only one. */
  const addComponentVersions = (item: ItemRow, count: number) => {
    materialNumber += rng.int(1, 9);
    for (let i = 0; i < count; i++) {
      partNumber += rng.int(1, 4000);
      const roll = rng.float();
      const name = roll < 0.92 ? `A2V${String(partNumber).padStart(11, '0')}` : null;
      const name2 = roll < 0.8 || roll >= 0.92 ? `MAT-${materialNumber}-${String(i + 1).padStart(2, '0')}` : null;
      const link = name !== null && rng.chance(0.6) ? `https://rscp.example.com/parts/${name}` : null;
      addVersion(item, name, name2, rng.pick(VERSION_NOTES), link);
    }
    finishVersions(item.id);
  };
  const item = (id: number) => data.items[id - 1] as ItemRow;

  interface Platform {
    systems: number[];
    assemblies: number[];
  }
  const platforms: Platform[] = [];
  for (let p = 0; p < SIZES[size].platforms; p++) {
    const label = p === 0 ? '' : platformLabel(p);
    const platform: Platform = { systems: [], assemblies: [] };
    for (const domain of DOMAINS) {
      const system = item(
        addItem(
          'system',
          label ? `${domain.system} ${label}` : domain.system,
          label ? `${domain.description} – ${label}` : domain.description,
        ),
      );
      platform.systems.push(system.id);
      let [major, minor, patch] = [rng.int(1, 3), rng.int(0, 9), rng.int(0, 3)];
      const versionCount = rng.int(3, 5);
      for (let i = 0; i < versionCount; i++) {
        if (i > 0) {
          const roll = rng.float();
          if (roll < 0.5) patch++;
          else if (roll < 0.85) [minor, patch] = [minor + 1, 0];
          else [major, minor, patch] = [major + 1, 0, 0];
        }
        const note = rng.chance(0.3) ? domain.releaseNote : rng.pick(SYSTEM_RELEASE_NOTES);
        addVersion(system, `${major}.${minor}.${patch}`, null, note, null);
      }
      finishVersions(system.id);

      const assemblies = domain.assemblies.map(([base, code]) => {
        const name = typeName(base, code);
        const assembly = item(
          addItem(
            'assembly',
            name,
            rng.chance(0.5) ? `Baugruppe des Systems ${system.name}` : `Assembly of the ${system.name}`,
          ),
        );
        addComponentVersions(assembly, rng.int(2, 4));
        contain(system, assembly);
        platform.assemblies.push(assembly.id);
        return assembly;
      });
      const subCount = rng.int(22, 28);
      for (let k = 0; k < subCount; k++) {
        const [base, code] = rng.pick(domain.subassemblies);
        // Every assembly gets at least one sub-assembly; some sub-assemblies serve two assemblies.
        const parent = k < assemblies.length ? (assemblies[k] as ItemRow) : rng.pick(assemblies);
        const description = rng.chance(0.5)
          ? `Unterbaugruppe für ${parent.name}`
          : `Sub-assembly of the ${parent.name}`;
        const sub = item(addItem('subassembly', typeName(base, code), description));
        addComponentVersions(sub, rng.int(1, 4));
        contain(parent, sub);
        if (rng.chance(0.2)) contain(rng.pick(assemblies), sub);
      }
    }
    // A few assemblies are shared with another system of the same platform.
    for (const assemblyId of platform.assemblies) {
      if (rng.chance(0.08)) contain(item(rng.pick(platform.systems)), item(assemblyId));
    }
    platforms.push(platform);
  }

  // ---- catalogues: obligation texts and references
  const infosByStatus: Record<Status, number[]> = { allowed: [], conditional: [], forbidden: [], irrelevant: [] };
  const addInfo = (status: Status, obligation: string) => {
    const id = data.compatibilityInfos.length + 1;
    data.compatibilityInfos.push({ id, status, obligation, ...audit() });
    infosByStatus[status].push(id);
  };
  for (const [status, text] of OBLIGATIONS) addInfo(status, text);
  for (let i = 1; i < SIZES[size].platforms; i++) {
    const [status, text] = templatedObligation(
      rng,
      `A2V${String(partNumber - rng.int(0, 1_000_000)).padStart(11, '0')}`,
    );
    addInfo(status, text);
  }

  const referenceNames = new Set<string>();
  const addReference = (reference: string, description: string) => {
    referenceNames.add(reference);
    data.references.push({ id: data.references.length + 1, reference, description, ...audit() });
  };
  for (const [reference, description] of REFERENCES) addReference(reference, description);
  const referenceTarget = REFERENCES.length + 25 * SIZES[size].platforms;
  while (data.references.length < referenceTarget) {
    const topic = item(rng.int(1, data.items.length)).name;
    const [reference, description] = templatedReference(rng, topic);
    if (!referenceNames.has(reference)) addReference(reference, description);
  }

  // ---- compatibilities, their references and comments, version relations
  const statusFor = (a: number, b: number, sameKind: boolean): Status => {
    // Releases far apart in their histories clash more often.
    const gap = Math.abs((age.get(a) ?? 0) - (age.get(b) ?? 0));
    const forbidden = 0.06 + 0.25 * gap;
    const irrelevant = forbidden + (sameKind ? 0.15 : 0.07);
    const conditional = irrelevant + 0.2;
    const roll = rng.float();
    return roll < forbidden
      ? 'forbidden'
      : roll < irrelevant
        ? 'irrelevant'
        : roll < conditional
          ? 'conditional'
          : 'allowed';
  };
  const version = (id: number) => data.versions[id - 1] as VersionRow;
  const addCompatibility = (a: number, b: number): Status => {
    // Same-kind pairs are stored once, smaller id first; other pairs follow system → assembly → sub-assembly.
    const [from, to] =
      version(a).kind === version(b).kind && a > b ? [version(b), version(a)] : [version(a), version(b)];
    const status = statusFor(a, b, from.kind === to.kind);
    const id = data.compatibilities.length + 1;
    const infoId = rng.pick(infosByStatus[status]);
    const { created, modified, createdBy, updatedBy } = audit();
    data.compatibilities.push({
      id,
      fromVersionId: from.id,
      fromKind: from.kind,
      toVersionId: to.id,
      toKind: to.kind,
      infoId,
      created,
      modified,
      createdBy,
      updatedBy,
    });
    const referenceChance = { allowed: 0.08, conditional: 0.45, forbidden: 0.45, irrelevant: 0.02 }[status];
    if (rng.chance(referenceChance)) {
      const first = rng.int(1, data.references.length);
      data.compatibilityReferences.push({ compatibilityId: id, referenceId: first });
      const second = rng.int(1, data.references.length);
      if (second !== first && rng.chance(0.3))
        data.compatibilityReferences.push({ compatibilityId: id, referenceId: second });
    }
    if (rng.chance(0.04)) {
      const author = rng.chance(0.6) ? 'admin' : 'intern';
      const created = time();
      data.comments.push({ compatibilityId: id, comment: rng.pick(COMMENTS), author, created, modified: created });
      if (rng.chance(0.3)) {
        const reply = created + rng.int(0, (NOW - created) / 1000) * 1000;
        data.comments.push({
          compatibilityId: id,
          comment: rng.pick(COMMENTS),
          author: author === 'admin' ? 'intern' : 'admin',
          created: reply,
          modified: reply,
        });
      }
    }
    return status;
  };
  const relate = (a: number, b: number) => {
    const [from, to] =
      version(a).kind === version(b).kind && a > b ? [version(b), version(a)] : [version(a), version(b)];
    data.versionRelations.push({
      fromVersionId: from.id,
      fromKind: from.kind,
      toVersionId: to.id,
      toKind: to.kind,
      created: time(),
      createdBy: 'admin',
    });
  };
  const versionIds = (itemId: number) => versionsOf.get(itemId) ?? [];
  const childrenOf = (itemId: number) => children.get(itemId) ?? [];
  /** Pairs among the versions of sibling items: other items with `crossChance`, successive versions of one item with 0.5. */
  const siblingPairs = (
    itemIds: number[],
    crossChance: number,
    seen: Set<number>,
    onPair?: (a: number, b: number, status: Status) => void,
  ) => {
    const all = itemIds.flatMap((id) => versionIds(id).map((versionId, index) => ({ versionId, itemId: id, index })));
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const a = all[i] as (typeof all)[number];
        const b = all[j] as (typeof all)[number];
        const sameItem = a.itemId === b.itemId;
        if (sameItem && Math.abs(a.index - b.index) !== 1) continue;
        const key = Math.min(a.versionId, b.versionId) * 4_194_304 + Math.max(a.versionId, b.versionId);
        if (seen.has(key) || !rng.chance(sameItem ? 0.5 : crossChance)) continue;
        seen.add(key);
        const status = addCompatibility(a.versionId, b.versionId);
        onPair?.(a.versionId, b.versionId, status);
      }
    }
  };

  for (const platform of platforms) {
    const seen = new Set<number>();
    for (const systemId of platform.systems) {
      for (const assemblyId of childrenOf(systemId)) {
        for (const sv of versionIds(systemId)) {
          for (const av of versionIds(assemblyId)) if (rng.chance(0.85)) addCompatibility(sv, av);
        }
      }
    }
    for (const assemblyId of platform.assemblies) {
      for (const subId of childrenOf(assemblyId)) {
        for (const av of versionIds(assemblyId)) {
          // The containment flag marks the sub-assembly version actually built into this assembly version.
          const usable: number[] = [];
          for (const bv of versionIds(subId)) {
            if (!rng.chance(0.85)) continue;
            const status = addCompatibility(av, bv);
            if (status === 'allowed' || status === 'conditional') usable.push(bv);
          }
          if (usable.length > 0) relate(av, rng.pick(usable));
        }
      }
    }
    // Assembly versions that can replace each other get the versionRelation flag.
    const relatedAssemblies = new Set<number>();
    for (const assemblyId of platform.assemblies) {
      const ids = versionIds(assemblyId);
      for (let i = 1; i < ids.length; i++) {
        if (!rng.chance(0.5)) continue;
        relatedAssemblies.add((ids[i - 1] as number) * 4_194_304 + (ids[i] as number));
        relate(ids[i - 1] as number, ids[i] as number);
      }
    }
    for (const systemId of platform.systems) {
      siblingPairs(childrenOf(systemId), 0.12, seen, (a, b, status) => {
        const key = Math.min(a, b) * 4_194_304 + Math.max(a, b);
        if (status === 'allowed' && !relatedAssemblies.has(key) && rng.chance(0.1)) {
          relatedAssemblies.add(key);
          relate(a, b);
        }
      });
    }
    for (const assemblyId of platform.assemblies) siblingPairs(childrenOf(assemblyId), 0.3, seen);
    const systemVersions = platform.systems.flatMap((id) => versionIds(id));
    for (let i = 0; i < systemVersions.length; i++) {
      for (let j = i + 1; j < systemVersions.length; j++) {
        const a = systemVersions[i] as number;
        const b = systemVersions[j] as number;
        if (version(a).itemId !== version(b).itemId && rng.chance(0.35)) addCompatibility(a, b);
      }
    }
  }

  let entryTime = NOW - THREE_YEARS_S * 1000;
  for (const description of DATASET_ENTRIES) {
    entryTime += rng.int(30, 200) * 24 * 3600 * 1000;
    const modified = rng.chance(0.3) ? entryTime + rng.int(1, 10) * 3600 * 1000 : entryTime;
    data.datasetEntries.push({ username: 'admin', description, created: entryTime, modified });
  }
  return data;
}

function platformLabel(index: number) {
  const name = PLATFORMS[(index - 1) % PLATFORMS.length] as string;
  const lot = Math.floor((index - 1) / PLATFORMS.length);
  return lot === 0 ? name : `${name} Los ${lot + 1}`;
}

function templatedObligation(rng: Random, partNumber: string): [Status, string] {
  const version = `${rng.int(1, 5)}.${rng.int(0, 12)}.${rng.int(0, 9)}`;
  const serial = `${rng.int(10, 99)}${String(rng.int(0, 99_999)).padStart(5, '0')}`;
  const revision = String.fromCharCode(65 + rng.int(0, 7));
  const platform = rng.pick(PLATFORMS);
  const templates: Array<[Status, string]> = [
    ['allowed', `Kompatibel ab Seriennummer ${serial}.`],
    ['allowed', `Compatible from serial number ${serial} onwards.`],
    ['conditional', `Nur kompatibel ab Softwarestand ${version}.`],
    ['conditional', `Only compatible with firmware ${version} or later.`],
    ['conditional', `Einbau nur mit Adapter ${partNumber}.`],
    ['forbidden', `Not compatible with hardware revision ${revision}.`],
    ['forbidden', `Nicht kompatibel mit Hardwarestand ${revision}${rng.int(1, 9)}.`],
    ['irrelevant', `Keine Schnittstelle im Fahrzeugtyp ${platform}.`],
    ['irrelevant', `No interface in vehicle type ${platform}.`],
  ];
  return rng.pick(templates);
}

function templatedReference(rng: Random, topic: string): [string, string] {
  const year = rng.int(2019, 2026);
  const number = String(rng.int(1, 9999)).padStart(4, '0');
  const templates: Array<[string, string]> = [
    [`TR-${year}-${number}`, `Technischer Bericht: Verträglichkeitsnachweis ${topic}`],
    [`TR-${year}-${number}`, `Technical report: compatibility assessment of ${topic}`],
    [`ÄM-${year}-${number}`, `Änderungsmitteilung: Änderung an ${topic}`],
    [`PB-${year}-${number}`, `Prüfbericht Typprüfung ${topic}`],
    [`SB-${year}-${number}`, `Service bulletin: retrofit instructions for ${topic}`],
  ];
  return rng.pick(templates);
}

// ---- writing to the database

type ColumnSpec<R> = readonly [key: keyof R & string, column: string, type: string];

const auditColumns = [
  ['created', 'creation_time', 'timestamptz'],
  ['modified', 'modification_time', 'timestamptz'],
  ['createdBy', 'created_by', 'text'],
  ['updatedBy', 'updated_by', 'text'],
] as const;

/**
 * Where each generated collection goes; tables with explicit ids get their sequences moved past them.
 * Each type must be the column's own: COPY's binary format converts nothing.
 */
const TABLES: {
  [K in keyof DemoData]: {
    table: string;
    explicitIds: boolean;
    columns: ReadonlyArray<ColumnSpec<DemoData[K][number]>>;
  };
} = {
  items: {
    table: 'items',
    explicitIds: true,
    columns: [
      ['id', 'id', 'int4'],
      ['kind', 'kind', 'item_kind'],
      ['name', 'name', 'text'],
      ['description', 'description', 'text'],
      ...auditColumns,
    ],
  },
  versions: {
    table: 'versions',
    explicitIds: true,
    columns: [
      ['id', 'id', 'int4'],
      ['itemId', 'item_id', 'int4'],
      ['kind', 'kind', 'item_kind'],
      ['name', 'name', 'text'],
      ['name2', 'name2', 'text'],
      ['description', 'description', 'text'],
      ['rscpLink', 'rscp_link', 'text'],
      ...auditColumns,
    ],
  },
  compatibilityInfos: {
    table: 'compatibility_infos',
    explicitIds: true,
    columns: [
      ['id', 'id', 'int4'],
      ['status', 'compatibility_status', 'compatibility_status'],
      ['obligation', 'obligation', 'text'],
      ...auditColumns,
    ],
  },
  references: {
    table: 'references',
    explicitIds: true,
    columns: [
      ['id', 'id', 'int4'],
      ['reference', 'reference', 'text'],
      ['description', 'description', 'text'],
      ...auditColumns,
    ],
  },
  compatibilities: {
    table: 'compatibilities',
    explicitIds: true,
    columns: [
      ['id', 'id', 'int4'],
      ['fromVersionId', 'from_version_id', 'int4'],
      ['fromKind', 'from_kind', 'item_kind'],
      ['toVersionId', 'to_version_id', 'int4'],
      ['toKind', 'to_kind', 'item_kind'],
      ['infoId', 'compatibility_info_id', 'int4'],
      ...auditColumns,
    ],
  },
  compatibilityReferences: {
    table: 'compatibility_references',
    explicitIds: false,
    columns: [
      ['compatibilityId', 'compatibility_id', 'int4'],
      ['referenceId', 'reference_id', 'int4'],
    ],
  },
  comments: {
    table: 'comments',
    explicitIds: false,
    columns: [
      ['compatibilityId', 'compatibility_id', 'int4'],
      ['comment', 'comment', 'text'],
      ['author', 'author', 'text'],
      ['created', 'creation_time', 'timestamptz'],
      ['modified', 'modification_time', 'timestamptz'],
    ],
  },
  containments: {
    table: 'item_containments',
    explicitIds: false,
    columns: [
      ['parentItemId', 'parent_item_id', 'int4'],
      ['parentKind', 'parent_kind', 'item_kind'],
      ['childItemId', 'child_item_id', 'int4'],
      ['childKind', 'child_kind', 'item_kind'],
      ['created', 'creation_time', 'timestamptz'],
      ['createdBy', 'created_by', 'text'],
    ],
  },
  versionRelations: {
    table: 'version_relations',
    explicitIds: false,
    columns: [
      ['fromVersionId', 'from_version_id', 'int4'],
      ['fromKind', 'from_kind', 'item_kind'],
      ['toVersionId', 'to_version_id', 'int4'],
      ['toKind', 'to_kind', 'item_kind'],
      ['created', 'creation_time', 'timestamptz'],
      ['createdBy', 'created_by', 'text'],
    ],
  },
  datasetEntries: {
    table: 'dataset_entries',
    explicitIds: false,
    columns: [
      ['username', 'username', 'text'],
      ['description', 'description', 'text'],
      ['created', 'creation_time', 'timestamptz'],
      ['modified', 'modification_time', 'timestamptz'],
    ],
  },
};

/** Every table the demo data fills, in an order that satisfies the foreign keys. */
export const DATA_TABLES = Object.values(TABLES).map((t) => t.table);

/** Advisory-lock key that keeps instances starting at the same time from seeding twice. */
const SEED_LOCK = 7_336_002;
/** COPY data goes to PostgreSQL in pieces of about this many bytes. */
const COPY_PIECE = 1 << 20;

/**
 * Seeds the demo data in one transaction, but only into an empty database (no items, obligation
 * texts or references); returns false and changes nothing otherwise.
 */
export async function seedDemoData(db: Db, options: DemoOptions = {}): Promise<boolean> {
  const client = await db.$client.connect();
  try {
    // Read committed whatever the server's default: an instance that waited for the lock must see the
    // rows the first one committed, and not take its tables for empty (see truncateIfEmpty).
    await client.query('begin isolation level read committed');
    await client.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const existing = await client.query<{ used: boolean }>(
      'select exists (select 1 from items) or exists (select 1 from compatibility_infos) or exists (select 1 from "references") as used',
    );
    if (existing.rows[0]?.used) {
      await client.query('rollback');
      return false;
    }
    // Generated before the keys are dropped: dropping them locks the data tables until the commit.
    const data = generateDemoData(options);
    // Index builds and foreign-key checks after the load sort in memory instead of spilling to disk.
    await client.query(`set local maintenance_work_mem = '256MB'`);
    const rebuild = await dropKeysAndIndexes(client, DATA_TABLES);
    for (const key of Object.keys(TABLES) as Array<keyof DemoData>) {
      const spec = TABLES[key];
      const freeze = await truncateIfEmpty(client, spec.table);
      await copyRows(client, spec.table, spec.columns, data[key], freeze);
      if (spec.explicitIds) {
        await client.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from "${spec.table}"))`, [
          `"${spec.table}"`,
        ]);
      }
    }
    for (const statement of rebuild) await client.query(statement);
    await client.query(
      'insert into data_info (id, modification_time) values (1, now()) on conflict (id) do update set modification_time = excluded.modification_time',
    );
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  // Fresh statistics, so the first queries on a large data set get sensible plans, also in the past (the
  // history's copies of the tables, issue 41); a table at a time on the pool's connections, so that the two
  // largest (0.7 and 1.1 s at size L) do not wait for each other.
  const histories = await db.$client.query<{ table: string }>(
    `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'history' and c.relkind = 'r' and c.relname = any($1)`,
    [DATA_TABLES],
  );
  const tables = [...DATA_TABLES.map((t) => `"${t}"`), ...histories.rows.map((r) => `history."${r.table}"`)];
  await Promise.all(tables.map((t) => db.$client.query(`analyze ${t}`)));
  return true;
}

/**
 * Drops the primary keys, unique constraints and indexes of `tables` and every foreign key from or
 * to them, and returns the statements that restore them exactly (as the catalog states them, so the
 * migrations stay their one source). Building an index once over loaded rows and checking a foreign
 * key with one join is many times faster than keeping both up to date row by row.
 */
async function dropKeysAndIndexes(client: pg.PoolClient, tables: readonly string[]): Promise<string[]> {
  const relations = tables.map((t) => client.escapeIdentifier(t));
  const constraints = await client.query<{ relation: string; name: string; definition: string; type: string }>(
    `select conrelid::regclass::text as relation, conname as name, pg_get_constraintdef(oid) as definition, contype as type
       from pg_constraint
      where (contype in ('p', 'u') and conrelid = any($1::regclass[]))
         or (contype = 'f' and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[])))
      order by contype = 'f' desc, conrelid, conname`,
    [relations],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
      order by i.indrelid, name`,
    [relations],
  );
  // Foreign keys first: they depend on the keys they point at.
  for (const c of constraints.rows) {
    await client.query(`alter table ${c.relation} drop constraint ${client.escapeIdentifier(c.name)}`);
  }
  for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
  const add = (c: { relation: string; name: string; definition: string }) =>
    `alter table ${c.relation} add constraint ${client.escapeIdentifier(c.name)} ${c.definition}`;
  return [
    ...constraints.rows.filter((c) => c.type !== 'f').map(add),
    ...indexes.rows.map((index) => index.definition),
    ...constraints.rows.filter((c) => c.type === 'f').map(add),
  ];
}

/**
 * Truncates `table` when it holds no row (the dropped keys and indexes have locked it), so that COPY may
 * load it frozen; a table that holds rows (a dataset entry written before the first seed) keeps them.
 */
async function truncateIfEmpty(client: pg.PoolClient, table: string): Promise<boolean> {
  const found = await client.query<{ held: boolean }>(`select exists (select 1 from "${table}") as held`);
  if (found.rows[0]?.held) return false;
  await client.query(`truncate "${table}"`);
  return true;
}

/**
 * Streams rows into a table with COPY in PostgreSQL's binary format, the cheapest way in for many
 * rows: no text to format in Node.js nor to parse in PostgreSQL (a timestamp is one integer).
 * `freeze` (the table was truncated in this transaction): the rows arrive frozen and their pages marked
 * all-visible, so the first queries need not wait for autovacuum to mark them (docs/operations.md).
 */
async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: ReadonlyArray<readonly [string, string, string]>,
  rows: readonly object[],
  freeze: boolean,
) {
  const names = columns.map(([, column]) => client.escapeIdentifier(column)).join(', ');
  const options = freeze ? 'format binary, freeze' : 'format binary';
  const copy = client.query(copyFrom(`copy "${table}" (${names}) from stdin with (${options})`));
  await pipeline(Readable.from(binaryPieces(columns, rows)), copy);
}

/** Microseconds from the Unix epoch to PostgreSQL's, 2000-01-01 UTC. */
const PG_EPOCH_US = 946_684_800_000_000;
const TWO_TO_32 = 2 ** 32;

/** The rows in COPY's binary format (signature, tuples of length-prefixed fields, trailer) in pieces. */
function* binaryPieces(columns: ReadonlyArray<readonly [string, string, string]>, rows: readonly object[]) {
  let piece = Buffer.allocUnsafe(COPY_PIECE);
  let at = piece.write('PGCOPY\n\xff\r\n\0', 0, 'latin1');
  at = piece.writeInt32BE(0, at); // flags
  at = piece.writeInt32BE(0, at); // header extension length
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    // Room for the row: 2 bytes of field count, 4 of length per field, 8 per number, 3 per UTF-16 unit.
    let room = 2;
    for (const [key] of columns) {
      const value = values[key];
      room += 4 + (typeof value === 'string' ? value.length * 3 : 8);
    }
    if (at + room > piece.length) {
      yield piece.subarray(0, at);
      piece = Buffer.allocUnsafe(Math.max(COPY_PIECE, room + 2));
      at = 0;
    }
    at = piece.writeInt16BE(columns.length, at);
    for (const [key, , type] of columns) {
      const value = values[key];
      if (value === null || value === undefined) {
        at = piece.writeInt32BE(-1, at);
      } else if (type === 'int4') {
        at = piece.writeInt32BE(4, at);
        at = piece.writeInt32BE(value as number, at);
      } else if (type === 'timestamptz') {
        // int8 microseconds since 2000-01-01, written as two 32-bit halves (exact below 2^53).
        const us = (value as number) * 1000 - PG_EPOCH_US;
        const high = Math.floor(us / TWO_TO_32);
        at = piece.writeInt32BE(8, at);
        at = piece.writeInt32BE(high, at);
        at = piece.writeUInt32BE(us - high * TWO_TO_32, at);
      } else {
        // text and enum labels alike travel as UTF-8.
        const length = piece.write(value as string, at + 4, 'utf8');
        piece.writeInt32BE(length, at);
        at += 4 + length;
      }
    }
  }
  if (at + 2 > piece.length) {
    yield piece.subarray(0, at);
    piece = Buffer.allocUnsafe(2);
    at = 0;
  }
  at = piece.writeInt16BE(-1, at); // trailer
  yield piece.subarray(0, at);
}

/** Rows per data table, plus `systems`, `assemblies` and `subassemblies`. */
export type DataCounts = Record<string, number>;

/** Row counts of the data tables, items also per kind. */
export async function countDataRows(db: Db): Promise<DataCounts> {
  const kinds = await db.$client.query<{ kind: ItemKind; n: number }>(
    'select kind, count(*)::int as n from items group by kind',
  );
  const counts: Record<string, number> = { systems: 0, assemblies: 0, subassemblies: 0 };
  for (const row of kinds.rows) counts[pathOf(row.kind)] = row.n;
  const totals = await db.$client.query<Record<string, number>>(
    `select ${DATA_TABLES.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ')}`,
  );
  return { ...counts, ...totals.rows[0] };
}
