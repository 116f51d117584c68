import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './connection.js';
import * as schema from './schema.js';

const dialect = new PgDialect();

/**
 * Rows fetched from a cursor per round trip, about 120 kB of JSON: the server's memory grew by 107 MB
 * while it sent the largest listing at M in batches of 2,000, by 45 MB in batches of 500.
 */
export const CURSOR_BATCH = 500;

/** Reads within one snapshot: whole results, or rows from a server-side cursor a batch at a time. */
export interface SnapshotReader {
  rows<Row>(query: SQL): Promise<Row[]>;
  batches<Row>(query: SQL, size?: number): AsyncGenerator<Row[]>;
  /** The same connection for the modules' queries, which take a Db and never touch the pool behind it. */
  db: Db;
}

/**
 * Runs `body` on one connection in a read-only, repeatable-read transaction, so that every query it makes
 * sees the same state, and yields what it yields. The consumer pulls: a cursor is read on only as fast as
 * the batches are taken, so memory holds a batch or two whatever the result's size. Stopping early (the
 * client went away) ends the transaction and gives the connection back.
 */
export async function* inReadSnapshot<T>(db: Db, body: (reader: SnapshotReader) => AsyncGenerator<T>) {
  const client = await db.$client.connect();
  let broken = false;
  let cursors = 0;
  const reader: SnapshotReader = {
    rows: async <Row>(query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await client.query(text, params)).rows as Row[];
    },
    async *batches<Row>(query: SQL, size = CURSOR_BATCH) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = `rows_${++cursors}`;
      await client.query(`declare ${name} no scroll cursor for ${text}`, params);
      for (;;) {
        const { rows } = await client.query(`fetch ${size} from ${name}`);
        if (rows.length === 0) break;
        yield rows as Row[];
      }
      await client.query(`close ${name}`);
    },
    db: drizzle(client, { schema }) as unknown as Db,
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    yield* body(reader);
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A read-only transaction has nothing to keep: rollback ends it, finished or stopped midway.
    await client.query('rollback').catch(() => (broken = true));
    client.release(broken);
  }
}
