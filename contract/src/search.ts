import { z } from './zod-setup.js';
import { versionNumbers } from './version-label.js';
import { requiredText } from './base-data.js';
import { issueKey } from './issue-key.js';
import { isSearchable } from './text.js';
import { asOf, dbId } from './common.js';
import { PAGE_DEFAULT, PAGE_MAX, pageParameters } from './catalog.js';

export const searchTypes = ['System', 'Assembly', 'Sub-Assembly'] as const;
export const searchType = z.enum(searchTypes);
export type SearchType = z.infer<typeof searchType>;

export const SEARCH_WORD_MAX = 200;
/** POST /api/search/full answers at most this many versions per kind (its pages have no such limit). */
export const SEARCH_RESULTS_PER_KIND = 500;

/** A typed search word: trimmed, not empty, not over-long. */
export const searchWord = requiredText(SEARCH_WORD_MAX).refine(isSearchable, issueKey('zod.searchable'));

export const searchWordRequest = z.object({ word: searchWord, at: asOf });

export const searchHint = z
  .object({
    /** Item name for an item hit, version name for a version hit. */
    name: z.string().nullable(),
    name2: z.string().nullable(),
    parent_name: z.string(),
    /** Item id. */
    id: z.number().int(),
    /** Version id, or null when the hint is an item. */
    id_version: z.number().int().nullable(),
    type: searchType,
  })
  .meta({ id: 'SearchHint' });
export type SearchHint = z.infer<typeof searchHint>;

export const searchByIdRequest = z.object({
  id: dbId,
  id_version: dbId.nullable().optional(),
  type: searchType,
  at: asOf,
});

export const searchResult = z
  .object({
    parent: z.string(),
    href: z.string(),
    name: z.string().nullable(),
    name2: z.string().nullable(),
    type: searchType,
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResult>;

export const searchResults = z
  .object({ systems: z.array(searchResult), assemblies: z.array(searchResult), subassemblies: z.array(searchResult) })
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof searchResults>;

// Strict like the paged listings' query strings: a misspelt field is refused rather than silently ignored. A
// JSON body carries `limit` as a number, so it is not coerced from text as in a query string.
export const searchPageRequest = z
  .object({
    word: searchWord,
    limit: z.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
    after: pageParameters.after,
    at: asOf,
  })
  .strict();
export type SearchPageRequest = z.infer<typeof searchPageRequest>;

export const searchResultPage = z
  .object({
    /** All kinds in one order: parent name, name, name2 (numbers by value, missing ones last), then kind. */
    results: z.array(searchResult),
    /** Pass as `after` for the following page; null on the last page. */
    next: z.string().nullable(),
  })
  .meta({ id: 'SearchResultPage' });
export type SearchResultPage = z.infer<typeof searchResultPage>;

/**
 * The label of a hint as the search field shows it: "Parent (name name2)". Full search splits a typed
 * text at the first " (" (SPEC 5), so a chosen label searches on its parent name.
 */
export function hintLabel(hint: Pick<SearchHint, 'parent_name' | 'name' | 'name2' | 'id_version'>): string {
  return hint.id_version === null ? hint.parent_name : versionSearchLabel(hint.parent_name, hint.name, hint.name2);
}

/** "Parent (name name2)", the way hints and results label a version; the parent alone without numbers. */
export function versionSearchLabel(parent: string, name: string | null, name2: string | null): string {
  const numbers = versionNumbers({ name, name2 });
  return numbers ? `${parent} (${numbers})` : parent;
}
