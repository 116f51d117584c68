import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  findHints,
  findVersionPage,
  findVersions,
  fullSearchPlan,
  hintsWalkedUncounted,
  relatedToTyped,
  WALKED_UNCOUNTED,
  type HintRow,
  type ResultKey,
  type ResultRow,
} from '../../src/modules/search/search.queries.js';
import { containsFolded } from '../../src/db/sql.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// A word found almost everywhere is answered by walking the items in order (search.queries.ts): the
// hints from the items their first hits can belong to, full search from each kind's items in name order.
// Whatever the word (frequent or rare, in names or in numbers, at their start or inside), that must be
// exactly what ranking every match answers, which is what the reference queries here do.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ content: 'schema' });
  // 6,000 items of all three kinds: "Unit n" (most), "Axle n" (every 7th), "Brake unit n" (every 11th);
  // each with one to three versions numbered like real ones ("1.k" for systems, "A2V…" and "MAT-n-0k" else).
  await t.db.execute(sql`
    with i as (
      insert into items (kind, name)
      select (array['system', 'assembly', 'subassembly'])[n % 3 + 1]::item_kind,
             case when n % 7 = 0 then 'Axle ' when n % 11 = 0 then 'Brake unit ' else 'Unit ' end || n
      from generate_series(1, 6000) n
      returning id, kind, name)
    insert into versions (item_id, kind, name, name2)
    select i.id, i.kind,
           case when i.kind = 'system' then '1.' || k else 'A2V' || lpad((i.id * 7 + k)::text, 8, '0') end,
           case when i.kind = 'system' then null else 'MAT-' || i.id || '-0' || k end
    from i cross join generate_series(1, 1 + i.id % 3) k`);
  // A system first in name order whose number alone contains "49": found only below the 20th item
  // whose name contains it.
  await t.db.execute(sql`
    with g as (insert into items (kind, name) values ('system', 'Aaa gearbox') returning id)
    insert into versions (item_id, kind, name) select id, 'system', '1.49' from g`);
  // A number containing a word that otherwise only names contain: full search's two lists then
  // cross the threshold apart (names walked, numbers ranked).
  await t.db.execute(sql`
    insert into versions (item_id, kind, name)
    select id, kind, 'UNIT-7' from items where name = 'Axle 7'`);
  // LIKE's own characters in a name and in numbers: a search finds them as themselves.
  await t.db.execute(sql`
    with g as (insert into items (kind, name) values ('assembly', 'Odd 50% unit') returning id)
    insert into versions (item_id, kind, name, name2) select id, 'assembly', ${'X%_\\1'}, ${'a_b'} from g`);
  // The letters dp_joined writes for punctuation (migration 0015; "q" for ".", "z" for "-"): a word with
  // punctuation finds only its own characters, never those letters in their place.
  await t.db.execute(sql`
    with g as (insert into items (kind, name) values ('subassembly', 'Odd 1q2 mat') returning id)
    insert into versions (item_id, kind, name, name2) select id, 'subassembly', '1q2', 'MAT-12z01' from g`);
  // One name in all three kinds with the same numbers (a system's without name2, which it has none of):
  // full search's pages order such versions by kind.
  await t.db.execute(sql`
    insert into items (kind, name) values ('assembly', 'Unit 12'), ('subassembly', 'Unit 12')`);
  await t.db.execute(sql`
    insert into versions (item_id, kind, name, name2)
    select i.id, i.kind, n.name, n.name2 from items i
    cross join (values ('1.2', null), ('1.10', null), ('1.10', 'MAT-12-01'), (null, 'MAT-12-01')) n(name, name2)
    where i.name = 'Unit 12' and (i.kind <> 'system' or n.name2 is null)
    on conflict do nothing`);
  await t.db.execute(sql`analyze items, versions`);
});
afterAll(() => t.drop());

const folded = (text: string): SQL => sql`dp_fold(${text})`;
const startsWith = (column: SQL, text: string): SQL => sql`coalesce(starts_with(${column}, ${folded(text)}), false)`;
const byName = (column: SQL): SQL => sql`${column} collate "dp_natural"`;
/** Substring by strpos(), not by the LIKE pattern the queries under test build (and escape). */
const contains = (column: SQL, text: string): SQL => sql`strpos(${column}, ${folded(text)}) > 0`;

/** Every hit ranked: the rule the hints keep (SPEC 5), however much of the catalog a word matches. */
async function everyHitRanked(word: string, limit: number): Promise<HintRow[]> {
  const result = await t.db.execute<HintRow>(sql`
    select kind, item_id, version_id, parent_name, name, name2 from (
      select i.kind, i.id as item_id, null::int as version_id, i.name as parent_name,
             null::text as name, null::text as name2, ${startsWith(sql`i.name_folded`, word)} as starting
      from items i where ${contains(sql`i.name_folded`, word)}
      union all
      select i.kind, i.id, v.id, i.name, v.name, v.name2,
             ${startsWith(sql`i.name_folded`, word)} or ${startsWith(sql`v.name_folded`, word)}
               or ${startsWith(sql`v.name2_folded`, word)}
      from versions v join items i on i.id = v.item_id
      where ${contains(sql`i.name_folded`, word)} or ${contains(sql`v.name_folded`, word)}
         or ${contains(sql`v.name2_folded`, word)}
    ) hits
    order by starting desc, kind, ${byName(sql`parent_name`)}, version_id is not null,
             ${byName(sql`name`)}, ${byName(sql`name2`)}, item_id, version_id
    limit ${limit}`);
  return result.rows;
}

const words = [
  // In almost every name, at its start ("unit") or inside it ("n": more than 5,000 items, walked in order).
  'unit',
  'u',
  'n',
  'it 1',
  // One or two characters, which no trigram serves (their characters' index does), folded first.
  'Ü',
  'iT',
  // At the start of a few names, inside many others.
  'a',
  'axle',
  'brake',
  'e 7',
  // In numbers: at their start, inside them, both, or in names and numbers alike.
  '1',
  '12',
  '01',
  '-0',
  'a2v',
  'mat-12',
  '1.2',
  'mat-12-0',
  '2-01',
  'q12',
  '0000',
  '7',
  '49',
  // Rare, absent, and LIKE's own characters.
  'axle 4998',
  'a2v00000049',
  'zzz',
  '%',
  '_',
  '%_',
  '\\1',
];

it.each(words)('hints for %j are the first hits of all, in order', async (word) => {
  const expected = await everyHitRanked(word, 20);
  // Walked after counting, walked without counting (also a word without hits), ranked, and as decided.
  expect(await findHints(t.db, word, 20, 0)).toEqual(expected);
  expect(await findHints(t.db, word, 20, WALKED_UNCOUNTED)).toEqual(expected);
  // Its walks in item order: each given up at once (every match sorted), and never given up.
  expect(await findHints(t.db, word, 20, WALKED_UNCOUNTED, 0)).toEqual(expected);
  expect(await findHints(t.db, word, 20, WALKED_UNCOUNTED, 100_000)).toEqual(expected);
  expect(await findHints(t.db, word, 20, 100_000)).toEqual(expected);
  expect(await findHints(t.db, word, 20)).toEqual(expected);
});

/** SPEC 5 full mode: the version `v` of item `i` contains `search`, and relates to the `typed` text. */
const fullMatch = (search: string, typed: string): SQL =>
  sql`(${contains(sql`i.name_folded`, search)} or ${contains(sql`v.name_folded`, search)}
       or ${contains(sql`v.name2_folded`, search)})
      and ${relatedToTyped([sql`i.name_folded`, sql`v.name_folded`, sql`v.name2_folded`], typed)}`;

/** Every match ranked per kind: the rule full search keeps (SPEC 5). */
async function everyMatchRanked(search: string, typed: string, limitPerKind: number): Promise<ResultRow[]> {
  const result = await t.db.execute<ResultRow>(sql`
    select kind, version_id, parent_name, name, name2 from (
      select v.kind, v.id as version_id, i.name as parent_name, v.name, v.name2,
             row_number() over (partition by v.kind order by ${byName(sql`i.name`)}, ${byName(sql`v.name`)},
                                ${byName(sql`v.name2`)}, v.id) as rank
      from versions v join items i on i.id = v.item_id
      where ${fullMatch(search, typed)}
    ) ranked
    where rank <= ${limitPerKind}
    order by kind, rank`);
  return result.rows;
}

/**
 * Every match in the one order of full search's pages: across kinds by parent name, name, name2 (natural
 * order, missing numbers last, as PostgreSQL sorts nulls ascending), then kind and id.
 */
async function everyMatchInPageOrder(search: string, typed: string): Promise<ResultRow[]> {
  const result = await t.db.execute<ResultRow>(sql`
    select v.kind, v.id as version_id, i.name as parent_name, v.name, v.name2
    from versions v join items i on i.id = v.item_id
    where ${fullMatch(search, typed)}
    order by ${byName(sql`i.name`)}, ${byName(sql`v.name`)}, ${byName(sql`v.name2`)}, v.kind, v.id`);
  return result.rows;
}

// Typed texts longer than the searched part, whose filter drops matches of each list: items by name
// ("unit 12"), versions by number ranked at the default ("mat-13", about 150) and walked ("a").
it.each([
  ...words.map((word) => [word, word]),
  ['unit 12', 'Unit 12 (1.2)'],
  ['mat-13', 'MAT-13 (MAT-13-02)'],
  ['a', 'A2V0000004'],
])(
  'full search for %j (typed %j) lists the first matches of each kind, in order, ranked, walked or both',
  async (search, typed) => {
    const expected = await everyMatchRanked(search, typed, 50);
    // Walked after counting, and without.
    expect(await findVersions(t.db, search, typed, 50, 0)).toEqual(expected);
    expect(await findVersions(t.db, search, typed, 50, WALKED_UNCOUNTED)).toEqual(expected);
    // Either list may be walked while the other is ranked.
    expect(await findVersions(t.db, search, typed, 50, 100)).toEqual(expected);
    expect(await findVersions(t.db, search, typed, 50)).toEqual(expected);
  },
);

/** Sizes of the pages read in turn, each starting after the last row of the one before. */
const PAGE_SIZES = [3, 1, 5];
/** Rows read a page at a time from each place: the start, the middle and near the end of the matches. */
const ROWS_READ = 12;

const keyOf = (row: ResultRow): ResultKey => ({
  parentName: row.parent_name,
  name: row.name,
  name2: row.name2,
  kind: row.kind,
  versionId: row.version_id,
});

/**
 * Small pages of findVersionPage, each after the last row of the one before, from the place after `after`
 * (the start when null) until ROWS_READ rows or a page that comes back short (the last).
 */
async function pagesFrom(search: string, typed: string, after: ResultRow | null, rankedUpTo?: number) {
  const rows: ResultRow[] = [];
  let key = after && keyOf(after);
  for (const limit of Array.from({ length: ROWS_READ }, (_, i) => PAGE_SIZES[i % PAGE_SIZES.length]!)) {
    const page = await findVersionPage(t.db, search, typed, limit, key, rankedUpTo);
    expect(page.length).toBeLessThanOrEqual(limit);
    rows.push(...page);
    const last = page.at(-1);
    if (page.length < limit || !last || rows.length >= ROWS_READ) return rows;
    key = keyOf(last);
  }
  return rows;
}

it.each([
  ...words.map((word) => [word, word]),
  ['unit 12', 'Unit 12 (1.2)'],
  ['mat-13', 'MAT-13 (MAT-13-02)'],
  ['a', 'A2V0000004'],
])(
  'full search for %j (typed %j) a page at a time lists every match once, all kinds in one order, on every plan',
  async (search, typed) => {
    const expected = await everyMatchInPageOrder(search, typed);
    // After the row at each of these places (-1: from the start): the start, the middle and near the end.
    const places = [...new Set([-1, Math.floor(expected.length / 2), expected.length - ROWS_READ / 2])].filter(
      (place) => place >= -1 && place < expected.length,
    );
    // Walked after counting, walked without counting, either list walked while the other is ranked, as decided:
    // the four at once, on connections of their own.
    const plans = [0, WALKED_UNCOUNTED, 100, undefined];
    await Promise.all(
      plans.map(async (rankedUpTo) => {
        for (const place of places) {
          const rows = await pagesFrom(search, typed, expected[place] ?? null, rankedUpTo);
          const following = expected.slice(place + 1);
          // As many as were asked for, or every row up to the end, each once and in the reference's order.
          expect(rows.length).toBeGreaterThanOrEqual(Math.min(ROWS_READ, following.length));
          expect({ rankedUpTo, place, rows }).toEqual({ rankedUpTo, place, rows: following.slice(0, rows.length) });
        }
      }),
    );
  },
);

it('full search a page at a time orders one name of every kind by its numbers first, then by kind', async () => {
  const labels = (await everyMatchInPageOrder('unit 12', 'unit 12'))
    .filter((row) => row.parent_name === 'Unit 12')
    .map((row) => [row.name, row.name2, row.kind]);
  // The fixture the walks above rely on: "1.2" before "1.10", a name2 before none, a name before none.
  expect(labels).toEqual([
    ['1.1', null, 'system'],
    ['1.2', null, 'system'],
    ['1.2', null, 'assembly'],
    ['1.2', null, 'subassembly'],
    ['1.10', 'MAT-12-01', 'assembly'],
    ['1.10', 'MAT-12-01', 'subassembly'],
    ['1.10', null, 'system'],
    ['1.10', null, 'assembly'],
    ['1.10', null, 'subassembly'],
    [null, 'MAT-12-01', 'assembly'],
    [null, 'MAT-12-01', 'subassembly'],
  ]);
});

it('full search walks a list without counting it first when ANALYZE saw the word in most of its rows', async () => {
  const rankedUpTo = async (word: string) => (await fullSearchPlan(t.db, word, 50)).rankedUpTo;
  // "unit" is in most item names, "a2v" in most version numbers; "axle 4998" and "mat-4998" in one each.
  expect(await rankedUpTo('unit')).toEqual({ items: WALKED_UNCOUNTED, versions: 1000 });
  expect(await rankedUpTo('A2V')).toEqual({ items: 1000, versions: WALKED_UNCOUNTED });
  expect(await rankedUpTo('axle 4998')).toEqual({ items: 1000, versions: 1000 });
  expect(await rankedUpTo('mat-4998')).toEqual({ items: 1000, versions: 1000 });
});

it('hints are walked without counting them first when ANALYZE saw the word in most rows', async () => {
  expect(await hintsWalkedUncounted(t.db, 'unit')).toBe(true);
  expect(await hintsWalkedUncounted(t.db, 'A2V')).toBe(true);
  expect(await hintsWalkedUncounted(t.db, 'axle 4998')).toBe(false);
  expect(await hintsWalkedUncounted(t.db, 'zzz')).toBe(false);
});

it('full search asks first the version number that more often contains the word', async () => {
  // The first is also the order without samples.
  expect((await fullSearchPlan(t.db, 'a2v', 50)).numbers).toEqual(['name_folded', 'name2_folded']);
  expect((await fullSearchPlan(t.db, 'mat-', 50)).numbers).toEqual(['name2_folded', 'name_folded']);
});

/**
 * The plan of `select id from versions v where <condition>` without `index` and with the table scan
 * discouraged, in a transaction rolled back (the index stays). The test's catalog is small enough for
 * PostgreSQL to pick any index (or none): this shows which index can serve the condition.
 */
async function planWithout(index: string, condition: SQL): Promise<string> {
  let plan = '';
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`drop index ${sql.identifier(index)}`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from versions v where ${condition}`,
      );
      plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return plan;
}

it('a word with punctuation is looked for through the trigrams of the names with it joined into their words', async () => {
  // pg_trgm splits "1.49" into "1" and "49", found in thousands of numbers; joined ("1q49"), in one. Without
  // the plain index, the joined one serves the condition.
  const plan = await planWithout('versions_name_folded_trgm', containsFolded(sql`v.name_folded`, '1.49'));
  expect(plan).toContain('versions_name_folded_joined_trgm');
  // What it finds is what the LIKE finds: "1q49" is not "1.49".
  const found = (word: string) =>
    t.db.execute<{ id: number }>(
      sql`select id from versions v where ${containsFolded(sql`v.name_folded`, word)} order by id`,
    );
  const reference = (word: string) =>
    t.db.execute<{ id: number }>(
      sql`select id from versions v where ${contains(sql`v.name_folded`, word)} order by id`,
    );
  for (const word of ['1.49', '1.2', '2-01', '12-0', 'mat-12-0', '1q2', 'x%_'])
    expect((await found(word)).rows, word).toEqual((await reference(word)).rows);
});

it('a word with punctuation is never looked for through the plain trigrams, which most numbers hold', async () => {
  // Where the column's statistics expected few matches, PostgreSQL read "2.0" through the plain trigram index
  // alone: at M, 33,000 version numbers rechecked for a hint (14 ms). Without the joined index, no index
  // serves the condition.
  const plan = await planWithout('versions_name2_folded_joined_trgm', containsFolded(sql`v.name2_folded`, '12-0'));
  expect(plan).not.toContain('versions_name2_folded_trgm');
  expect(plan).toContain('Seq Scan on versions');
});
