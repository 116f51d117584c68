import type { Db, Tx } from '../db/connection.js';
import { HttpError, notFound, numbered, type Message } from '../http/errors.js';
import { recordChange, recordChanges, type Change } from './audit.js';
import { translateDbError } from './db-errors.js';
import { assertFresh } from './etag.js';
import { type DbTime } from '../db/time.js';

/** The columns every editable row has, for locking and audit. */
export interface Versioned {
  id: number;
  revision: number;
  updated_by?: string;
  modification_time?: DbTime;
}

interface Common<Row, Api> {
  db: Db;
  actor: string;
  /** Audit entity name, e.g. 'system' or 'reference'. */
  entity: string;
  toApi: (row: Row) => Api;
  /** Sentences for constraint names, e.g. the unique name per kind. */
  messages?: Record<string, Message>;
}

/** Runs `work` in one transaction; a database error becomes a 4xx with `messages` for known constraints. */
export async function inTransaction<T>(
  db: Db,
  messages: Record<string, Message> | undefined,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return translateDbError(error, messages);
  }
}

/** Inserts a row, audits it and moves the modification time, in one transaction. */
export function createRow<Row extends Versioned, Api>(
  options: Common<Row, Api> & { insert: (tx: Tx) => Promise<Row> },
): Promise<Api> {
  return inTransaction(options.db, options.messages, async (tx) => {
    const row = await options.insert(tx);
    const after = options.toApi(row);
    await recordChange(tx, { actor: options.actor, action: 'create', entity: options.entity, entityId: row.id, after });
    return after;
  });
}

interface Existing<Row extends Versioned, Api> extends Common<Row, Api> {
  /** For messages: 'System 12'. */
  label: Message;
  /** Reads the row FOR UPDATE, or null when there is none. */
  load: (tx: Tx) => Promise<Row | null>;
  ifMatch: string | undefined;
}

/** Updates a row only if the client saw its current revision (If-Match), with audit. */
export function updateRow<Row extends Versioned, Api>(
  options: Existing<Row, Api> & { update: (tx: Tx, current: Row) => Promise<Row> },
): Promise<Api> {
  return inTransaction(options.db, options.messages, async (tx) => {
    const current = await options.load(tx);
    if (!current) throw notFound(options.label);
    const before = options.toApi(current);
    assertFresh(options.ifMatch, current, before);
    const after = options.toApi(await options.update(tx, current));
    await recordChange(tx, {
      actor: options.actor,
      action: 'update',
      entity: options.entity,
      entityId: current.id,
      before,
      after,
    });
    return after;
  });
}

/** What the database deletes along with a row (ON DELETE CASCADE), as audit entries read before the delete. */
export type Cascades<Row> = (tx: Tx, current: Row, actor: string) => Promise<Change[]>;

/** Deletes a row if the client saw its current revision and nothing still needs it (`refuse` says why). */
export function deleteRow<Row extends Versioned, Api>(
  options: Existing<Row, Api> & {
    remove: (tx: Tx, current: Row) => Promise<void>;
    refuse?: (tx: Tx, current: Row) => Promise<Message | null>;
    cascades?: Cascades<Row>;
  },
): Promise<void> {
  return inTransaction(options.db, options.messages, async (tx) => {
    const current = await options.load(tx);
    if (!current) throw notFound(options.label);
    const before = options.toApi(current);
    assertFresh(options.ifMatch, current, before);
    const reason = await options.refuse?.(tx, current);
    if (reason) throw new HttpError(409, reason);
    const cascaded = (await options.cascades?.(tx, current, options.actor)) ?? [];
    await options.remove(tx, current);
    await recordChanges(tx, [
      { actor: options.actor, action: 'delete', entity: options.entity, entityId: current.id, before },
      ...cascaded,
    ]);
  });
}

/** What a simple editable table needs to say; the write flow above does the rest. */
export interface ResourceSpec<Row extends Versioned, Api, Input> {
  entity: string;
  /** 'System', 'Reference'… for messages. */
  label: Message;
  toApi: (row: Row) => Api;
  messages?: (input: Input) => Record<string, Message>;
  load: (tx: Tx, id: number) => Promise<Row | null>;
  insert: (tx: Tx, actor: string, input: Input) => Promise<Row>;
  update: (tx: Tx, current: Row, actor: string, input: Input) => Promise<Row>;
  remove: (tx: Tx, current: Row) => Promise<void>;
  /** Why the row may not be deleted now, or null. */
  refuse?: (tx: Tx, current: Row) => Promise<Message | null>;
  cascades?: Cascades<Row>;
}

/** Create, update (If-Match) and delete (If-Match, refusal) for one table, audited. */
export function defineResource<Row extends Versioned, Api, Input>(spec: ResourceSpec<Row, Api, Input>) {
  const common = (db: Db, actor: string) => ({ db, actor, entity: spec.entity, toApi: spec.toApi });
  return {
    create: (db: Db, actor: string, input: Input) =>
      createRow({
        ...common(db, actor),
        messages: spec.messages?.(input),
        insert: (tx) => spec.insert(tx, actor, input),
      }),
    update: (db: Db, actor: string, id: number, input: Input, ifMatch?: string) =>
      updateRow({
        ...common(db, actor),
        label: numbered(spec.label, id),
        messages: spec.messages?.(input),
        ifMatch,
        load: (tx) => spec.load(tx, id),
        update: (tx, current) => spec.update(tx, current, actor, input),
      }),
    remove: (db: Db, actor: string, id: number, ifMatch?: string) =>
      deleteRow({
        ...common(db, actor),
        label: numbered(spec.label, id),
        ifMatch,
        load: (tx) => spec.load(tx, id),
        refuse: spec.refuse,
        remove: spec.remove,
        cascades: spec.cascades,
      }),
  };
}
