import {
  idOfHref,
  isSearchable,
  PRODUCT_SHORT_NAME,
  SEARCH_WORD_MAX,
  type KindPath,
  type LabelRequest,
} from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { href, kindOf } from '../../db/kinds.js';
import { kindVersionName, notFound, numbered } from '../../http/errors.js';
import * as search from '../search/search.service.js';
import * as queries from './labels.queries.js';
import type { LabelRow } from './labels.queries.js';

/** One printed label: what it says, and the text of its QR code. */
export interface Label {
  parentName: string;
  name: string | null;
  name2: string | null;
  /** SPEC 3: the first line names the product, the second (after a carriage return) is the lookup key. */
  qrText: string;
}

/**
 * The keys tried for a version, most readable first: its material number, its part (or version) number,
 * then either number with the item's name after " (" — full search searches on the text before " (" and
 * keeps only versions with a field inside the whole text (SPEC 5), which the item's name narrows down.
 */
function candidateKeys({ parent_name: parent, name, name2 }: LabelRow): string[] {
  const numbers = [name2, name].filter((n): n is string => !!n?.trim());
  const keys = [
    ...numbers,
    ...numbers.map((n) => `${n} (${parent})`),
    ...numbers.map((n) => `${n} (${[parent, name, name2].filter(Boolean).join(' ')})`),
  ];
  return [...new Set(keys)].filter((key) => key.length <= SEARCH_WORD_MAX && isSearchable(key) && !/[\r\n]/.test(key));
}

/**
 * The first candidate key whose lookup, as the QR scanner makes it (full search, first result), answers
 * exactly this version; each is checked against the real search so a label never opens another part.
 * A version that no key singles out (two kinds with the same item and numbers) keeps the last one tried.
 */
async function lookupKey(db: Db, row: LabelRow): Promise<string> {
  const target = href.version(row.kind, row.id);
  const keys = candidateKeys(row);
  for (const key of keys) {
    const { results } = await search.fullSearchPage(db, { word: key, limit: 1 }, null);
    if (results[0]?.href === target) return key;
  }
  return keys.at(-1) ?? row.parent_name;
}

/** Lookups run side by side up to this many, leaving the pool's other connections to other requests. */
const LOOKUPS_AT_ONCE = 4;

/**
 * The labels of the versions `hrefs` in their order (a 404 names the first unknown one), each with a
 * QR text that the product's own QR lookup resolves to that version.
 */
export async function labelsOf(db: Db, hrefs: LabelRequest['versions']): Promise<Label[]> {
  const wanted = hrefs.map((h) => ({ kind: kindOf(h.split('/')[2] as KindPath), id: idOfHref(h) }));
  const rows = new Map(
    (await queries.findLabelVersions(db, [...new Set(wanted.map((w) => w.id))])).map((r) => [r.id, r]),
  );
  const missing = wanted.find((w) => rows.get(w.id)?.kind !== w.kind);
  if (missing) throw notFound(numbered(kindVersionName(missing.kind), missing.id));

  // Each version's label once, however often it is printed.
  const labels = new Map<number, Label>();
  const pending = [...rows.values()];
  await Promise.all(
    Array.from({ length: LOOKUPS_AT_ONCE }, async () => {
      for (let row = pending.pop(); row; row = pending.pop())
        labels.set(row.id, {
          parentName: row.parent_name,
          name: row.name,
          name2: row.name2,
          qrText: `${PRODUCT_SHORT_NAME}\r${await lookupKey(db, row)}`,
        });
    }),
  );
  return wanted.flatMap(({ id }) => labels.get(id) ?? []);
}
