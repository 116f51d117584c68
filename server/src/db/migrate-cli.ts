import { loadConfig } from '../config.js';
import { runCli } from './cli.js';
import { connectDatabase } from './index.js';
import { runMigrations } from './migrate.js';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded server in DATA_DIR. */
await runCli(async (onCleanup) => {
  const config = loadConfig();
  const database = await connectDatabase(config);
  onCleanup(() => database.close());
  const { applied } = await runMigrations(database.db);
  console.log(applied === 0 ? 'The database is up to date.' : `Applied ${applied} migration(s).`);
});
