import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { datasetEntries } from '../../db/schema.js';
import type { SqlRow } from '../../db/sql.js';
import { onlyRow } from '../../db/rows.js';

export type DatasetRow = SqlRow<typeof datasetEntries>;

const columns = sql`id, username, description, creation_time, modification_time, revision`;

/** Every entry, newest creation first (SPEC 2). */
export async function listEntries(tx: Executor): Promise<DatasetRow[]> {
  return (
    await tx.execute<DatasetRow>(sql`select ${columns} from dataset_entries order by creation_time desc, id desc`)
  ).rows;
}

export async function findEntry(tx: Executor, id: number, lock = false): Promise<DatasetRow | null> {
  const forUpdate = lock ? sql`for update` : sql``;
  return (
    (await tx.execute<DatasetRow>(sql`select ${columns} from dataset_entries where id = ${id} ${forUpdate}`)).rows[0] ??
    null
  );
}

export async function insertEntry(tx: Executor, username: string, description: string): Promise<DatasetRow> {
  const result = await tx.execute<DatasetRow>(sql`
    insert into dataset_entries (username, description, creation_time, modification_time)
    values (${username}, ${description}, clock_timestamp(), clock_timestamp())
    returning ${columns}`);
  return onlyRow(result.rows);
}

/** Changes the text; the author stays who wrote the entry (the audit log names who changed it). */
export async function updateEntry(tx: Executor, id: number, description: string): Promise<DatasetRow> {
  const result = await tx.execute<DatasetRow>(sql`
    update dataset_entries set description = ${description}, modification_time = clock_timestamp(), revision = revision + 1
    where id = ${id} returning ${columns}`);
  return onlyRow(result.rows);
}

export async function deleteEntry(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`delete from dataset_entries where id = ${id}`);
}
