import pg from 'pg';

/** Seed of the demo data in the template every API test database is copied from. */
export const TEST_SEED = 4711;

/** The same server and credentials, another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** One statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  serverUrl: string,
  text: string,
  values?: unknown[],
) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}
