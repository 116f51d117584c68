/**
 * PostgreSQL's own time for one call of the in-process server (issue 14's floor for each query): the
 * statements the call sends are recorded as it runs, then run again on a connection of their own under
 * EXPLAIN (ANALYZE), inside a read-only transaction that is rolled back, and the times PostgreSQL reports
 * are summed. What the call costs beyond that sum is the server's and the network's.
 */
import pg from 'pg';
import { percentileOf } from './percentile.js';

interface Statement {
  text: string;
  values: unknown[] | undefined;
}

export interface PostgresTime {
  /** Statements the call sent (transaction control and settings not counted). */
  statements: number;
  /** Median over the repetitions of the summed execution times, ms. */
  executionMs: number;
  /** The same for planning: a prepared statement the server reuses may skip most of it. */
  planningMs: number;
}

/** Transaction control and settings: they have no plan to explain. */
const notExplained = /^\s*(begin|commit|rollback|savepoint|release|set|reset|show)\b/i;

/**
 * Records what every pg client of this process sends while `record` runs. The bench's calls run one at a
 * time, so what is recorded is the call's alone.
 */
export function statementRecorder() {
  let recording: Statement[] | null = null;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] } | undefined, unknown];
    const text = typeof config === 'string' ? config : config?.text;
    if (recording && typeof text === 'string' && !notExplained.test(text)) {
      const params = Array.isArray(values) ? values : typeof config === 'object' ? config.values : undefined;
      recording.push({ text, values: params });
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  return {
    async record(fn: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await fn();
        return recording;
      } finally {
        recording = null;
      }
    },
    restore() {
      pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    },
  };
}

interface Plan {
  'Execution Time': number;
  'Planning Time': number;
}

/** The statements' summed EXPLAIN ANALYZE times, the median of `repeat` runs (the first one warms up). */
export async function explainedTime(pool: pg.Pool, statements: Statement[], repeat = 11): Promise<PostgresTime> {
  const client = await pool.connect();
  try {
    const executions: number[] = [];
    const plannings: number[] = [];
    for (let run = 0; run <= repeat; run++) {
      let execution = 0;
      let planning = 0;
      await client.query('begin read only');
      try {
        for (const statement of statements) {
          const result = await client.query<{ 'QUERY PLAN': Plan[] }>(
            `explain (analyze, format json) ${statement.text}`,
            statement.values,
          );
          const plan = result.rows[0]!['QUERY PLAN'][0]!;
          execution += plan['Execution Time'];
          planning += plan['Planning Time'];
        }
      } finally {
        await client.query('rollback');
      }
      if (run === 0) continue;
      executions.push(execution);
      plannings.push(planning);
    }
    const median = (values: number[]) => percentileOf(values, 50);
    return { statements: statements.length, executionMs: median(executions), planningMs: median(plannings) };
  } finally {
    client.release();
  }
}
