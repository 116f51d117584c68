import { BACKUP_TABLES, type BackupTable } from '@dp/contract';
import pg from 'pg';
import { onlyRow } from '../../db/rows.js';
import type { imports } from '../../db/schema.js';
import type { PgRow } from '../../db/sql.js';

const quoted = pg.escapeIdentifier;

/** PostgreSQL's SQLSTATE for a row that breaks a foreign key. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Makes the product tables hold exactly the rows of `staging`, in the caller's transaction: rows that
 * are gone are deleted, changed rows updated, new rows inserted, unchanged rows left alone, so the
 * work grows with the changes rather than the catalog. DELETE, UPDATE and INSERT take no lock that
 * stops readers, who go on seeing the old rows until the transaction commits and the new ones after,
 * never a mix.
 *
 * Row by row, the foreign-key triggers cost more than the rows themselves (a first publish of two
 * million compatibilities: minutes). Where the database allows it, this session switches them off for
 * the swap and then checks every foreign key once, set-wise, before anything commits; elsewhere the
 * triggers do the checking.
 */
export async function replaceProductData(
  client: pg.ClientBase,
  staging: string,
  columns: Record<BackupTable, string[]>,
) {
  const setWise = await withoutRowTriggers(client);
  // The comparisons are hash joins over whole tables: give them statistics and room to hash in memory.
  for (const table of BACKUP_TABLES) await client.query(`analyze ${quoted(staging)}.${quoted(table)}`);
  await client.query(`set local work_mem = '256MB'`);
  // Whatever the statistics of the product tables say: an analysed empty table (a new live) made the first
  // publish's inserts nested loops over the table they fill, quadratic (at size M, 4 s became 15 s).
  await client.query(`set local enable_nestloop = off`);
  const keys = await primaryKeys(client);
  try {
    await swapRows(client, staging, columns, keys);
  } catch (error) {
    // With the row triggers on, the first row that breaks a foreign key stops the swap: the same refusal
    // as the set-wise check gives after it.
    if (error instanceof pg.DatabaseError && error.code === FOREIGN_KEY_VIOLATION)
      throw new ForeignKeyBroken(error.constraint ?? 'a foreign key');
    throw error;
  }
  if (setWise) {
    await client.query('set local session_replication_role = origin');
    const broken = await brokenForeignKey(client);
    if (broken) throw new ForeignKeyBroken(broken);
  }
  // New rows created later (on work, after a restore) must not collide with the imported ids.
  const serials = await client.query<{ table_name: string; sequence: string }>(
    `select table_name, pg_get_serial_sequence(format('public.%I', table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = 'public' and table_name = any($1) and column_default like 'nextval(%'`,
    [BACKUP_TABLES],
  );
  for (const { table_name, sequence } of serials.rows) {
    await client.query(
      `select setval($1, coalesce((select max(id) from public.${quoted(table_name)}), 0) + 1, false)`,
      [sequence],
    );
  }
  await client.query(`drop schema ${quoted(staging)} cascade`);
  // Open clients poll the modification time and reload what they show.
  await client.query(
    `update data_info set modification_time = greatest(clock_timestamp(), modification_time + interval '1 microsecond')`,
  );
}

/** Deletes, updates and inserts the product tables' rows until they hold exactly those of `staging`. */
async function swapRows(
  client: pg.ClientBase,
  staging: string,
  columns: Record<BackupTable, string[]>,
  keys: Record<BackupTable, string[]>,
) {
  const sameKey = (table: BackupTable, a: string, b: string) =>
    keys[table].map((k) => `${a}.${quoted(k)} = ${b}.${quoted(k)}`).join(' and ');
  const row = (table: BackupTable, alias: string) =>
    `(${columns[table].map((c) => `${alias}.${quoted(c)}`).join(', ')})`;
  // Children before parents, so no row is left pointing at a deleted one.
  for (const table of [...BACKUP_TABLES].reverse()) {
    await client.query(
      `delete from public.${quoted(table)} p where not exists (select 1 from ${quoted(staging)}.${quoted(table)} s where ${sameKey(table, 's', 'p')})`,
    );
  }
  // Parents before children, so every row points at one that is there.
  for (const table of BACKUP_TABLES) {
    const cols = columns[table].map(quoted);
    const changing = cols.filter((c) => !keys[table].map(quoted).includes(c));
    if (changing.length > 0) {
      await client.query(
        `update public.${quoted(table)} p set (${changing.join(', ')}) = (${changing.map((c) => `s.${c}`).join(', ')})
           from ${quoted(staging)}.${quoted(table)} s
          where ${sameKey(table, 's', 'p')} and ${row(table, 'p')} is distinct from ${row(table, 's')}`,
      );
    }
    await client.query(
      `insert into public.${quoted(table)} (${cols.join(',')})
       select ${cols.map((c) => `s.${c}`).join(',')} from ${quoted(staging)}.${quoted(table)} s
        where not exists (select 1 from public.${quoted(table)} p where ${sameKey(table, 'p', 's')})`,
    );
  }
}

/** The primary-key columns of each product table. */
async function primaryKeys(client: pg.ClientBase): Promise<Record<BackupTable, string[]>> {
  const result = await client.query<{ table: string; columns: string[] }>(
    `select r.relname as table,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns
       from pg_constraint c join pg_class r on r.oid = c.conrelid
      where c.contype = 'p' and c.connamespace = 'public'::regnamespace and r.relname = any($1)`,
    [BACKUP_TABLES],
  );
  const byTable = Object.fromEntries(result.rows.map((r) => [r.table, r.columns]));
  for (const table of BACKUP_TABLES) if (!byTable[table]?.length) throw new Error(`${table} has no primary key`);
  return byTable as Record<BackupTable, string[]>;
}

/** A row of the imported state refers to a row that is not there. */
export class ForeignKeyBroken extends Error {}

/**
 * Turns this transaction's foreign-key and cascade triggers off (`session_replication_role`, which
 * needs a superuser or, from PostgreSQL 15, a grant of SET on it); false when it may not.
 */
async function withoutRowTriggers(client: pg.ClientBase): Promise<boolean> {
  await client.query('savepoint replication_role');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('release savepoint replication_role');
    return true;
  } catch {
    await client.query('rollback to savepoint replication_role');
    return false;
  }
}

/** The name of a foreign key among the product tables that some row breaks, or null: one anti-join each. */
async function brokenForeignKey(client: pg.ClientBase): Promise<string | null> {
  const keys = await client.query<{
    name: string;
    child: string;
    parent: string;
    child_cols: string[];
    parent_cols: string[];
  }>(
    `select c.conname as name, cr.relname as child, pr.relname as parent,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as child_cols,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_cols
       from pg_constraint c
       join pg_class cr on cr.oid = c.conrelid
       join pg_class pr on pr.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and cr.relname = any($1)`,
    [BACKUP_TABLES],
  );
  for (const key of keys.rows) {
    const match = key.child_cols
      // A foreign key pairs its columns one to one, in order.
      .map((col, i) => `p.${quoted(key.parent_cols[i] ?? col)} = c.${quoted(col)}`)
      .join(' and ');
    const present = key.child_cols.map((col) => `c.${quoted(col)} is not null`).join(' and ');
    const result = await client.query(
      `select 1 from public.${quoted(key.child)} c where ${present} and not exists (select 1 from public.${quoted(key.parent)} p where ${match}) limit 1`,
    );
    if (result.rowCount) return key.name;
  }
  return null;
}

export async function recordImport(
  client: pg.ClientBase,
  row: { name: string; requested_by: string; approved_by: string; counts: Record<string, number> },
) {
  await client.query('insert into imports (backup_name, by, counts, approved_by) values ($1, $2, $3, $4)', [
    row.name,
    row.requested_by,
    JSON.stringify(row.counts),
    row.approved_by,
  ]);
  await client.query(
    `insert into audit_log (actor, action, entity, entity_id, after) values ($1, 'update', 'database', $2, $3)`,
    [
      row.approved_by,
      row.name,
      JSON.stringify({
        imported: row.name,
        counts: row.counts,
        requested_by: row.requested_by,
        approved_by: row.approved_by,
      }),
    ],
  );
}

type ImportRow = Pick<PgRow<typeof imports>, 'backup_name' | 'at' | 'by' | 'approved_by'>;

export async function lastImport(pool: pg.Pool): Promise<ImportRow | null> {
  return (
    (
      await pool.query<ImportRow>(
        'select backup_name, at, by, approved_by from imports order by at desc, id desc limit 1',
      )
    ).rows[0] ?? null
  );
}

export async function modificationTime(pool: pg.Pool): Promise<Date | null> {
  return (
    (await pool.query<{ modification_time: Date }>('select modification_time from data_info where id = 1')).rows[0]
      ?.modification_time ?? null
  );
}

/** Records a transfer from this instance, successful or not, with its audit entry. */
export async function recordTransfer(
  pool: pg.Pool,
  row: { name: string; to: 'www' | 'demo'; url: string; by: string; ok: boolean; message: string },
) {
  const result = await pool.query<{ at: Date }>(
    'insert into transfers (backup_name, target, target_url, by, ok, message) values ($1, $2, $3, $4, $5, $6) returning at',
    [row.name, row.to, row.url, row.by, row.ok, row.message],
  );
  await pool.query(
    `insert into audit_log (actor, action, entity, entity_id, after) values ($1, 'create', 'transfer', $2, $3)`,
    [row.by, row.name, JSON.stringify({ to: row.to, url: row.url, ok: row.ok, message: row.message })],
  );
  return onlyRow(result.rows).at;
}

/** When the history began, and whether `at` lies between then and now (issue 41). */
export async function historyBounds(client: pg.ClientBase | pg.Pool, at: string) {
  const result = await client.query<{ began: Date; inside: boolean }>(
    `select b.at as began, $1::timestamptz between b.at and clock_timestamp() as inside from history.began b`,
    [at],
  );
  return result.rows[0];
}

/**
 * Copies a state into a new staging schema, as replaceProductData takes it: a backup's tables, or (`at`)
 * the catalog as it was then, read through the asof views; the dataset notes and images, which keep no
 * history, come as they are now. Returns the row counts.
 */
export async function stageState(
  client: pg.ClientBase,
  staging: string,
  columns: Record<BackupTable, string[]>,
  from: { schema: string } | { at: string },
) {
  if ('at' in from)
    await client.query(`select set_config('dp.at', $1, true), set_config('search_path', 'asof, public', true)`, [
      from.at,
    ]);
  await client.query(`create schema ${quoted(staging)}`);
  const counts: Record<string, number> = {};
  for (const table of BACKUP_TABLES) {
    const source = 'at' in from ? quoted(table) : `${quoted(from.schema)}.${quoted(table)}`;
    const result = await client.query(
      `create table ${quoted(staging)}.${quoted(table)} as select ${columns[table].map(quoted).join(',')} from ${source}`,
    );
    counts[table] = result.rowCount ?? 0;
  }
  if ('at' in from) await client.query(`select set_config('search_path', 'public', true)`);
  return counts;
}

/** The restore on record, in its transaction: one change set with every row it changed. */
export async function auditRestore(client: pg.ClientBase, actor: string, restored: string, details: unknown) {
  await client.query(
    `insert into audit_log (actor, action, entity, entity_id, after) values ($1, 'update', 'restore', $2, $3)`,
    [actor, restored, JSON.stringify(details)],
  );
}
