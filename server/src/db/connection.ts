import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

/** The Drizzle database used everywhere: typed by the schema, backed by a pg.Pool. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** A transaction of the app's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Anything that runs SQL: the database or a transaction. */
export type Executor = Pick<Tx, 'execute' | '_'>;

export interface DbConnection {
  pool: pg.Pool;
  db: Db;
  /** Ends the pool's connections. Idempotent. */
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Maximum number of connections; pg's default is 10. */
  max?: number;
  /** Receives errors of idle connections (e.g. the server restarted). */
  onError?: (err: Error) => void;
}

/** A server that does not answer is given up on after this long, instead of the system's TCP time-out. */
const CONNECT_TIMEOUT_MS = 10_000;

export function createDb(connectionString: string, options: PoolOptions = {}): DbConnection {
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    application_name: 'digital-portfolio',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', options.onError ?? ((err) => console.error(`idle PostgreSQL connection failed: ${err.message}`)));
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    pool,
    db,
    close: () => (closing ??= pool.end()),
  };
}
