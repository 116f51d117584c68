import { fold } from '@dp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import { containingFolded, containsFolded, naturally, startingFolded } from '../../db/sql.js';

export type HintRow = {
  kind: ItemKind;
  item_id: number;
  version_id: number | null;
  parent_name: string;
  name: string | null;
  name2: string | null;
};

export type ResultRow = {
  kind: ItemKind;
  version_id: number;
  parent_name: string;
  name: string | null;
  name2: string | null;
};

/*
 * Every comparison runs on the stored `*_folded` columns, which dp_fold() keeps current on every
 * write, and folds the typed text with the same dp_fold(): what a search finds never depends on a
 * second implementation of the rule. dp_fold is immutable, so PostgreSQL folds the typed text once
 * while planning and the trigram indexes see a constant pattern.
 */
const folded = (text: string): SQL => sql`dp_fold(${text})`;

/** starts_with() of a missing number is null, which would sort before every true. */
const startsWith = (column: SQL, text: string): SQL => sql`coalesce(starts_with(${column}, ${folded(text)}), false)`;

/*
 * Names sort in natural order ("APS-1003" before "APS-10018"), whatever the database's default collation,
 * as the listings do and as the web app shows the results: the 500 results kept of a kind are the first
 * 500 the user sees, and a walk in hint order reads items_kind_name_natural_idx.
 */
const byName = naturally;

/**
 * The versions `v` of each item `i`, and the item `i` (name, folded name) of each version `v`, as one index
 * lookup per row: OFFSET 0 keeps the subquery apart, else PostgreSQL often hashes the whole other table
 * (every version or every item), a full scan that grows with the catalog.
 */
const versionsOfItem = sql`cross join lateral (select * from versions where item_id = i.id offset 0) v`;
const itemOfVersion = sql`cross join lateral (select name, name_folded from items where id = v.item_id offset 0) i`;

/**
 * Versions whose item name or own numbers contain the word, as `m` with the item's name beside them:
 * two branches, so each is answered from its own index (the items' trigrams, then their versions by
 * item; the versions' trigrams); a version matching both ways is listed once.
 */
const versionsMatching = (word: string): SQL => sql`(
  select v.id, v.kind, v.item_id, v.name, v.name2, v.name_folded, v.name2_folded,
         i.name as parent_name, i.name_folded as parent_folded
  from items i ${versionsOfItem}
  where ${containsFolded(sql`i.name_folded`, word)}
  union all
  select v.id, v.kind, v.item_id, v.name, v.name2, v.name_folded, v.name2_folded, i.name, i.name_folded
  from versions v ${itemOfVersion}
  where (${containsFolded(sql`v.name_folded`, word)} or ${containsFolded(sql`v.name2_folded`, word)})
    and i.name_folded not like ${containingFolded(word)}
) m`;

/** A figure for each table a search reads: its rows, or matches expected or ranked. */
type PerTable = Record<'items' | 'versions', number>;

/** The version numbers, as their folded columns. */
const NUMBER_COLUMNS = ['name_folded', 'name2_folded'] as const;
type NumberColumn = (typeof NUMBER_COLUMNS)[number];

/** What ANALYZE sampled of one text column (pg_stats): its most common values and histogram bounds. */
interface ColumnSample {
  table: 'items' | 'versions';
  column: string;
  nullFraction: number;
  common: string[];
  commonFrequencies: number[];
  bounds: string[];
}

/** The planner's row counts, and ANALYZE's samples of the searched columns (none before an ANALYZE). */
interface PlannerStatistics {
  rows: PerTable;
  columns: ColumnSample[];
}

/**
 * The planner's statistics change only with (auto)VACUUM or ANALYZE, and they steer only how a search
 * reads (ranks, walks or counts first), never what it finds: a search reads them at most this often.
 */
const STATISTICS_KEPT_MS = 60_000;
const keptStatistics = new WeakMap<Executor, { readAt: number; value: Promise<PlannerStatistics> }>();

/**
 * The planner's own row counts and samples of the searched columns, read in a statement of their own so
 * that the search gets what it derives from them as constants; kept per database for STATISTICS_KEPT_MS.
 */
function plannerStatistics(db: Executor): Promise<PlannerStatistics> {
  const kept = keptStatistics.get(db);
  if (kept && performance.now() - kept.readAt < STATISTICS_KEPT_MS) return kept.value;
  // The samples of the tables the search reads: the schema its own table names resolve to.
  const value = db
    .execute<{ items: number; versions: number; columns: ColumnSample[] }>(
      sql`select (select reltuples from pg_class where oid = 'items'::regclass) as items,
                 (select reltuples from pg_class where oid = 'versions'::regclass) as versions,
                 (select coalesce(json_agg(json_build_object(
                           'table', tablename, 'column', attname, 'nullFraction', null_frac,
                           'common', coalesce(most_common_vals::text::text[], '{}'),
                           'commonFrequencies', coalesce(most_common_freqs, '{}'),
                           'bounds', coalesce(histogram_bounds::text::text[], '{}'))), '[]')
                  from pg_stats
                  where schemaname = (select relnamespace::regnamespace::name from pg_class
                                      where oid = 'items'::regclass)
                    and not inherited
                    and (tablename, attname) in (('items', 'name_folded'), ('versions', 'name_folded'),
                                                 ('versions', 'name2_folded'))) as columns`,
    )
    .then(({ rows: [row] }) => ({
      rows: { items: Number(row?.items ?? 0), versions: Number(row?.versions ?? 0) },
      columns: row?.columns ?? [],
    }));
  const entry = { readAt: performance.now(), value };
  keptStatistics.set(db, entry);
  // A failed read is not kept: the next search asks again.
  value.catch(() => {
    if (keptStatistics.get(db) === entry) keptStatistics.delete(db);
  });
  return value;
}

/** The share of a column's rows whose (folded) value `matches`, as ANALYZE's sample of it suggests. */
function sampledShare(column: ColumnSample, matches: (value: string) => boolean): number {
  let share = 0;
  let commonShare = 0;
  column.common.forEach((value, i) => {
    const frequency = column.commonFrequencies[i] ?? 0;
    commonShare += frequency;
    if (matches(value)) share += frequency;
  });
  if (column.bounds.length === 0) return share;
  const inBounds = column.bounds.filter(matches).length / column.bounds.length;
  return share + inBounds * Math.max(0, 1 - column.nullFraction - commonShare);
}

/** How many rows of `table` have a `column` that `matches`, as ANALYZE's samples suggest: none without. */
function sampledRows(
  { rows, columns }: PlannerStatistics,
  table: 'items' | 'versions',
  column: string,
  matches: (value: string) => boolean,
): number {
  const sample = columns.find((c) => c.table === table && c.column === column);
  return sample ? rows[table] * sampledShare(sample, matches) : 0;
}

/** Matches of a word as ANALYZE's samples suggest: none without samples. */
interface ExpectedMatches extends PerTable {
  /** Versions whose number in each column contains it. */
  byNumber: Record<NumberColumn, number>;
}

/**
 * How many items, and versions, contain the word, as ANALYZE's samples suggest. A version matches by
 * either number: at least as many as the likelier one suggests.
 */
function expectedMatches(planner: PlannerStatistics, word: string): ExpectedMatches {
  const foldedWord = fold(word);
  const expected = (table: 'items' | 'versions', column: string) =>
    sampledRows(planner, table, column, (value) => value.includes(foldedWord));
  const byNumber = {
    name_folded: expected('versions', 'name_folded'),
    name2_folded: expected('versions', 'name2_folded'),
  };
  return { items: expected('items', 'name_folded'), versions: Math.max(...Object.values(byNumber)), byNumber };
}

/**
 * A search leaves out counting (a list of full search, or the hints' first statement) when the samples
 * expect more than twice what ranking takes: "a2v" at M, in 88 % of the versions, had its first 4,400
 * matches fetched only to learn that it has more. A sample that overestimates costs only speed.
 */
const beyondRanking = (expected: number, rankedUpTo: number) => expected > 2 * rankedUpTo;

/** A list walked without counting its matches first (as `rankedUpTo`). */
export const WALKED_UNCOUNTED = -1;

/**
 * Hits ranked all together up to this many; a word that matches more is answered by walking (below).
 * Counting the hits costs about 1 µs each: at L, 500 rather than 2,000 took a hint for "a" from 9.5 to
 * 6 ms and for "bg" from 35 to 21 ms, and the slowest of 17 words at M from 17 to 9 ms.
 */
const HITS_RANKED_UP_TO = 500;

/** The hint order: hits that start with the word first, then kind, item name, the item before its versions. */
const hintOrder = sql`starting desc, kind, ${byName(sql`parent_name`)}, version_id is not null,
  ${byName(sql`name`)}, ${byName(sql`name2`)}, item_id, version_id`;

/**
 * Typeahead hints: items whose name contains the word, and versions whose item name or numbers
 * contain it; hits that start with the word first, then in listing order (kind, item name, the item
 * before its versions, version numbers).
 *
 * A word with up to `rankedUpTo` hits (by default HITS_RANKED_UP_TO) has them ranked, from the trigram
 * indexes. Ranking every hit of a word found almost everywhere ("a", "a2v") took 0.5 s at size L, so a word
 * with more is answered by `hintsOfFrequentWord`, which looks only at the items its first hits can belong
 * to: at once, without counting its hits first, with WALKED_UNCOUNTED or when ANALYZE's samples expect far
 * more. Its walks in item order read up to `walkRows` items, or as many as walkLengths gives.
 */
export async function findHints(
  db: Executor,
  word: string,
  limit: number,
  rankedUpTo?: number,
  walkRows?: number,
): Promise<HintRow[]> {
  if (rankedUpTo === WALKED_UNCOUNTED || (rankedUpTo === undefined && (await hintsWalkedUncounted(db, word))))
    return hintsOfFrequentWord(db, word, limit, walkRows);
  const upTo = rankedUpTo ?? HITS_RANKED_UP_TO;
  const ranked = await db.execute<HintRow & { hits: string }>(sql`
    with hits as materialized (
      select i.kind, i.id as item_id, null::int as version_id, i.name as parent_name,
             null::text as name, null::text as name2, ${startsWith(sql`i.name_folded`, word)} as starting
      from items i
      where ${containsFolded(sql`i.name_folded`, word)}
      union all
      select m.kind, m.item_id, m.id, m.parent_name, m.name, m.name2,
             ${startsWith(sql`m.parent_folded`, word)} or ${startsWith(sql`m.name_folded`, word)}
               or ${startsWith(sql`m.name2_folded`, word)}
      from ${versionsMatching(word)}
      limit ${upTo + 1}
    )
    select h.kind, h.item_id, h.version_id, h.parent_name, h.name, h.name2, (select count(*) from hits) as hits
    -- One row even without hints, for the count. Too many hits are not sorted (ICU compares, 8 ms at L).
    from (select) counts left join (
      select * from hits where (select count(*) from hits) <= ${upTo} order by ${hintOrder} limit ${limit}
    ) h on true`);
  const hits = Number(ranked.rows[0]?.hits ?? 0);
  if (hits <= upTo) return ranked.rows.flatMap(({ hits: _, ...hint }) => (hint.item_id === null ? [] : [hint]));
  return hintsOfFrequentWord(db, word, limit, walkRows);
}

/** Whether the samples expect a word's hits far beyond what the hints rank (WALKED_UNCOUNTED). */
export async function hintsWalkedUncounted(db: Executor, word: string): Promise<boolean> {
  // The hits are at least the matching items and the versions matching by number.
  const expected = expectedMatches(await plannerStatistics(db), word);
  return beyondRanking(expected.items + expected.versions, HITS_RANKED_UP_TO);
}

/** Items (as `alias`) in hint order: kind, then name as the hints sort it. */
const inItemOrder = (alias: string): SQL => {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return sql`${column('kind')}, ${byName(column('name'))}, ${column('id')}`;
};
const itemOrder = inItemOrder('i');

/**
 * Items whose name contains the word are fetched and sorted up to this many; more are walked in order.
 * At L, 1,000 rather than 5,000 took hints for "ar" from 18 to 8.5 ms and "er" from 14 to 7 ms, slower
 * for none of 24 words; 300 made "bremse" 5.6 → 21.5 ms.
 */
const NAMED_ITEMS_SORTED_UP_TO = 1000;

/** A walk reads at least as many items as the matches sorted without one (named_few). */
const WALKED_AT_LEAST = NAMED_ITEMS_SORTED_UP_TO;

/**
 * How far the hints walk the items in order for the names starting with the word, and for those containing
 * it: as many items as the samples expect to match, at least WALKED_AT_LEAST. Matches can sit together late
 * in the order: at L, the names starting with "ventil" come after 36,500 items and those containing "pump"
 * after 86,000, which took those hints 26 and 118 ms. Reading and sorting every match costs about what
 * walking as many items costs (1–2 µs each), so a walk that reads that many in vain at most doubles the
 * time and then gives way to the sort.
 */
function walkLengths(planner: PlannerStatistics, word: string): Record<'starting' | 'named', number> {
  const foldedWord = fold(word);
  const expected = (matches: (name: string) => boolean) =>
    Math.round(Math.max(WALKED_AT_LEAST, sampledRows(planner, 'items', 'name_folded', matches)));
  return {
    starting: expected((name) => name.startsWith(foldedWord)),
    named: expected((name) => name.includes(foldedWord) && !name.startsWith(foldedWord)),
  };
}

/**
 * The CTE `name` (id, kind, name): the first `limit` items `i` in hint order that meet `condition`, among
 * those that meet `kinds` (which the walk's index can use; all by default), and none unless `wanted`
 * (always by default). Walked in order up
 * to `walkRows` items; when that finds fewer, every match is read as its indexes allow and sorted
 * (OFFSET 0 keeps PostgreSQL from walking again). Also defines `${name}_walk`.
 */
function firstItemsInOrder(
  name: string,
  { wanted = sql`true`, kinds = sql`true`, condition }: { wanted?: SQL; kinds?: SQL; condition: SQL },
  limit: number,
  walkRows: number,
): SQL {
  const walk = sql.identifier(`${name}_walk`);
  return sql`${walk} as materialized (
      select i.id, i.kind, i.name from (
        select * from items i where ${wanted} and ${kinds} order by ${itemOrder} limit ${walkRows}
      ) i
      where ${condition}
      limit ${limit}
    ), ${sql.identifier(name)} as materialized (
      select * from ${walk} where (select count(*) from ${walk}) = ${limit}
      union all
      (select m.id, m.kind, m.name from (
         select i.id, i.kind, i.name from items i
         where ${wanted} and (select count(*) from ${walk}) < ${limit} and ${kinds} and ${condition}
         offset 0
       ) m
       order by ${inItemOrder('m')} limit ${limit})
    )`;
}

/**
 * Per kind `k.kind`: `answer` of the first row of `table` that meets `condition`, in the order of the
 * (kind, column text_pattern_ops) index (migration 0013), or false. One descent when `condition` starts
 * a range; else that kind's entries up to the first match. The order keeps PostgreSQL on the index.
 */
const firstOfKind = (
  table: 'items' | 'versions',
  column: string,
  condition: (value: SQL) => SQL,
  answer: (value: SQL) => SQL,
): SQL => {
  const value = sql`t.${sql.identifier(column)}`;
  return sql`coalesce((select ${answer(value)} from ${sql.identifier(table)} t
    where t.kind = k.kind and ${condition(value)} order by ${value} using ~<~ limit 1), false)`;
};

/** The kinds of which some row of `table` has one of `columns` starting with the word. */
const kindsStartingWith = (table: 'items' | 'versions', columns: string[], word: string): SQL => {
  const someStarts = (column: string) =>
    firstOfKind(
      table,
      column,
      (value) => sql`${value} ~>=~ ${folded(word)}`,
      (value) => sql`starts_with(${value}, ${folded(word)})`,
    );
  return sql`array(select k.kind from unnest(enum_range(null::item_kind)) as k(kind)
    where ${sql.join(columns.map(someStarts), sql` or `)})`;
};

/**
 * Whether some version of kind `k.kind` has a number containing the word. A walk for a frequent word would
 * otherwise read every item of a kind where no number contains it (at L, "a2v" read all 4,000 systems and
 * their 16,000 versions). A kind among the first matches (`matched_versions`, when they were fetched) has
 * one; for another kind the (kind, number) indexes tell, read up to the first match and at most that
 * kind's entries, in the order of `numbers`: the likelier first, as the second is then rarely read.
 */
const someNumberOfKindContains = (
  word: string,
  firstMatchesFetched: boolean,
  numbers: readonly [NumberColumn, NumberColumn],
): SQL => {
  const someContains = (column: string) =>
    firstOfKind(
      'versions',
      column,
      (value) => sql`${value} like ${containingFolded(word)}`,
      () => sql`true`,
    );
  const amongFirstMatches = sql`exists (select from matched_versions m where m.kind = k.kind)`;
  const conditions = [...(firstMatchesFetched ? [amongFirstMatches] : []), ...numbers.map(someContains)];
  return sql`(${sql.join(conditions, sql` or `)})`;
};

/**
 * The hints of a word with many hits, from the items its first `limit` hits can belong to: an item's
 * hits sort together, so the first hits that start with the word belong to the first `limit` items that
 * have such a hit, and likewise for the other hits. Each of those item lists is the first `limit` of one
 * or two simple conditions, which PostgreSQL answers either by walking the items in hint order until it
 * has them (a frequent word) or from an index and a sort (a rare one). The other hits are not needed
 * when enough hits start with the word, and items matching only by a version number need not lie beyond
 * the last item found by name.
 */
async function hintsOfFrequentWord(db: Executor, word: string, limit: number, walkRows?: number): Promise<HintRow[]> {
  const walks =
    walkRows === undefined ? walkLengths(await plannerStatistics(db), word) : { starting: walkRows, named: walkRows };
  const contains = containingFolded(word);
  const starts = startingFolded(word);
  const numberStartsWith = sql`(v.name_folded like ${starts} or v.name2_folded like ${starts})`;
  const onlyContainedInNumber = sql`(${containsFolded(sql`v.name_folded`, word)} or ${containsFolded(sql`v.name2_folded`, word)})
    and not coalesce(v.name_folded like ${starts}, false) and not coalesce(v.name2_folded like ${starts}, false)`;
  const notStarting = sql`${containsFolded(sql`i.name_folded`, word)} and i.name_folded not like ${starts}`;
  const result = await db.execute<HintRow>(sql`
    with ${firstItemsInOrder(
      'starting_by_name',
      {
        // Only the kinds that have such a name: a walk in order would read every item of the others.
        kinds: sql`i.kind = any(${kindsStartingWith('items', ['name_folded'], word)})`,
        // starts_with, not LIKE: PostgreSQL reads its matches from the (kind, name) index, not the trigrams.
        condition: sql`starts_with(i.name_folded, ${folded(word)})`,
      },
      limit,
      walks.starting,
    )}, starting as materialized (
      select id from starting_by_name
      union
      (select i.id from items i
       where i.kind = any(${kindsStartingWith('versions', ['name_folded', 'name2_folded'], word)})
         and exists (select from versions v where v.item_id = i.id and ${numberStartsWith})
       order by ${itemOrder} limit ${limit})
    ), named_few as materialized (
      select i.id, i.kind, i.name from items i
      where (select count(*) from starting) < ${limit} and ${notStarting}
      limit ${NAMED_ITEMS_SORTED_UP_TO + 1}
    ), ${firstItemsInOrder(
      'named_many',
      {
        // Many matches are met early on a walk in order (trigrams would fetch them all).
        wanted: sql`(select count(*) from named_few) > ${NAMED_ITEMS_SORTED_UP_TO}`,
        condition: notStarting,
      },
      limit,
      walks.named,
    )}, named as materialized (
      -- A few matches are sorted.
      (select * from named_few n where (select count(*) from named_few) <= ${NAMED_ITEMS_SORTED_UP_TO}
       order by ${inItemOrder('n')} limit ${limit})
      union all
      select * from named_many
    ), last_named as materialized (
      select * from named n order by ${inItemOrder('n')} offset ${limit} - 1
    ), candidates as (
      select id from starting
      union
      select id from named
      union
      (select i.id from items i
       where (select count(*) from named) = ${limit}
         and (${itemOrder}) <= ((select kind from last_named),
               (select ${byName(sql`name`)} from last_named), (select id from last_named))
         and i.name_folded not like ${starts}
         and exists (select from versions v where v.item_id = i.id and ${onlyContainedInNumber})
       order by ${itemOrder} limit ${limit})
      union
      (select i.id from items i
       where (select count(*) from starting) < ${limit} and (select count(*) from named) < ${limit}
         and i.name_folded not like ${starts}
         and exists (select from versions v where v.item_id = i.id and ${onlyContainedInNumber})
       order by ${itemOrder} limit ${limit})
    ), candidate_items as (select i.* from items i where i.id in (select id from candidates))
    select kind, item_id, version_id, parent_name, name, name2 from (
      select i.kind, i.id as item_id, null::int as version_id, i.name as parent_name,
             null::text as name, null::text as name2, ${startsWith(sql`i.name_folded`, word)} as starting
      from candidate_items i where i.name_folded like ${contains}
      union all
      select i.kind, i.id, v.id, i.name, v.name, v.name2,
             ${startsWith(sql`i.name_folded`, word)} or ${startsWith(sql`v.name_folded`, word)}
               or ${startsWith(sql`v.name2_folded`, word)}
      from candidate_items i join versions v on v.item_id = i.id
      where i.name_folded like ${contains} or v.name_folded like ${contains} or v.name2_folded like ${contains}
    ) hits
    order by ${hintOrder}
    limit ${limit}`);
  return result.rows;
}

/** `field` is within the folded typed text; an empty field is within every text and counts as no hit. */
const withinTyped = (field: SQL, typed: string): SQL =>
  sql`(${field} <> '' and strpos(${folded(typed)}, ${field}) > 0)`;
const containsTyped = (field: SQL, typed: string): SQL => sql`strpos(${field}, ${folded(typed)}) > 0`;

/** SPEC 5's second condition: the typed text contains one of the fields, or one of them contains it. */
export const relatedToTyped = (fields: SQL[], typed: string): SQL =>
  sql`(${sql.join(
    fields.flatMap((field) => [containsTyped(field, typed), withinTyped(field, typed)]),
    sql` or `,
  )})`;

/**
 * Full search ranks the items, and the versions, that match up to a number of each; a word matching
 * more has the items of each kind walked in name order instead. Ranking costs about as much per match as
 * the walk costs per row it reads, and a walk for `limitPerKind` results reads about limitPerKind × rows ÷
 * matches, so the two meet near √(limitPerKind × rows): for 500 results, at M (14k items, 39k versions)
 * 2,700 and 4,400 rather than 10,000 took "a" from 32 to 17 ms and "a2v" from 11 to 7.6, slower for none
 * of 25 words beyond 0.3 ms; at L, more than 10,000 made "12" and "v0" slower. Below 1,000 a walk could
 * read a whole large table while its row count is still that of an empty one (ANALYZE keeps it).
 */
const RANKED_AT_MOST = 10_000;
const RANKED_AT_LEAST = 1_000;

/** How a full search reads: how many matches each list ranks, and in which order it asks the numbers. */
export interface FullSearchPlan {
  /** Matches each list ranks (more are walked), or WALKED_UNCOUNTED. */
  rankedUpTo: PerTable;
  /** The version number columns, the likelier to contain the word first. */
  numbers: readonly [NumberColumn, NumberColumn];
}

/**
 * The plan for a word: each list ranks up to about √(limitPerKind × rows) matches (see RANKED_AT_MOST), or
 * is walked uncounted when the samples expect far more.
 */
export async function fullSearchPlan(db: Executor, search: string, limitPerKind: number): Promise<FullSearchPlan> {
  const planner = await plannerStatistics(db);
  const expected = expectedMatches(planner, search);
  const upTo = (table: 'items' | 'versions') => {
    const balanced = Math.sqrt(limitPerKind * Math.max(planner.rows[table], 0));
    const ranked = Math.round(Math.min(RANKED_AT_MOST, Math.max(RANKED_AT_LEAST, balanced)));
    return beyondRanking(expected[table], ranked) ? WALKED_UNCOUNTED : ranked;
  };
  // Walked uncounted, a kind is asked from the number indexes alone: asked name first, a word found only in
  // name2 ("m" at L) had all 120,000 assembly and 250,000 sub-assembly names read (48 ms; name2 first 16).
  const { name_folded: inName, name2_folded: inName2 } = expected.byNumber;
  const numbers = inName2 > inName ? (['name2_folded', 'name_folded'] as const) : NUMBER_COLUMNS;
  return { rankedUpTo: { items: upTo('items'), versions: upTo('versions') }, numbers };
}

/** Where a page of full search ends: its last result's place in the order across kinds (resultOrder). */
export interface ResultKey {
  parentName: string;
  name: string | null;
  name2: string | null;
  kind: ItemKind;
  versionId: number;
}

/**
 * The order of full search's results across kinds: parent name, name, name2 (numbers by value, missing ones
 * last), kind, version id; of rows whose columns are `parent_name`, `name`, `name2`, `kind` and `version_id`.
 */
const resultOrder = (row: Record<'parent_name' | 'name' | 'name2' | 'kind' | 'version_id', SQL>): SQL =>
  sql.join(
    [
      byName(row.parent_name),
      sql`${row.name} is null`,
      byName(sql`coalesce(${row.name}, '')`),
      sql`${row.name2} is null`,
      byName(sql`coalesce(${row.name2}, '')`),
      row.kind,
      row.version_id,
    ],
    sql`, `,
  );
/** resultOrder of the result rows themselves (`h`). */
const resultRowOrder = resultOrder({
  parent_name: sql`h.parent_name`,
  name: sql`h.name`,
  name2: sql`h.name2`,
  kind: sql`h.kind`,
  version_id: sql`h.version_id`,
});
/** resultOrder of a version `v` of the item `i`. */
const versionOrder = resultOrder({
  parent_name: sql`i.name`,
  name: sql`v.name`,
  name2: sql`v.name2`,
  kind: sql`v.kind`,
  version_id: sql`v.id`,
});

/**
 * A page is planned as if it wanted this many results of a kind. Planned for its own 51 rows, a page of
 * "brake" at L walked where the whole answer ranks: a kind with few matches was read to its end (69 ms in
 * PostgreSQL, against 31 for the whole answer).
 */
const PLANNED_FOR_AT_LEAST = 500;

/** What a full search looks for, and how far it reads. */
interface FullSearchOptions {
  /** The text whose folded form a field must contain. */
  search: string;
  /** The text as typed, for SPEC 5's second condition (relatedToTyped). */
  typed: string;
  /** Results of each list: per kind (findVersions), or of the page (findVersionPage). */
  limit: number;
  /** A page's results come after this key. */
  after?: ResultKey | null;
  /** Matches each list ranks before it is walked; by default as fullSearchPlan says. */
  rankedUpTo?: number;
}

/**
 * The lists a full search reads, each in resultOrder, after `after` and cut at `limit` (see findVersions):
 * the common table expressions and, for the kind `k.kind`, the branches to unite.
 */
async function searchLists(
  db: Executor,
  { search, typed, limit, after, rankedUpTo }: FullSearchOptions,
): Promise<{ ctes: SQL[]; branches: SQL[] }> {
  const plan: FullSearchPlan =
    rankedUpTo === undefined
      ? await fullSearchPlan(db, search, Math.max(limit, PLANNED_FOR_AT_LEAST))
      : { rankedUpTo: { items: rankedUpTo, versions: rankedUpTo }, numbers: NUMBER_COLUMNS };
  const upTo = plan.rankedUpTo;
  const counted = (matched: 'items' | 'versions') => upTo[matched] !== WALKED_UNCOUNTED;
  const pattern = containingFolded(search);
  // A field that contains `search` contains the typed text when they are the same: every match is related.
  const related =
    typed === search ? sql`true` : relatedToTyped([sql`i.name_folded`, sql`v.name_folded`, sql`v.name2_folded`], typed);
  // After the cursor: the items from its parent name on (a range of the walked index), then the exact key.
  const afterKey = after
    ? sql`and ${byName(sql`i.name`)} >= ${after.parentName} and (${versionOrder}) >
          (${after.parentName}, ${after.name === null}, ${after.name ?? ''}, ${after.name2 === null},
           ${after.name2 ?? ''}, ${after.kind}::item_kind, ${after.versionId}::int)`
    : sql``;
  const few = (matched: 'items' | 'versions') =>
    sql`(select ${sql.identifier(matched)} from counts) <= ${upTo[matched]}`;
  // A list without a count is walked unconditionally.
  const walked = (matched: 'items' | 'versions') => (counted(matched) ? sql`not ${few(matched)}` : sql`true`);
  const list = (branch: SQL) => sql`(${branch} ${afterKey} order by ${versionOrder} limit ${limit})`;
  const branches = [
    // Ranked: the matches found from the trigram indexes, sorted.
    ...(counted('items')
      ? [
          list(sql`select i.kind, v.id as version_id, i.name as parent_name, v.name, v.name2
             from (select * from matched_items m where m.kind = k.kind order by ${byName(sql`m.name`)}) i
             ${versionsOfItem}
             where ${related} and ${few('items')}`),
        ]
      : []),
    ...(counted('versions')
      ? [
          list(sql`select v.kind, v.id as version_id, i.name as parent_name, v.name, v.name2
             from matched_versions v ${itemOfVersion}
             where v.kind = k.kind and i.name_folded not like ${pattern} and ${related}
               and ${few('versions')}`),
        ]
      : []),
    // Walked: the items of the kind in name order, until the limit.
    list(sql`select i.kind, v.id as version_id, i.name as parent_name, v.name, v.name2
             from items i ${versionsOfItem}
             where ${walked('items')}
               and i.kind = k.kind and i.name_folded like ${pattern} and ${related}`),
    list(sql`select i.kind, v.id as version_id, i.name as parent_name, v.name, v.name2
             from items i ${versionsOfItem}
             where ${walked('versions')} and ${someNumberOfKindContains(search, counted('versions'), plan.numbers)}
               and i.kind = k.kind and i.name_folded not like ${pattern}
               and (v.name_folded like ${pattern} or v.name2_folded like ${pattern}) and ${related}`),
  ];
  // The matches of each counted list, up to one more than it ranks, and their counts for the branches.
  const ctes = [
    ...(counted('items')
      ? [
          sql`matched_items as materialized (
      select i.id, i.kind, i.name, i.name_folded from items i where ${containsFolded(sql`i.name_folded`, search)}
      limit ${upTo.items + 1}
    )`,
        ]
      : []),
    ...(counted('versions')
      ? [
          sql`matched_versions as materialized (
      select v.id, v.kind, v.item_id, v.name, v.name2, v.name_folded, v.name2_folded
      from versions v
      where ${containsFolded(sql`v.name_folded`, search)} or ${containsFolded(sql`v.name2_folded`, search)}
      limit ${upTo.versions + 1}
    )`,
        ]
      : []),
    sql`counts as materialized (
      -- Counted once for the two branches that rank and the two that walk.
      select ${counted('items') ? sql`(select count(*) from matched_items)` : sql`null::bigint`} as items,
             ${counted('versions') ? sql`(select count(*) from matched_versions)` : sql`null::bigint`} as versions
    )`,
  ];
  return { ctes, branches };
}

/**
 * Full search (SPEC 5): versions whose parent name, name or name2 contains `search`, kept only when
 * the whole typed text contains one of those fields or one of them contains the typed text; at most
 * `limit` of each kind, sorted by kind, then in resultOrder.
 *
 * Per kind, two lists cut at the limit, then merged: the versions of the items whose name matches (names
 * are unique per kind), and the versions matching by their own numbers. Up to `rankedUpTo` matching
 * items, and as many versions (by default as many as `fullSearchPlan` says), come from the trigram
 * indexes, each searched once for all kinds, and are sorted. A list with more matches ("a", "a2v": 0.5 s
 * at L ranked) is walked instead: the items of each kind in name order through an index, which stops at
 * the limit early, as the matches are dense. One statement decides by its own counts, so a write between
 * two statements cannot lose rows, and a frequent word is not searched twice (ranked, then walked: 8 ms
 * of 42 at L for "a2v"). Planning the walks costs a rare word about 0.4 ms. A list that ANALYZE's samples
 * expect to match far more than it ranks is walked without being counted first (WALKED_UNCOUNTED): a
 * walk is right whatever the count.
 */
export async function findVersions(
  db: Executor,
  search: string,
  typed: string,
  limitPerKind: number,
  rankedUpTo?: number,
): Promise<ResultRow[]> {
  const { ctes, branches } = await searchLists(db, { search, typed, limit: limitPerKind, rankedUpTo });
  const result = await db.execute<ResultRow>(sql`
    with ${sql.join(ctes, sql`, `)}
    select kind, version_id, parent_name, name, name2 from (
      select h.*, row_number() over (
               partition by h.kind order by ${resultRowOrder}
             ) as rank
      from unnest(enum_range(null::item_kind)) as k(kind)
      cross join lateral (${sql.join(branches, sql` union all `)}) h
    ) ranked
    where rank <= ${limitPerKind}
    order by kind, rank`);
  return result.rows;
}

/**
 * One page of full search across kinds, in resultOrder after `after`: the same lists as findVersions, each
 * cut at the page's `limit`. A walked list starts at the cursor, so it reads about the page's rows wherever the
 * page lies (a kind with no match left after the cursor is read to its end); a ranked list sorts its matches
 * (at most as many as it ranks) on every page and keeps those after the cursor. Asks for `limit` rows; the
 * caller asks one more to learn whether a next page exists.
 */
export async function findVersionPage(
  db: Executor,
  search: string,
  typed: string,
  limit: number,
  after: ResultKey | null,
  rankedUpTo?: number,
): Promise<ResultRow[]> {
  const { ctes, branches } = await searchLists(db, { search, typed, limit, after, rankedUpTo });
  const result = await db.execute<ResultRow>(sql`
    with ${sql.join(ctes, sql`, `)}
    select h.kind, h.version_id, h.parent_name, h.name, h.name2
    from unnest(enum_range(null::item_kind)) as k(kind)
    cross join lateral (${sql.join(branches, sql` union all `)}) h
    order by ${resultRowOrder}
    limit ${limit}`);
  return result.rows;
}

/** One item's versions, or just one version of it, in the order of full search's pages. */
export async function findById(
  db: Executor,
  kind: ItemKind,
  itemId: number,
  versionId: number | null,
): Promise<ResultRow[]> {
  const oneVersion = versionId === null ? sql`` : sql`and v.id = ${versionId}`;
  const result = await db.execute<ResultRow>(sql`
    select v.kind, v.id as version_id, i.name as parent_name, v.name, v.name2
    from versions v join items i on i.id = v.item_id
    where i.kind = ${kind} and i.id = ${itemId} ${oneVersion}
    order by ${versionOrder}`);
  return result.rows;
}

/** Folds a text with the database's own rule (used to check it agrees with the JavaScript one). */
export async function foldInDatabase(db: Executor, text: string): Promise<string> {
  const result = await db.execute<{ folded: string }>(sql`select ${folded(text)} as folded`);
  return result.rows[0]?.folded ?? '';
}
