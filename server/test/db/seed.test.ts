import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDataRows, DATA_TABLES, seedDemoData } from '../../src/db/demo-data.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { TEST_SEED } from '../support/postgres.js';

let template: TestDatabase;
let again: TestDatabase;
let otherSeed: TestDatabase;
beforeAll(async () => {
  // The API tests' template was seeded in another process; seeding here again must give the same data.
  [template, again, otherSeed] = await Promise.all([
    createTestDatabase(),
    createTestDatabase({ content: 'schema' }),
    createTestDatabase({ content: 'schema' }),
  ]);
  expect(await seedDemoData(again.db, { size: 'S', seed: TEST_SEED })).toBe(true);
  expect(await seedDemoData(otherSeed.db, { size: 'S', seed: TEST_SEED + 1 })).toBe(true);
});
afterAll(() => Promise.all([template, again, otherSeed].map((d) => d?.drop())));

const rows = async (db: TestDatabase, text: string) => (await db.pool.query(text)).rows;
const firstNames = (db: TestDatabase) =>
  rows(
    db,
    `select i.kind, i.name, v.name as version, v.name2 from versions v join items i on i.id = v.item_id order by v.id limit 60`,
  );

describe('demo data', () => {
  it('is the same for the same seed', async () => {
    expect(await countDataRows(again.db)).toEqual(await countDataRows(template.db));
    expect(await firstNames(again)).toEqual(await firstNames(template));
    const pairs = 'select from_version_id, to_version_id, compatibility_info_id from compatibilities order by id';
    expect(await rows(again, pairs)).toEqual(await rows(template, pairs));
  });

  it('leaves statistics on its tables and on their history, so that reads now and in the past plan sensibly', async () => {
    const analyzed = await rows(
      again,
      `select schemaname || '.' || relname as name from pg_stat_user_tables
        where relname = 'compatibilities' and last_analyze is not null order by 1`,
    );
    expect(analyzed.map((r) => r.name)).toEqual(['history.compatibilities', 'public.compatibilities']);
  });

  it('differs for another seed', async () => {
    expect(await firstNames(otherSeed)).not.toEqual(await firstNames(template));
  });

  it('has the stated size S', async () => {
    const counts = await countDataRows(template.db);
    expect(counts.systems).toBe(8);
    expect(counts.assemblies).toBeGreaterThanOrEqual(70);
    expect(counts.assemblies).toBeLessThanOrEqual(90);
    expect(counts.subassemblies).toBeGreaterThanOrEqual(170);
    expect(counts.subassemblies).toBeLessThanOrEqual(230);
    expect(counts.compatibilities).toBeGreaterThanOrEqual(2000);
    expect(counts.compatibilities).toBeLessThanOrEqual(8000);
    for (const table of [
      'compatibility_references',
      'comments',
      'item_containments',
      'version_relations',
      'dataset_entries',
      'references',
    ]) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    const [systemVersions] = await rows(template, `select count(*)::int as n from versions where kind = 'system'`);
    expect(systemVersions.n).toBeGreaterThanOrEqual(24);
    expect(systemVersions.n).toBeLessThanOrEqual(40);
  });

  it('uses all four statuses, German and English obligations and some empty ones', async () => {
    const used = await rows(
      template,
      `select distinct ci.compatibility_status as status from compatibilities c join compatibility_infos ci on ci.id = c.compatibility_info_id order by 1`,
    );
    expect(used.map((r) => r.status)).toEqual(['allowed', 'conditional', 'forbidden', 'irrelevant']);
    const texts = (await rows(template, 'select obligation from compatibility_infos')).map(
      (r) => r.obligation as string,
    );
    expect(texts.some((text) => /\b(nicht|nur|kompatibel|keine)\b/i.test(text) && /[äöüß]/.test(text))).toBe(true);
    expect(texts.some((text) => /\b(compatible|only|requires)\b/i.test(text))).toBe(true);
    expect(texts).toContain('');
  });

  it('has names with umlauts and accents, part and material numbers, and versions with only one of them', async () => {
    const [names] = await rows(
      template,
      `select bool_or(name like '%Türsteuer%') as tuer, bool_or(name like '%Bremsgerät%') as brems, bool_or(name ~ '[éèêâ]') as accent from items`,
    );
    expect(names).toEqual({ tuer: true, brems: true, accent: true });
    const [numbers] = await rows(
      template,
      `select count(*) filter (where name ~ '^A2V[0-9]{11}$' and name2 ~ '^MAT-[0-9]+-[0-9]{2}$')::int as both,
              count(*) filter (where name2 is null)::int as part_only,
              count(*) filter (where name is null)::int as material_only
       from versions where kind <> 'system'`,
    );
    expect(numbers.both).toBeGreaterThan(0);
    expect(numbers.part_only).toBeGreaterThan(0);
    expect(numbers.material_only).toBeGreaterThan(0);
  });

  it('links versions across kinds only where the items are contained in each other', async () => {
    const [orphans] = await rows(
      template,
      `select count(*)::int as n from (
         select f.item_id as parent, t.item_id as child from compatibilities c
           join versions f on f.id = c.from_version_id join versions t on t.id = c.to_version_id where c.from_kind <> c.to_kind
         union all
         select f.item_id, t.item_id from version_relations r
           join versions f on f.id = r.from_version_id join versions t on t.id = r.to_version_id where r.from_kind <> r.to_kind
       ) pairs where not exists (select 1 from item_containments ic where ic.parent_item_id = pairs.parent and ic.child_item_id = pairs.child)`,
    );
    expect(orphans.n).toBe(0);
  });

  it('has comments by both demo users and a fresh modification time', async () => {
    const authors = await rows(template, 'select distinct author from comments order by 1');
    expect(authors.map((r) => r.author)).toEqual(['admin', 'intern']);
    const [info] = await rows(
      template,
      `select count(*)::int as n, max(modification_time) > now() - interval '1 day' as fresh from data_info`,
    );
    expect(info).toEqual({ n: 1, fresh: true });
  });

  it('is only seeded into an empty database', async () => {
    const before = await countDataRows(template.db);
    expect(await seedDemoData(template.db, { size: 'S', seed: 99 })).toBe(false);
    expect(await countDataRows(template.db)).toEqual(before);
  });

  it('arrives frozen: every page that holds rows is all-visible, no vacuum must pass over them first', async () => {
    // The seed's closing ANALYZE counts the pages the visibility map marks all-visible (relallvisible). A
    // COPY also reserves pages ahead that it may leave empty, so the count is compared with the pages
    // that hold rows, not with all the table's pages.
    for (const table of DATA_TABLES) {
      const [counts] = await rows(
        again,
        `select (select relallvisible from pg_class where oid = '"${table}"'::regclass) as all_visible,
                (select count(distinct (ctid::text::point)[0])::int from "${table}") as with_rows`,
      );
      expect(counts.with_rows, table).toBeGreaterThan(0);
      expect(counts.all_visible, table).toBeGreaterThanOrEqual(counts.with_rows);
    }
  });

  it('keeps what a data table held before the first seed', async () => {
    const db = await createTestDatabase({ content: 'schema' });
    try {
      await db.pool.query(`insert into dataset_entries (username, description) values ('admin', 'Vor den Demodaten')`);
      expect(await seedDemoData(db.db, { size: 'S', seed: TEST_SEED })).toBe(true);
      const kept = await rows(db, `select description from dataset_entries where description = 'Vor den Demodaten'`);
      expect(kept).toHaveLength(1);
      const counts = await countDataRows(db.db);
      expect(counts.dataset_entries).toBeGreaterThan(1);
      expect(counts.versions).toBeGreaterThan(0);
    } finally {
      await db.drop();
    }
  });

  it('moves the id sequences past the seeded rows', async () => {
    const inserted = await template.pool.query(
      `insert into items (kind, name) values ('system', 'Neues System') returning id`,
    );
    const [max] = await rows(template, 'select max(id)::int as id from items');
    expect(inserted.rows[0].id).toBe(max.id);
  });
});
