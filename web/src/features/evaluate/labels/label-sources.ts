import {
  LABELS_MAX,
  PAGE_MAX,
  type CompatibilityRecord,
  type KindPath,
  type SearchResult,
  type VersionNaming,
} from '@dp/contract';
import { fetchVersionPage } from '../api/use-version-pages';
import { fetchFullSearchPage } from '../search/api/full-search';

/** A version to print a label for: its href (what POST /api/labels takes) and the names the preview shows. */
export type LabelVersion = VersionNaming & { href: string };

/**
 * Reads a paged list to its end, but stops once it holds more than LABELS_MAX versions: the dialog then
 * says the list is too long, and reading 50,000 rows to say so would only keep the user waiting.
 */
async function collectPages(
  fetchPage: (after: string | null) => Promise<{ versions: LabelVersion[]; next: string | null }>,
): Promise<LabelVersion[]> {
  const collected: LabelVersion[] = [];
  let after: string | null = null;
  do {
    const page = await fetchPage(after);
    collected.push(...page.versions);
    after = page.next;
  } while (after !== null && collected.length <= LABELS_MAX);
  return collected;
}

/** The versions of a browser's version list as filtered (GET /api/{kind}/versions/page), as of `at` when given. */
export function versionListLabels(
  kind: KindPath,
  filter: string,
  at: string | undefined,
  signal: AbortSignal,
): Promise<LabelVersion[]> {
  return collectPages(async (after) => {
    const page = await fetchVersionPage(kind, { q: filter, after, at }, signal);
    return { versions: page.versions, next: page.next };
  });
}

/** The versions among search results; items (which carry no version numbers) get no label. */
export function searchResultLabels(results: SearchResult[]): LabelVersion[] {
  return results
    .filter((result) => result.href.includes('/versions/'))
    .map((result) => ({ href: result.href, parent_name: result.parent, name: result.name, name2: result.name2 }));
}

/** Every version a full search finds (as of `at` when given), not only the pages the table has loaded so far. */
export function fullSearchLabels(term: string, at: string | undefined): Promise<LabelVersion[]> {
  return collectPages(async (after) => {
    const page = await fetchFullSearchPage(term, at, { after, limit: PAGE_MAX });
    return { versions: searchResultLabels(page.results), next: page.next };
  });
}

/** The other side of a browser's compatibility list, as the list shows it (records of unknown versions are left out). */
export function compatibilityLabels(records: CompatibilityRecord[]): LabelVersion[] {
  return records.flatMap(({ to }) =>
    to.parent_name === undefined
      ? []
      : [{ href: to.href, parent_name: to.parent_name, name: to.name ?? null, name2: to.name2 ?? null }],
  );
}
