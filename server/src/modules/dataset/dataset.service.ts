import type { DatasetEntry, DatasetEntryValues } from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { HttpError, msg, notFound, numbered } from '../../http/errors.js';
import { etagOf } from '../../writes/etag.js';
import { defineResource } from '../../writes/guarded-write.js';
import { toIso } from '../../db/time.js';
import * as queries from './dataset.queries.js';
import type { DatasetRow } from './dataset.queries.js';
import { isBlankHtml, sanitizeEntryHtml } from './dataset.sanitize.js';

const label = msg('thing.datasetEntry');

/**
 * An entry as the API answers it. The stored HTML was sanitised when it was written; it is sanitised
 * again on the way out, because entries also arrive by transfer and restore from other instances.
 */
function toEntry(row: DatasetRow): DatasetEntry {
  return {
    href: `/api/dataset/${row.id}`,
    username: row.username,
    description: sanitizeEntryHtml(row.description),
    creation_time: toIso(row.creation_time),
    modification_time: toIso(row.modification_time),
    etag: etagOf(row.id, row.revision),
  };
}

/** The HTML to store: sanitised, and refused when nothing is left to read. */
function cleanDescription(input: DatasetEntryValues): string {
  const html = sanitizeEntryHtml(input.description);
  if (isBlankHtml(html)) throw new HttpError(400, msg('dataset.empty'));
  return html;
}

const entries = defineResource<DatasetRow, DatasetEntry, string>({
  entity: 'dataset_entry',
  label,
  toApi: toEntry,
  load: (tx, id) => queries.findEntry(tx, id, true),
  insert: (tx, actor, description) => queries.insertEntry(tx, actor, description),
  update: (tx, row, _actor, description) => queries.updateEntry(tx, row.id, description),
  remove: (tx, row) => queries.deleteEntry(tx, row.id),
});

export async function listEntries(db: Db): Promise<DatasetEntry[]> {
  return (await queries.listEntries(db)).map(toEntry);
}

export async function getEntry(db: Db, id: number): Promise<DatasetEntry> {
  const row = await queries.findEntry(db, id);
  if (!row) throw notFound(numbered(label, id));
  return toEntry(row);
}

/** The author is the signed-in user, whatever `username` the body names. */
export const createEntry = (db: Db, actor: string, input: DatasetEntryValues) =>
  entries.create(db, actor, cleanDescription(input));
export const updateEntry = (db: Db, actor: string, id: number, input: DatasetEntryValues, ifMatch?: string) =>
  entries.update(db, actor, id, cleanDescription(input), ifMatch);
export const deleteEntry = (db: Db, actor: string, id: number, ifMatch?: string) =>
  entries.remove(db, actor, id, ifMatch);
