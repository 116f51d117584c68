import type { Me, PublicConfig, Version } from '@dp/contract';

/** What the offline data is, and whose: kept beside the stored answers. */
export interface OfflineMeta {
  /** The OpenID subject of the user the data was read for; another user never sees it. */
  sub: string;
  me: Me;
  config: PublicConfig;
  /** GET /api/infos when the data was read: refreshed when the server's differs. */
  modificationTime: string;
  savedAt: string;
  systems: Array<{ href: string; name: string }>;
  /** The stored answers' size as JSON text, in bytes. */
  bytes: number;
}

/**
 * What every offline answer may need, read once: what the data is, and the items' version lists (by
 * their request path), which the search and the version pages are computed from. The other answers
 * are read one at a time (readOfflineAnswer): an app started offline does not load all of them.
 */
export interface OfflineData {
  meta: OfflineMeta;
  versionLists: Map<string, Version[]>;
}

const DB_NAME = 'dp-offline';
const ANSWERS = 'answers';
const META = 'meta';
const META_KEY = 'current';
const VERSIONS_KEY = 'versions';
/** Who the data belongs to, readable before IndexedDB is open: an app started offline shows this user. */
const IDENTITY_KEY = 'dp.offline.identity';

export interface OfflineIdentity {
  sub: string;
  me: Me;
  config: PublicConfig;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore(ANSWERS);
    req.result.createObjectStore(META);
  };
  return request(req);
}

/**
 * One connection for the page's life: opening one took 2–60 ms at an offline start, and the start's
 * first calls each read from the store. Closed (and opened anew on the next use) when another tab
 * upgrades the database or the browser closes it.
 */
let connection: Promise<IDBDatabase> | null = null;

function withDb<T>(work: (db: IDBDatabase) => Promise<T>): Promise<T> {
  connection ??= open().then(
    (db) => {
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      db.onclose = () => (connection = null);
      return db;
    },
    (error: unknown) => {
      connection = null;
      throw error;
    },
  );
  return connection.then(work);
}

/** Answers stored between two progress reports: a report per put would cost more than the put. */
const PROGRESS_EVERY = 250;

/**
 * Replaces the stored data with `answers` in one transaction: readers see the old set or the new one.
 * `onStored` hears how many answers are stored as the transaction proceeds.
 */
export async function writeOfflineData(
  meta: OfflineMeta,
  answers: Map<string, unknown>,
  isVersionList: (path: string) => boolean,
  onStored: (done: number) => void = () => undefined,
): Promise<void> {
  await withDb(async (db) => {
    const tx = db.transaction([ANSWERS, META], 'readwrite');
    const store = tx.objectStore(ANSWERS);
    store.clear();
    let count = 0;
    for (const [path, body] of answers) {
      const put = store.put(body, path);
      const done = ++count;
      if (done % PROGRESS_EVERY === 0) put.onsuccess = () => onStored(done);
    }
    const lists = [...answers].filter(([path]) => isVersionList(path));
    tx.objectStore(META).put(meta, META_KEY);
    tx.objectStore(META).put(lists, VERSIONS_KEY);
    await done(tx);
  });
  writeIdentity({ sub: meta.sub, me: meta.me, config: meta.config });
}

export async function readOfflineMeta(): Promise<OfflineMeta | null> {
  return withDb(async (db) => {
    const meta = (await request(db.transaction(META).objectStore(META).get(META_KEY))) as OfflineMeta | undefined;
    return meta ?? null;
  });
}

export async function readOfflineData(): Promise<OfflineData | null> {
  return withDb(async (db) => {
    const store = db.transaction(META).objectStore(META);
    // Both asked before either is awaited: one transaction, one pass.
    const metaRead = request(store.get(META_KEY));
    const listsRead = request(store.get(VERSIONS_KEY));
    const meta = (await metaRead) as OfflineMeta | undefined;
    const lists = (await listsRead) as Array<[string, Version[]]> | undefined;
    return meta ? { meta, versionLists: new Map(lists ?? []) } : null;
  });
}

/** The answer saved under `path`, undefined when none is. */
export async function readOfflineAnswer(path: string): Promise<unknown> {
  return withDb((db) => request(db.transaction(ANSWERS).objectStore(ANSWERS).get(path)));
}

export async function clearOfflineData(): Promise<void> {
  try {
    window.localStorage.removeItem(IDENTITY_KEY);
  } catch {
    // Storage disabled by browser policy: nothing was kept there.
  }
  await withDb(async (db) => {
    const tx = db.transaction([ANSWERS, META], 'readwrite');
    tx.objectStore(ANSWERS).clear();
    tx.objectStore(META).clear();
    await done(tx);
  });
}

function writeIdentity(identity: OfflineIdentity) {
  try {
    window.localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
  } catch {
    // Storage disabled by browser policy: an offline start then asks for sign-in as before.
  }
}

/** The user the offline data belongs to (name and role, no token), or null when none is saved. */
export function readOfflineIdentity(): OfflineIdentity | null {
  try {
    const text = window.localStorage.getItem(IDENTITY_KEY);
    return text ? (JSON.parse(text) as OfflineIdentity) : null;
  } catch {
    return null;
  }
}
