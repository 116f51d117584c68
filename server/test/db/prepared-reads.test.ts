import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type DbConnection } from '../../src/db/connection.js';
import { listCompatibilitiesOfVersion, versionExists } from '../../src/modules/compatibility/compatibility.queries.js';
import { deltaRows } from '../../src/modules/evaluation/evaluation.queries.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// The hot evaluation reads are planned once per connection. PostgreSQL plans a prepared statement for its
// first five calls and keeps its generic plan only if that looks no dearer; with the values visible, a
// system's list in a catalog of mostly assembly compatibilities looked cheaper planned anew, every call.

let t: TestDatabase;
let one: DbConnection;
beforeAll(async () => {
  t = await createTestDatabase({ content: 'schema' });
  // One connection, so that every call meets the same prepared statements.
  one = createDb(t.connectionString, { max: 1 });
  // A catalog as skewed as a real one: almost every compatibility is between assemblies, a few are a
  // system's (each system version has two), and statistics that say so.
  await one.db.execute(sql`
    with s as (insert into items (kind, name) values ('system', 'Skew System') returning id),
         a as (insert into items (kind, name) values ('assembly', 'Skew Assembly') returning id)
    insert into versions (item_id, kind, name)
    select s.id, 'system'::item_kind, 'S' || n from s, generate_series(1, 20) n
    union all
    select a.id, 'assembly'::item_kind, 'A' || n from a, generate_series(1, 3000) n`);
  await one.db.execute(sql`insert into compatibility_infos (compatibility_status) values ('allowed')`);
  await one.db.execute(sql`
    insert into compatibilities (from_version_id, from_kind, to_version_id, to_kind, compatibility_info_id)
    select x.id, 'assembly'::item_kind, y.id, 'assembly'::item_kind, (select min(id) from compatibility_infos)
    from versions x join versions y on y.kind = 'assembly' and y.id between x.id + 1 and x.id + 5
    where x.kind = 'assembly'
    union all
    select s.id, 'system'::item_kind, a.id, 'assembly'::item_kind, (select min(id) from compatibility_infos)
    from versions s join versions a on a.kind = 'assembly' and a.name in ('A1', 'A2')
    where s.kind = 'system'`);
  await one.db.execute(sql`analyze`);
});
afterAll(async () => {
  await one.close();
  await t.drop();
});

async function plansOf(name: string) {
  const result = await one.db.execute<{ generic_plans: string; custom_plans: string }>(
    sql`select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`,
  );
  const row = result.rows[0];
  return { generic: Number(row?.generic_plans ?? 0), custom: Number(row?.custom_plans ?? 0) };
}

it("one version's list, the existence check and a delta are planned for their first five calls only, whatever the values", async () => {
  const versions = await one.db.execute<{ id: number }>(
    sql`select id from versions where kind = 'system' order by id limit 12`,
  );
  for (const { id } of versions.rows) {
    const list = await listCompatibilitiesOfVersion(one.db, {
      ownKind: 'system',
      versionId: id,
      partnerKind: 'assembly',
    });
    expect(list).toHaveLength(2);
    expect(await versionExists(one.db, 'system', id)).toBe(true);
    // Every system version has A1 and A2, so a delta is the two versions and those two partners.
    expect(await deltaRows(one.db, id, id + 1)).toHaveLength(4);
  }
  for (const name of ['compatibilities_of_version', 'version_exists', 'delta_rows']) {
    const plans = await plansOf(name);
    expect(plans.custom, name).toBeLessThanOrEqual(5);
    expect(plans.generic, name).toBe(versions.rows.length - plans.custom);
  }
});
