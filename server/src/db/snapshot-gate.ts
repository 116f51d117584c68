import type { Db } from './connection.js';

/**
 * Names the database state a read would see now: PostgreSQL's current snapshot (which transactions are
 * visible) and the server's start time. Two reads that get the same name see the same committed data, so an
 * answer computed after one of them may be given for the other. Any committed write changes the snapshot;
 * the start time covers a server restored from a physical backup, whose transaction counter went back.
 */
const stateName = {
  // Prepared once per connection: the check is the one statement every cached read sends.
  name: 'dp_state',
  text: "select pg_current_snapshot()::text || ' ' || pg_postmaster_start_time()::text as state",
};

/**
 * Asks one database for its state name on behalf of many requests at once. Every request is answered by a
 * check that started after the request arrived, so it sees every write committed before then; requests
 * that arrive while a check runs share the next one. Under load that is one round trip for many requests.
 */
export function snapshotGate(read: () => Promise<string>): () => Promise<string> {
  let waiting: Array<{ resolve: (state: string) => void; reject: (error: unknown) => void }> = [];
  let running = false;

  async function drain() {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const state = await read();
        for (const waiter of batch) waiter.resolve(state);
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    running = false;
  }

  return () =>
    new Promise<string>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (running) return;
      running = true;
      // After the requests that arrived in this turn of the event loop, so that one check serves them all.
      setImmediate(() => void drain());
    });
}

const gates = new WeakMap<Db, () => Promise<string>>();

/** The state name of `db` (primary or replica), from a check that started after this call. */
export function currentState(db: Db): Promise<string> {
  let gate = gates.get(db);
  if (!gate) {
    gate = snapshotGate(async () => {
      const result = await db.$client.query<{ state: string }>(stateName);
      const state = result.rows[0]?.state;
      if (!state) throw new Error('PostgreSQL did not name its snapshot');
      return state;
    });
    gates.set(db, gate);
  }
  return gate();
}
