import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { runCli, UsageError } from './cli.js';
import {
  countDataRows,
  DATA_TABLES,
  DEFAULT_SEED,
  DEMO_SIZES,
  type DemoSize,
  seedDemoData,
  SIZES,
} from './demo-data.js';
import { connectDatabase } from './index.js';
import { runMigrations } from './migrate.js';

const USAGE = `Usage: npm run seed -- [--size S|M|L] [--seed N] [--force]

Fills the database (DATABASE_URL, or the embedded server in DATA_DIR) with generated demo data.
  --size   S (default: ${SIZES.S.platforms} platform of 8 systems), M (${SIZES.M.platforms} platforms) or L (${SIZES.L.platforms} platforms)
  --seed   non-negative integer; the same seed gives the same data (default ${DEFAULT_SEED})
  --force  first empty all data tables and the audit log (sign-in sessions are kept)`;

function parseOptions(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        size: { type: 'string', short: 's', default: 'S' },
        seed: { type: 'string', default: String(DEFAULT_SEED) },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  const size = values.size.toUpperCase();
  if (!DEMO_SIZES.includes(size as DemoSize))
    throw new UsageError(`--size must be S, M or L, not "${values.size}".\n\n${USAGE}`);
  const seed = Number(values.seed);
  if (!/^\d+$/.test(values.seed) || seed > 0xffff_ffff) {
    throw new UsageError(`--seed must be an integer from 0 to ${0xffff_ffff}, not "${values.seed}".\n\n${USAGE}`);
  }
  return { size: size as DemoSize, seed, force: values.force, help: values.help };
}

await runCli(async (onCleanup) => {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const database = await connectDatabase(config);
  onCleanup(() => database.close());
  await runMigrations(database.db);

  const startedAt = performance.now();
  if (options.force) {
    // CASCADE also empties tables added later that point at these rows.
    await database.pool.query(
      `truncate ${[...DATA_TABLES, 'audit_log'].map((t) => `"${t}"`).join(', ')} restart identity cascade`,
    );
  }
  const seeded = await seedDemoData(database.db, { size: options.size, seed: options.seed });
  if (!seeded) {
    console.error('The database already holds data; nothing was seeded. Use --force to replace it.');
    return 1;
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const counts = await countDataRows(database.db);
  console.log(`Seeded demo data of size ${options.size} (seed ${options.seed}) in ${seconds} s:`);
  for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(26)} ${count}`);
  return 0;
});
