import {
  fold,
  versionLabelText,
  type ItemWithVersions,
  type KindPath,
  type Version,
  type VersionPage,
} from '@dp/contract';
import { apiError, json, type FakeAnswer } from './fetch-stub';

// The catalog's read API (items, versions, their pages) answered from a small list of items, as the server
// answers it, for the tests of every screen that reads the catalog.

/** The versions of `items`, flat and in order, each with its parent as GET /api/{kind}/versions/{id} sends it. */
export const versionsOf = (items: ItemWithVersions[]): Version[] =>
  items.flatMap((entry) =>
    entry.versions.map((v) => ({ ...v, parent: { href: entry.href, name: entry.name, description: '' } })),
  );

/**
 * Answers GET /api/{kind}/versions/page like the API from a list of items: the versions whose folded
 * label contains `q`, `limit` at a time (100 by default), `after` being the position the last page ended.
 */
export function versionPages(items: ItemWithVersions[]): FakeAnswer {
  const versions = versionsOf(items);
  return ({ url }) => {
    const q = fold(url.searchParams.get('q') ?? '');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const start = Number(url.searchParams.get('after') ?? 0);
    const matching = versions.filter((v) => fold(versionLabelText(v)).includes(q));
    const end = start + limit;
    const page: VersionPage = {
      versions: matching.slice(start, end),
      next: end < matching.length ? String(end) : null,
    };
    return json(200, page);
  };
}

/**
 * The API's answers about one kind, from a list of items: the items (GET /api/{kind}, and by name a page at a
 * time: /api/{kind}/page, `name` folded as filter), each item's versions,
 * pages of versions, the version a label names (GET /api/{kind}/versions/by-label: equal after folding, else
 * containing) and each version by its href.
 */
export function versionRoutes(kind: KindPath, items: ItemWithVersions[]): Record<string, unknown> {
  const versions = versionsOf(items);
  const itemList = items.map(({ versions: _versions, ...entry }) => entry);
  const byLabel: FakeAnswer = ({ url }) => {
    const wanted = fold(url.searchParams.get('label') ?? '');
    const found =
      versions.find((v) => fold(versionLabelText(v)) === wanted) ??
      versions.find((v) => fold(versionLabelText(v)).includes(wanted));
    return found ? json(200, found) : apiError(404, 'Not Found', `No version labelled ${wanted}`);
  };
  const itemPage: FakeAnswer = ({ url }) => {
    const name = fold(url.searchParams.get('name') ?? '');
    const matching = itemList.filter((entry) => fold(entry.name).includes(name));
    const start = Number(url.searchParams.get('after') ?? 0);
    const end = start + Number(url.searchParams.get('limit') ?? 100);
    return json(200, { items: matching.slice(start, end), next: end < matching.length ? String(end) : null });
  };
  return {
    [`/api/${kind}/page`]: itemPage,
    [`/api/${kind}/versions/page`]: versionPages(items),
    [`/api/${kind}/versions/by-label`]: byLabel,
    [`/api/${kind}`]: itemList,
    ...Object.fromEntries(items.map((entry) => [`${entry.href}/versions`, versionsOf([entry])])),
    ...Object.fromEntries(versions.map((v) => [v.href, v])),
  };
}
