import { ConfigError, developmentDefaultsWarning, loadConfig } from './config.js';
import { createDb } from './db/connection.js';
import { openDatabase } from './db/index.js';
import { primaryOnly, replicaRouting } from './db/read-routing.js';

/** Starts the product: configuration → database (embedded unless DATABASE_URL) → migrations → listen. */
async function main() {
  const config = loadConfig();
  const logger = { level: config.logLevel };
  // The app's modules load while PostgreSQL starts in a process of its own and the migrations are checked;
  // only once PostgreSQL is on its way, so that loading them does not hold up its launch.
  let loading: Promise<typeof import('./app.js')> | undefined;
  const loadApp = () => (loading ??= import('./app.js'));
  const database = await openDatabase(config, undefined, () => void loadApp().catch(() => {}));
  const { buildApp } = await loadApp().catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const reads = config.databaseReadUrl
    ? replicaRouting(database.db, createDb(config.databaseReadUrl), (message) => console.warn(message))
    : primaryOnly(database.db);
  const app = await buildApp({ config, db: database.db, pool: database.pool, reads, logger });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch((err: unknown) => app.log.error({ err }, 'closing the server failed'));
    await reads.close().catch((err: unknown) => app.log.error({ err }, 'closing the read replica failed'));
    await database.close().catch((err: unknown) => app.log.error({ err }, 'closing the database failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const warning = developmentDefaultsWarning(config);
  if (warning) app.log.warn(warning);
  app.log.info(
    `Digital Portfolio ready on ${config.publicUrl} (${config.deployment}) ${Math.round(performance.now())} ms after the process started`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('The Digital Portfolio could not start:', err);
  }
  process.exit(1);
});
