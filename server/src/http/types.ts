import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/connection.js';
import type { ReadRouting } from '../db/read-routing.js';
import type { ReadCache } from './read-cache.js';

/** A Fastify instance whose routes are typed by their zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every route module gets: the configuration and the database. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  /** Where evaluation reads go: a read replica when DATABASE_READ_URL is set, else `db`. */
  reads: ReadRouting;
  /** Answers of evaluation reads, given again while the database has not changed. */
  readCache: ReadCache;
}
