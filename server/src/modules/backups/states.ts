import { ACTUAL_STATE, BACKUP_NAME_PATTERN, type StateRef } from '@dp/contract';
import { randomBytes } from 'node:crypto';
import { assertInHistory } from '../../db/as-of.js';
import type { Executor } from '../../db/connection.js';
import { msg, notFound } from '../../http/errors.js';
import { backupCreatedAt, historyBounds } from './states.queries.js';

/** The PostgreSQL schema that holds a backup's tables; only ever built from a validated name. */
export function backupSchema(name: string): string {
  if (!BACKUP_NAME_PATTERN.test(name)) throw new Error(`not a backup name: ${name}`);
  return `backup_${name.replace(/-/g, '_')}`;
}

/** One state of the data a report or transfer reads: the actual tables or a backup's copy of them. */
export interface DataState {
  /** 'actual' or the backup name. */
  name: string;
  /** Where its tables are: 'public' or `backup_…`. */
  schema: string;
  /** When it was taken; now for the actual state. */
  created: Date;
  /** For a point in time: the time, whose views the reader creates in `schema` (see pointInTimeViews). */
  at?: string;
}

/**
 * Resolves a backup name, 'actual' or a point in time ('@' and the time) to where its tables are; 404 for
 * an unknown backup, 400 for a time outside the history.
 */
export async function resolveState(db: Executor, ref: StateRef): Promise<DataState> {
  if (ref === ACTUAL_STATE) return { name: ACTUAL_STATE, schema: 'public', created: new Date() };
  if (ref.startsWith('@')) {
    const at = ref.slice(1);
    assertInHistory(at, await historyBounds(db, at));
    return { name: ref, schema: `asof_${randomBytes(6).toString('hex')}`, created: new Date(at), at };
  }
  const created = await backupCreatedAt(db, ref);
  if (!created) throw notFound(msg('backup.thing', { name: ref }));
  return { name: ref, schema: backupSchema(ref), created };
}
