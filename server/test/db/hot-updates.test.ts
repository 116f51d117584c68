import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateCompatibilities } from '../../src/modules/relations/relations.queries.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// A table's 'Save all' changes the obligation text of up to hundreds of compatibilities at once. Such an
// update must stay on its page and leave every index alone (a HOT update, migration 0008): with an index
// on the obligation, each row cost an entry in all four indexes and the save twice the PostgreSQL time.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ content: 'schema' });
  await t.db.execute(sql`
    with a as (insert into items (kind, name) values ('assembly', 'Hot Assembly') returning id)
    insert into versions (item_id, kind, name)
    select a.id, 'assembly'::item_kind, 'A' || n from a, generate_series(1, 201) n`);
  await t.db.execute(sql`insert into compatibility_infos (compatibility_status) values ('allowed'), ('forbidden')`);
  await t.db.execute(sql`
    insert into compatibilities (from_version_id, from_kind, to_version_id, to_kind, compatibility_info_id)
    select f.id, 'assembly'::item_kind, v.id, 'assembly'::item_kind, (select min(id) from compatibility_infos)
    from versions v, (select min(id) as id from versions) f where v.id <> f.id`);
});
afterAll(() => t.drop());

it("no index of compatibilities holds a column that saving a version's table changes, and pages keep room", async () => {
  const indexed = await t.db.execute<{ column: string }>(sql`
    select a.attname as column from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = 'compatibilities'::regclass`);
  const written = ['compatibility_info_id', 'updated_by', 'modification_time', 'revision'];
  expect(indexed.rows.map((r) => r.column).filter((c) => written.includes(c))).toEqual([]);
  const options = await t.db.execute<{ options: string[] }>(
    sql`select reloptions as options from pg_class where oid = 'compatibilities'::regclass`,
  );
  expect(options.rows[0]!.options).toContain('fillfactor=90');
});

it("changing the obligation text of a version's compatibilities updates rows in place, touching no index", async () => {
  const ids = await t.db.execute<{ id: number }>(sql`select id from compatibilities order by id`);
  const infos = await t.db.execute<{ id: number }>(sql`select max(id) as id from compatibility_infos`);
  const infoId = infos.rows[0]!.id;
  await t.db.transaction(async (tx) => {
    await updateCompatibilities(
      tx,
      ids.rows.map(({ id }) => ({ id, infoId })),
      'admin',
    );
    const counts = await tx.execute<{ updated: number; hot: number }>(sql`
      select pg_stat_get_xact_tuples_updated('compatibilities'::regclass)::int as updated,
             pg_stat_get_xact_tuples_hot_updated('compatibilities'::regclass)::int as hot`);
    // As many as the free tenth of their pages holds (later saves reuse the space of the last one);
    // with an index on a changed column, none.
    expect(counts.rows[0]!.updated).toBe(200);
    expect(counts.rows[0]!.hot).toBeGreaterThanOrEqual(20);
  });
  const changed = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from compatibilities where compatibility_info_id = ${infoId} and revision = 2`,
  );
  expect(changed.rows[0]!.n).toBe(200);
});
