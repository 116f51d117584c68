import {
  fold,
  idOfHref,
  versionLabelText,
  type KindPath,
  type SearchHint,
  type SearchResult,
  type SearchResults,
  type SearchType,
  type Version,
} from '@dp/contract';
import type { OfflineData, OfflineMeta } from './offline-store';

/** The key an answer is stored under: the request's path and query. */
export function pathKey(url: string): string {
  const { pathname, search } = new URL(url, 'http://offline');
  return pathname + search;
}

/** What the offline data answers to one request: the server's stored answer, a 404, or nothing saved. */
export type OfflineAnswer = { kind: 'body'; body: unknown } | { kind: 'notFound' } | { kind: 'notSaved' };

const KIND_TYPES: Record<KindPath, SearchType> = {
  systems: 'System',
  assemblies: 'Assembly',
  subassemblies: 'Sub-Assembly',
};
const KIND_OF_TYPE = Object.fromEntries(Object.entries(KIND_TYPES).map(([kind, type]) => [type, kind])) as Record<
  SearchType,
  KindPath
>;

/** The stored answers that list an item's versions: what the search and the version pages are computed from. */
export const ITEM_VERSIONS = /^\/api\/(systems|assemblies|subassemblies)\/\d+\/versions$/;
const VERSION_HREF = /^\/api\/(systems|assemblies|subassemblies)\/versions\/\d+$/;

const byNatural = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b, undefined, { numeric: true });

/** The saved versions of every kind, items by name and each item's versions in the server's order. */
export function savedVersions(data: OfflineData): Record<KindPath, Version[]> {
  const lists: Record<KindPath, Version[][]> = { systems: [], assemblies: [], subassemblies: [] };
  for (const [path, versions] of data.versionLists) {
    const match = ITEM_VERSIONS.exec(path);
    if (match) lists[match[1] as KindPath].push(versions);
  }
  const flat = (kind: KindPath) =>
    lists[kind]
      .filter((versions) => versions.length > 0)
      .sort((a, b) => byNatural(a[0]?.parent_name ?? '', b[0]?.parent_name ?? ''))
      .flat();
  return { systems: flat('systems'), assemblies: flat('assemblies'), subassemblies: flat('subassemblies') };
}

const contains = (text: string | null, word: string) => text !== null && fold(text).includes(word);

/** The search's rule (server/src/modules/search): the word is in the item's name or in a version number. */
function matches(version: Version, word: string) {
  return contains(version.parent_name, word) || contains(version.name, word) || contains(version.name2, word);
}

function resultOf(version: Version, kind: KindPath): SearchResult {
  return {
    parent: version.parent_name,
    href: version.href,
    name: version.name,
    name2: version.name2,
    type: KIND_TYPES[kind],
  };
}

const resultOrder = (a: SearchResult, b: SearchResult) =>
  byNatural(a.parent, b.parent) || byNatural(a.name, b.name) || byNatural(a.name2, b.name2);

function search(data: OfflineData, word: string): SearchResult[] {
  const wanted = fold(word);
  const all = savedVersions(data);
  return (Object.keys(all) as KindPath[])
    .flatMap((kind) => all[kind].filter((version) => matches(version, wanted)).map((v) => resultOf(v, kind)))
    .sort(resultOrder);
}

function hints(data: OfflineData, word: string): SearchHint[] {
  const wanted = fold(word);
  const all = savedVersions(data);
  const found: SearchHint[] = [];
  for (const kind of Object.keys(all) as KindPath[]) {
    const items = new Set<string>();
    for (const version of all[kind]) {
      const type = KIND_TYPES[kind];
      if (contains(version.parent_name, wanted) && !items.has(version.parent.href)) {
        items.add(version.parent.href);
        const hint = { name: version.parent_name, name2: null, parent_name: version.parent_name };
        found.push({ ...hint, id: idOfHref(version.parent.href), id_version: null, type });
      }
      if (contains(version.name, wanted) || contains(version.name2, wanted)) {
        found.push({
          name: version.name,
          name2: version.name2,
          parent_name: version.parent_name,
          id: idOfHref(version.parent.href),
          id_version: idOfHref(version.href),
          type,
        });
      }
    }
  }
  return found;
}

function searchById(data: OfflineData, body: { id: number; id_version?: number | null; type: SearchType }) {
  const kind = KIND_OF_TYPE[body.type];
  const found = savedVersions(data)[kind].filter((version) =>
    body.id_version == null ? idOfHref(version.parent.href) === body.id : idOfHref(version.href) === body.id_version,
  );
  const results: SearchResults = { systems: [], assemblies: [], subassemblies: [] };
  results[kind] = found.map((version) => resultOf(version, kind));
  return results;
}

function versionPage(data: OfflineData, kind: KindPath, query: URLSearchParams) {
  const wanted = fold(query.get('q') ?? '');
  const versions = savedVersions(data)[kind].filter((version) => fold(versionLabelText(version)).includes(wanted));
  return { versions, next: null };
}

const body = (value: unknown): OfflineAnswer => ({ kind: 'body', body: value });
const wordOf = (value: unknown) =>
  typeof value === 'object' && value !== null && typeof (value as { word?: unknown }).word === 'string'
    ? (value as { word: string }).word
    : '';

/**
 * The answers the description of the saved data gives alone (undefined for any other call): an offline
 * start's first calls need none of the saved lists.
 */
export function metaAnswer(meta: OfflineMeta, method: string, url: string): unknown {
  if (method !== 'GET') return undefined;
  switch (new URL(url, 'http://offline').pathname) {
    case '/api/infos':
      return { modification_time: meta.modificationTime };
    case '/api/me':
      return meta.me;
    case '/api/config':
      return meta.config;
    default:
      return undefined;
  }
}

/**
 * Answers a call of the own API from the saved data, the way the server would for these systems:
 * `stored` (the answer saved under the call's pathKey, if any) as it is, the version lists, look-ups
 * and the search computed over the saved versions. Everything else was not saved: the caller says the
 * screen needs the network.
 */
export function offlineAnswer(
  data: OfflineData,
  stored: unknown,
  method: string,
  url: string,
  requestBody?: unknown,
): OfflineAnswer {
  const { pathname, searchParams } = new URL(url, 'http://offline');
  if (method === 'POST') {
    switch (pathname) {
      case '/api/search/full/page': {
        // The whole answer in one page: a saved set is small.
        return body({ results: search(data, wordOf(requestBody)), next: null });
      }
      case '/api/search/hint':
        return body(hints(data, wordOf(requestBody)));
      case '/api/search/searchById':
        return body(searchById(data, requestBody as Parameters<typeof searchById>[1]));
      default:
        return { kind: 'notSaved' };
    }
  }
  if (method !== 'GET') return { kind: 'notSaved' };
  const own = metaAnswer(data.meta, method, url);
  if (own !== undefined) return body(own);
  if (stored !== undefined) return body(stored);
  const page = /^\/api\/(systems|assemblies|subassemblies)\/versions\/page$/.exec(pathname);
  if (page) return body(versionPage(data, page[1] as KindPath, searchParams));
  const byLabel = /^\/api\/(systems|assemblies|subassemblies)\/versions\/by-label$/.exec(pathname);
  if (byLabel) {
    const wanted = fold(searchParams.get('label') ?? '');
    const found = savedVersions(data)[byLabel[1] as KindPath].find(
      (version) => fold(versionLabelText(version)) === wanted,
    );
    return found ? body(found) : { kind: 'notFound' };
  }
  if (VERSION_HREF.test(pathname)) {
    const kind = pathname.split('/')[2] as KindPath;
    const found = savedVersions(data)[kind].find((version) => version.href === pathname);
    return found ? body(found) : { kind: 'notSaved' };
  }
  return { kind: 'notSaved' };
}
