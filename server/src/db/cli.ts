import { ConfigError } from '../config.js';

/** Exit code for a wrong command line. */
const USAGE_ERROR = 2;

export class UsageError extends Error {}

/**
 * Runs a command-line task: `cleanup` also runs on SIGINT/SIGTERM (so an embedded PostgreSQL is
 * stopped), errors are printed without a stack for known cases, and the exit code says how it went.
 */
export async function runCli(
  task: (onCleanup: (cleanup: () => Promise<void>) => void) => Promise<number | void>,
): Promise<never> {
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((err: unknown) => console.error(err));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143)));
  }
  let code: number;
  try {
    code = (await task((cleanup) => cleanups.push(cleanup))) ?? 0;
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError) {
      console.error(err.message);
      code = err instanceof UsageError ? USAGE_ERROR : 1;
    } else {
      console.error(err);
      code = 1;
    }
  }
  await cleanUp();
  process.exit(code);
}
