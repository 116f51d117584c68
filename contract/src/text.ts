/**
 * Folds text for matching, the same way in the browser and on the server: case- and accent-insensitive
 * ("Türsteuerung" finds "tursteuerung"), ß as ss, repeated whitespace collapsed. The database applies
 * the same rule in `dp_fold()`.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþ]/g, (letter) => ligatures[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

// Letters that Unicode does not decompose but PostgreSQL's unaccent spells out.
const ligatures: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/** Whether `text` leaves anything to match once folded (a word of accent marks alone does not). */
export function isSearchable(text: string): boolean {
  return fold(text) !== '';
}

/**
 * Names and numbers in natural order, as the screens and the server's listings sort them: digits compare
 * as numbers ("APS-1003" before "APS-10018", "1.10" after "1.9").
 */
export const naturalCompare = new Intl.Collator(undefined, { numeric: true }).compare;

/** True when `text` contains `query` after folding both; an empty query matches everything. */
export function foldedIncludes(text: string | null | undefined, query: string): boolean {
  const q = fold(query);
  return q === '' || fold(text ?? '').includes(q);
}
