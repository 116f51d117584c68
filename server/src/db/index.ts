import type { AppConfig } from '../config.js';
import { createDb, type DbConnection } from './connection.js';
import { seedDemoData } from './demo-data.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.js';
import { runMigrations } from './migrate.js';

export type { Db } from './connection.js';

/** Fits pino's logger as well as the console. */
export interface DatabaseLogger {
  info(message: string): void;
  warn(message: string): void;
  debug(message: string): void;
}

const consoleLogger: DatabaseLogger = {
  info: (message) => console.log(`[database] ${message}`),
  warn: (message) => console.warn(`[database] ${message}`),
  debug: () => {},
};

export interface Database extends DbConnection {
  connectionString: string;
  /** True when this process runs PostgreSQL itself under DATA_DIR. */
  embedded: boolean;
  /** Ends the pool, then stops the embedded server if there is one. Idempotent. */
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR; no migrations.
 * `onLaunched` is called once the embedded server is on its way (at once with DATABASE_URL): what the
 * caller does then runs beside PostgreSQL's start.
 */
export async function connectDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  log: DatabaseLogger = consoleLogger,
  onLaunched?: () => void,
): Promise<Database> {
  let server: EmbeddedPostgres | undefined;
  let connectionString: string;
  if (config.databaseUrl) {
    connectionString = config.databaseUrl;
    onLaunched?.();
  } else {
    server = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      onLog: (line) => log.debug(`postgres: ${line}`),
      onInfo: (message) => log.info(message),
      onLaunched,
    });
    connectionString = server.connectionString;
  }
  const connection = createDb(connectionString, {
    onError: (err) => log.warn(`idle database connection failed: ${err.message}`),
  });
  let closing: Promise<void> | undefined;
  return {
    ...connection,
    connectionString,
    embedded: server !== undefined,
    close: () =>
      (closing ??= (async () => {
        try {
          await connection.close();
        } finally {
          await server?.stop();
        }
      })()),
  };
}

/**
 * The app's database, ready to use: connected (embedded unless DATABASE_URL), migrated, and on the
 * very first start (no items, obligation texts or references yet) filled with demo data (SEED_DEMO_DATA).
 * `onLaunched` as for connectDatabase.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'demoData'>,
  log: DatabaseLogger = consoleLogger,
  onLaunched?: () => void,
): Promise<Database> {
  const database = await connectDatabase(config, log, onLaunched);
  try {
    await runMigrations(database.db);
    const startedAt = performance.now();
    if (config.demoData && (await seedDemoData(database.db, { size: config.demoData }))) {
      log.info(
        `empty database: seeded demo data of size ${config.demoData} in ${Math.round(performance.now() - startedAt)} ms`,
      );
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
