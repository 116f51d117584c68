import { ACTUAL_STATE, BACKUP_NAME_PATTERN, type BackupRef } from '@dp/contract';
import type { Executor } from '../../db/connection.js';
import { msg, notFound } from '../../http/errors.js';
import { backupCreatedAt } from './states.queries.js';

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
}

/** Resolves a backup name or 'actual' to where its tables are; 404 for an unknown backup. */
export async function resolveState(db: Executor, ref: BackupRef): Promise<DataState> {
  if (ref === ACTUAL_STATE) return { name: ACTUAL_STATE, schema: 'public', created: new Date() };
  const created = await backupCreatedAt(db, ref);
  if (!created) throw notFound(msg('backup.thing', { name: ref }));
  return { name: ref, schema: backupSchema(ref), created };
}
