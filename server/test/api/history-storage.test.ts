import { BACKUP_TABLES, type BackupInfo, type Item } from '@dp/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BACKUP_KEEP: '50' });
});
afterAll(() => t.close());

const quoted = pg.escapeIdentifier;
/** The catalog tables with a history; a backup's other tables (dataset, images) have none. */
const HISTORY_TABLES = BACKUP_TABLES.filter((table) => table !== 'dataset_entries' && table !== 'images');

async function dbNow(): Promise<string> {
  return (await t.pool.query<{ now: string }>(`select clock_timestamp()::text as now`)).rows[0]!.now;
}

/** A few milliseconds, so that two times differ. */
const tick = () => t.pool.query('select pg_sleep(0.002)');

/** One query against the catalog as it was at `at`: the asof views first on the search path. */
async function readAt<R extends pg.QueryResultRow>(at: string, text: string): Promise<R[]> {
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('dp.at', $1, true), set_config('search_path', 'asof, public', true)`, [at]);
    const rows = (await client.query<R>(text)).rows;
    await client.query('commit');
    return rows;
  } finally {
    client.release();
  }
}

describe('history storage', () => {
  it('an obligation read at a time before its change shows the old text; now shows the new one', async () => {
    const info = (
      await t.call('POST', '/api/compatibility_infos', { compatibility_status: 'conditional', obligation: 'old text' })
    ).body as { href: string; etag: string };
    const id = info.href.split('/').pop()!;
    const between = await dbNow();
    const changed = await t.call(
      'PUT',
      info.href,
      { compatibility_status: 'conditional', obligation: 'new text' },
      'admin',
      {
        'if-match': info.etag,
      },
    );
    expect(changed.status).toBe(200);
    const at = (time: string) =>
      readAt<{ obligation: string }>(time, `select obligation from compatibility_infos where id = ${id}`);
    expect(await at(between)).toEqual([{ obligation: 'old text' }]);
    expect(await at(await dbNow())).toEqual([{ obligation: 'new text' }]);
  });

  it('the state at a time equals what a backup taken at that time holds', async () => {
    const backup = (await t.call('POST', '/api/backups')).body as BackupInfo;
    const takenAt = await dbNow();
    // Changes after the backup: a create, an update and a delete.
    const item = (await t.call('POST', '/api/systems', { name: 'After The Backup' })).body as Item;
    await t.call('PUT', item.href, { name: 'After The Backup', description: 'changed' }, 'admin', {
      'if-match': item.etag,
    });
    const { rows } = await t.pool.query<{ id: number }>(`select id from item_containments order by id limit 1`);
    await t.pool.query(`delete from item_containments where id = $1`, [rows[0]!.id]);

    const schema = `backup_${backup.name.replace(/-/g, '_')}`;
    for (const table of HISTORY_TABLES) {
      const { rows: cols } = await t.pool.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position`,
        [schema, table],
      );
      const list = cols.map((c) => quoted(c.column_name)).join(', ');
      const [diff] = await readAt<{ missing: string; extra: string }>(
        takenAt,
        `select (select count(*) from (select ${list} from ${quoted(schema)}.${quoted(table)} except all select ${list} from ${quoted(table)}) a) as missing,
                (select count(*) from (select ${list} from ${quoted(table)} except all select ${list} from ${quoted(schema)}.${quoted(table)}) b) as extra`,
      );
      expect({ table, ...diff }).toEqual({ table, missing: '0', extra: '0' });
    }
    // And now differs from the backup: the changes are there.
    const now = await readAt<{ description: string }>(
      await dbNow(),
      `select description from items where name = 'After The Backup'`,
    );
    expect(now).toEqual([{ description: 'changed' }]);
  });

  it('the writes of one transaction share one change set with their audit entries and appear together', async () => {
    const { rows: infos } = await t.pool.query<{ id: number }>(
      `select id from compatibility_infos order by id limit 2`,
    );
    const client = await t.pool.connect();
    let changeSet: string;
    try {
      await client.query('begin');
      await client.query(`update compatibility_infos set obligation = obligation || ' (1)' where id = $1`, [
        infos[0]!.id,
      ]);
      await client.query(`update compatibility_infos set obligation = obligation || ' (2)' where id = $1`, [
        infos[1]!.id,
      ]);
      await client.query(
        `insert into audit_log (actor, action, entity, entity_id) values ('admin', 'update', 'compatibility_info', $1)`,
        [String(infos[0]!.id)],
      );
      changeSet = (await client.query<{ cs: string }>(`select dp_change_set()::text as cs`)).rows[0]!.cs;
      await client.query('commit');
    } finally {
      client.release();
    }
    const { rows: written } = await t.pool.query<{ id: number; valid_from: string }>(
      `select id, valid_from::text from history.compatibility_infos where change_set = $1 order by id`,
      [changeSet],
    );
    expect(written.map((r) => r.id)).toEqual(infos.map((r) => r.id));
    expect(new Set(written.map((r) => r.valid_from)).size).toBe(1);
    const { rows: audited } = await t.pool.query(`select 1 from audit_log where change_set = $1`, [changeSet]);
    expect(audited).toHaveLength(1);
    // At every instant, both changed or neither: one microsecond before the change set and at it.
    const validFrom = written[0]!.valid_from;
    const seen = async (at: string) =>
      (
        await readAt<{ n: string }>(
          at,
          `select count(*) as n from compatibility_infos where id in (${infos.map((r) => r.id).join(',')}) and obligation like '% (_)'`,
        )
      )[0]!.n;
    const { rows: justBefore } = await t.pool.query<{ at: string }>(
      `select ($1::timestamptz - interval '1 microsecond')::text as at`,
      [validFrom],
    );
    expect(await seen(justBefore[0]!.at)).toBe('0');
    expect(await seen(validFrom)).toBe('2');
  });

  it('a row changed twice in one transaction keeps one version for it', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from "references" order by id limit 1`);
    const id = rows[0]!.id;
    const count = async () =>
      Number((await t.pool.query(`select count(*) from history."references" where id = $1`, [id])).rows[0].count);
    const before = await count();
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query(`update "references" set description = 'one' where id = $1`, [id]);
      await client.query(`update "references" set description = 'two' where id = $1`, [id]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await count()).toBe(before + 1);
    const { rows: newest } = await t.pool.query(
      `select description from history."references" where id = $1 order by valid_from desc limit 1`,
      [id],
    );
    expect(newest).toEqual([{ description: 'two' }]);
  });

  it('a row deleted is gone from a read after its delete, and back after it is created again under its key', async () => {
    const { rows } = await t.pool.query<{ compatibility_id: number; reference_id: number }>(
      `select compatibility_id, reference_id from compatibility_references order by 1, 2 limit 1`,
    );
    const pair = rows[0]!;
    const present = async (at: string) =>
      (
        await readAt(
          at,
          `select 1 from compatibility_references where compatibility_id = ${pair.compatibility_id} and reference_id = ${pair.reference_id}`,
        )
      ).length;
    const before = await dbNow();
    await t.pool.query(`delete from compatibility_references where compatibility_id = $1 and reference_id = $2`, [
      pair.compatibility_id,
      pair.reference_id,
    ]);
    const gone = await dbNow();
    await t.pool.query(`insert into compatibility_references (compatibility_id, reference_id) values ($1, $2)`, [
      pair.compatibility_id,
      pair.reference_id,
    ]);
    expect([await present(before), await present(gone), await present(await dbNow())]).toEqual([1, 0, 1]);
  });

  it('a write by a transaction that began before another one wrote the row still comes after it', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from "references" order by id desc limit 1`);
    const id = rows[0]!.id;
    const early = await t.pool.connect();
    try {
      // `early` begins first (its time is the start of its transaction), the other writes and commits, then `early`.
      await early.query('begin');
      await early.query('select now()');
      await tick();
      await t.pool.query(`update "references" set description = 'later start' where id = $1`, [id]);
      await early.query(`update "references" set description = 'earlier start' where id = $1`, [id]);
      await early.query('commit');
    } finally {
      early.release();
    }
    const { rows: versions } = await t.pool.query<{ description: string }>(
      `select description from history."references" where id = $1 order by valid_from desc limit 2`,
      [id],
    );
    expect(versions.map((v) => v.description)).toEqual(['earlier start', 'later start']);
    const [now] = await readAt<{ description: string }>(
      await dbNow(),
      `select description from "references" where id = ${id}`,
    );
    expect(now).toEqual({ description: 'earlier start' });
  });
});
