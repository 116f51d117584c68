import { sql } from 'drizzle-orm';
import { BACKUP_TABLES } from '@dp/contract';
import pg from 'pg';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import { onlyRow } from '../../db/rows.js';

/**
 * The diff between two states of the data, computed by PostgreSQL. Every state is a schema holding the
 * product tables ('public' for the actual state, `backup_…` for a backup; see backups/states.ts).
 *
 * All of it runs on one connection in one REPEATABLE READ transaction, so the actual state is read as
 * one snapshot while writes go on. Each kind of change is found by a full join of the two copies of a
 * table (hash joins; backup copies carry no indexes) and written to a temporary table; the report then
 * reads that table through a cursor, a page at a time. Node never holds a table, only a page of
 * changes, so memory stays flat whatever the size of the data or of the diff.
 */

/** Where in a section a line belongs, in the order they are printed. */
export const TOPIC = { item: 0, version: 1, itemContainment: 2, versionRelation: 3, compatibility: 4 } as const;

export type Entity =
  | 'item'
  | 'version'
  | 'compatibility'
  | 'reference'
  | 'comment'
  | 'itemContainment'
  | 'versionRelation'
  | 'versionContainment';
export type Change = 'added' | 'removed' | 'changed';
/** Which value of an entity changed; `name`/`name2` are a version's two designations. */
export type Field = 'name' | 'name2' | 'description' | 'rscp_link' | 'status' | 'obligation';

/** One line of the diff, with the names it is shown under, in report order. */
export interface DeltaLine {
  /** The part the line is grouped under. */
  part_kind: ItemKind;
  section_id: number;
  section_name: string;
  /** The version of that part the line is about; null for lines about the part itself. */
  version_id: number | null;
  version_label: string | null;
  topic: number;
  /** The other side of a relation (compatibility, version relation, containment). */
  other_kind: ItemKind | null;
  other_name: string | null;
  other_version: string | null;
  /** Lines with the same key (within a section and version) describe one thing: one block of the report. */
  subject_key: string;
  entity: Entity;
  change: Change;
  /** Null on the line that stands for the entity itself; set on the lines of its changed values. */
  field: Field | null;
  before: string | null;
  after: string | null;
  /** A comment's author. */
  detail: string | null;
}

export interface DeltaCount {
  entity: Entity;
  /** The kind of part for items and versions; null for the others. */
  kind: ItemKind | null;
  change: Change;
  count: number;
}

export interface DeltaSection {
  part_kind: ItemKind;
  section_id: number;
  section_name: string;
  /** Changed entities in the section (not counting the changed values of each). */
  changes: number;
}

const rank = (kind: string) => `(case ${kind} when 'system' then 1 when 'assembly' then 2 else 3 end)`;
/** How a version is named in the report: its number, or part number / material number. */
const versionLabel = (v: string) =>
  `nullif(concat_ws(' / ', nullif(btrim(${v}.name), ''), nullif(btrim(${v}.name2), '')), '')`;
const q = pg.escapeIdentifier;

const DELTA_TABLE = `
  create temp table delta_rows (
    section_item_id integer,
    version_id integer,
    other_item_id integer,
    other_version_id integer,
    topic smallint not null,
    subject_key text not null,
    line smallint not null,
    entity text not null,
    change text not null,
    field text,
    before text,
    after text,
    detail text
  ) on commit drop`;

const INSERT = `insert into delta_rows (section_item_id, version_id, other_item_id, other_version_id, topic, subject_key, line, entity, change, field, before, after, detail)`;

/**
 * The statements that find the changes, each with its rough share of the work (for the progress bar).
 * `o` is the older schema, `n` the newer.
 */
/** Where a state's tables are, and for a point in time, the time its views show. */
export interface StateSource {
  schema: string;
  at?: string;
}

/**
 * A schema of views holding the product tables as they were at `at` (issue 41), read from the history:
 * the diff reads them like a backup's tables. The dataset notes and images keep no history: as they are now.
 */
async function pointInTimeViews(client: pg.ClientBase, schema: string, at: string) {
  await client.query(`create schema ${q(schema)}`);
  const { rows } = await client.query<{ table: string; columns: string; key: string[] | null }>(
    `select c.table_name as table, string_agg(format('%I', c.column_name), ', ' order by c.ordinal_position) as columns,
            (select array_agg(format('%I', a.attname) order by k.ord)
               from pg_index i cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              where to_regclass(format('history.%I', c.table_name)) is not null
                and i.indrelid = format('public.%I', c.table_name)::regclass and i.indisprimary) as key
       from information_schema.columns c
      where c.table_schema = 'public' and c.table_name = any($1)
      group by c.table_name`,
    [BACKUP_TABLES],
  );
  const time = pg.escapeLiteral(at);
  for (const { table, columns, key } of rows) {
    // Each row's newest version not after the time, unless that is its tombstone (the history is
    // append-only, migration 0020); the whole table at once, so by its key's index rather than a probe per row.
    const source = key
      ? `(select distinct on (${key.join(', ')}) * from history.${q(table)} where valid_from <= ${time}::timestamptz
           order by ${key.map((column) => `${column} desc`).join(', ')}, valid_from desc) v where not deleted`
      : `public.${q(table)}`;
    await client.query(`create view ${q(schema)}.${q(table)} as select ${columns} from ${source}`);
  }
}

function diffStatements(o: string, n: string): Array<{ weight: number; sql: string }> {
  const O = q(o);
  const N = q(n);
  const entityChange = `case when r.added then 'added' when r.removed then 'removed' else 'changed' end`;
  return [
    {
      // Parts: name and description.
      weight: 2,
      sql: `${INSERT}
        select r.id, null, null, null, ${TOPIC.item}, 'i', ch.line, 'item', ${entityChange}, ch.field, ch.before, ch.after, null
        from (
          select coalesce(n.id, o.id) as id, o.id is null as added, n.id is null as removed,
                 o.name as oname, n.name as nname, o.description as odesc, n.description as ndesc
          from ${O}.items o full join ${N}.items n on n.id = o.id
          where o.id is null or n.id is null or o.name is distinct from n.name or o.description is distinct from n.description
        ) r
        cross join lateral (
          select 0 as line, null::text as field, null::text as before, null::text as after
          union all select 1, 'name', r.oname, r.nname where not r.added and not r.removed and r.oname is distinct from r.nname
          union all select 1, 'description', r.odesc, r.ndesc
            where not r.removed and r.odesc is distinct from r.ndesc and (not r.added or r.ndesc <> '')
        ) ch`,
    },
    {
      // Versions: both designations, description and RSCP link. A new version shows what it was created with.
      weight: 8,
      sql: `${INSERT}
        select null, r.id, null, null, ${TOPIC.version}, 'v', ch.line, 'version', ${entityChange}, ch.field, ch.before, ch.after, null
        from (
          select coalesce(n.id, o.id) as id, o.id is null as added, n.id is null as removed,
                 o.name as oname, n.name as nname, o.name2 as oname2, n.name2 as nname2,
                 o.description as odesc, n.description as ndesc, o.rscp_link as olink, n.rscp_link as nlink
          from ${O}.versions o full join ${N}.versions n on n.id = o.id
          where o.id is null or n.id is null or o.name is distinct from n.name or o.name2 is distinct from n.name2
             or o.description is distinct from n.description or o.rscp_link is distinct from n.rscp_link
        ) r
        cross join lateral (
          select 0 as line, null::text as field, null::text as before, null::text as after
          union all select 1, 'name', r.oname, r.nname where not r.added and not r.removed and r.oname is distinct from r.nname
          union all select 1, 'name2', r.oname2, r.nname2 where not r.added and not r.removed and r.oname2 is distinct from r.nname2
          union all select 1, 'description', r.odesc, r.ndesc
            where not r.removed and r.odesc is distinct from r.ndesc and (not r.added or r.ndesc <> '')
          union all select 1, 'rscp_link', r.olink, r.nlink
            where not r.removed and r.olink is distinct from r.nlink and (not r.added or coalesce(r.nlink, '') <> '')
        ) ch`,
    },
    {
      // Compatibilities, matched by their version pair (a relation deleted and created again is a change
      // of its status, not a removal and an addition): status and obligation text as the pair shows them.
      // The two large tables are joined on integers only (pair and obligation text id); a pair whose id
      // is the same on both sides changed only if that obligation text itself was edited in between.
      weight: 30,
      sql: `${INSERT}
        select null, r.f, null, r.t, ${TOPIC.compatibility}, 'c:' || r.f || ':' || r.t, ch.line, 'compatibility', ${entityChange}, ch.field, ch.before, ch.after, null
        from (
          select p.f, p.t, p.added, p.removed, oi.compatibility_status::text as os, ni.compatibility_status::text as ns, oi.obligation as oob, ni.obligation as nob
          from (
            select coalesce(n.from_version_id, o.from_version_id) as f, coalesce(n.to_version_id, o.to_version_id) as t,
                   o.id is null as added, n.id is null as removed, o.compatibility_info_id as oinfo, n.compatibility_info_id as ninfo
            from ${O}.compatibilities o
            full join ${N}.compatibilities n on n.from_version_id = o.from_version_id and n.to_version_id = o.to_version_id
            where o.id is null or n.id is null or o.compatibility_info_id <> n.compatibility_info_id
               or o.compatibility_info_id in (
                    select o.id from ${O}.compatibility_infos o join ${N}.compatibility_infos n on n.id = o.id
                    where o.compatibility_status <> n.compatibility_status or o.obligation <> n.obligation)
          ) p
          left join ${O}.compatibility_infos oi on oi.id = p.oinfo
          left join ${N}.compatibility_infos ni on ni.id = p.ninfo
        ) r
        cross join lateral (
          select 0 as line, null::text as field, null::text as before, null::text as after
          union all select 1, 'status', r.os, r.ns where not r.removed and r.os is distinct from r.ns
          union all select 1, 'obligation', r.oob, r.nob where not r.removed and r.oob is distinct from r.nob and (not r.added or r.nob <> '')
        ) ch
        where r.added or r.removed or r.os is distinct from r.ns or r.oob is distinct from r.nob`,
    },
    {
      // References on compatibilities, by version pair and reference. Most rows keep their compatibility
      // id, so the rows that differ by (compatibility id, reference) are found first, with integers
      // only; just those are then put in terms of version pairs (a compatibility deleted and created
      // again with the same reference has not changed).
      weight: 10,
      sql: `${INSERT}
        select null, coalesce(n.f, o.f), null, coalesce(n.t, o.t), ${TOPIC.compatibility}, 'c:' || coalesce(n.f, o.f) || ':' || coalesce(n.t, o.t), 2,
               'reference', case when o.f is null then 'added' else 'removed' end, null, oref.reference, nref.reference, null
        from (select c.from_version_id as f, c.to_version_id as t, x.reference_id as ref
              from ${O}.compatibility_references x join ${O}.compatibilities c on c.id = x.compatibility_id
              where not exists (select 1 from ${N}.compatibility_references y
                                where y.compatibility_id = x.compatibility_id and y.reference_id = x.reference_id)) o
        full join (select c.from_version_id as f, c.to_version_id as t, x.reference_id as ref
              from ${N}.compatibility_references x join ${N}.compatibilities c on c.id = x.compatibility_id
              where not exists (select 1 from ${O}.compatibility_references y
                                where y.compatibility_id = x.compatibility_id and y.reference_id = x.reference_id)) n
          on n.f = o.f and n.t = o.t and n.ref = o.ref
        left join ${O}.references oref on oref.id = o.ref
        left join ${N}.references nref on nref.id = n.ref
        where o.f is null or n.f is null`,
    },
    {
      // Comments, by id: added, removed or edited; only those are looked up for their version pair.
      weight: 5,
      sql: `${INSERT}
        select null, coalesce(nc.from_version_id, oc.from_version_id), null, coalesce(nc.to_version_id, oc.to_version_id), ${TOPIC.compatibility},
               'c:' || coalesce(nc.from_version_id, oc.from_version_id) || ':' || coalesce(nc.to_version_id, oc.to_version_id), 3,
               'comment', case when d.oid is null then 'added' when d.nid is null then 'removed' else 'changed' end, null,
               d.ocomment, d.ncomment, coalesce(d.nauthor, d.oauthor)
        from (select o.id as oid, n.id as nid, o.compatibility_id as ocompat, n.compatibility_id as ncompat,
                     o.comment as ocomment, n.comment as ncomment, o.author as oauthor, n.author as nauthor
              from ${O}.comments o full join ${N}.comments n on n.id = o.id
              where o.id is null or n.id is null or o.comment is distinct from n.comment) d
        left join ${O}.compatibilities oc on oc.id = d.ocompat
        left join ${N}.compatibilities nc on nc.id = d.ncompat`,
    },
    {
      // Which parts a system or an assembly contains, by parent and child.
      weight: 2,
      sql: `${INSERT}
        select coalesce(n.parent_item_id, o.parent_item_id), null, coalesce(n.child_item_id, o.child_item_id), null, ${TOPIC.itemContainment},
               'm:' || coalesce(n.child_item_id, o.child_item_id), 0, 'itemContainment',
               case when o.parent_item_id is null then 'added' else 'removed' end, null, null, null, null
        from ${O}.item_containments o
        full join ${N}.item_containments n on n.parent_item_id = o.parent_item_id and n.child_item_id = o.child_item_id
        where o.parent_item_id is null or n.parent_item_id is null`,
    },
    {
      // The version flags: versionRelation (assembly–assembly) and containment (assembly–sub-assembly).
      weight: 3,
      sql: `${INSERT}
        select null, coalesce(n.from_version_id, o.from_version_id), null, coalesce(n.to_version_id, o.to_version_id), ${TOPIC.versionRelation},
               'r:' || coalesce(n.from_version_id, o.from_version_id) || ':' || coalesce(n.to_version_id, o.to_version_id), 0,
               case when coalesce(n.to_kind, o.to_kind) = 'subassembly' then 'versionContainment' else 'versionRelation' end,
               case when o.from_version_id is null then 'added' else 'removed' end, null, null, null, null
        from ${O}.version_relations o
        full join ${N}.version_relations n on n.from_version_id = o.from_version_id and n.to_version_id = o.to_version_id
        where o.from_version_id is null or n.from_version_id is null`,
    },
    {
      // Names for every version and part a line mentions: from the newer state, else from the older one
      // (a removed one). Then the lines with their names, ready to be read in report order.
      weight: 5,
      sql: `
        create temp table delta_versions on commit drop as
        select ids.id, coalesce(n.item_id, o.item_id) as item_id, coalesce(${versionLabel('n')}, ${versionLabel('o')}, '#' || ids.id) as label
        from (select version_id as id from delta_rows where version_id is not null
              union select other_version_id from delta_rows where other_version_id is not null) ids
        left join ${N}.versions n on n.id = ids.id
        left join ${O}.versions o on o.id = ids.id;

        create temp table delta_items on commit drop as
        select ids.id, coalesce(n.kind, o.kind)::text as kind, ${rank('coalesce(n.kind, o.kind)')} as part, coalesce(n.name, o.name, '#' || ids.id) as name
        from (select section_item_id as id from delta_rows where section_item_id is not null
              union select other_item_id from delta_rows where other_item_id is not null
              union select item_id from delta_versions where item_id is not null) ids
        left join ${N}.items n on n.id = ids.id
        left join ${O}.items o on o.id = ids.id;

        create temp table delta_lines on commit drop as
        select s.part, s.kind as part_kind, s.id as section_id, s.name as section_name, v.id as version_id, v.label as version_label,
               r.topic, oi.part as other_part, oi.kind as other_kind, oi.name as other_name, ov.label as other_version,
               r.subject_key, r.line, r.entity, r.change, r.field, r.before, r.after, r.detail
        from delta_rows r
        left join delta_versions v on v.id = r.version_id
        join delta_items s on s.id = coalesce(r.section_item_id, v.item_id)
        left join delta_versions ov on ov.id = r.other_version_id
        left join delta_items oi on oi.id = coalesce(r.other_item_id, ov.item_id);`,
    },
  ];
}

/** The order of the report; the sections query below sorts its groups the same way. */
const REPORT_ORDER = `part, section_name, section_id, version_label nulls first, version_id nulls first, topic,
  other_part nulls first, other_name nulls first, other_version nulls first, subject_key, line,
  case field when 'name' then 1 when 'name2' then 2 when 'description' then 3 when 'rscp_link' then 4 when 'status' then 5 when 'obligation' then 6 end nulls first,
  before nulls first, after nulls first`;

/** The diff between two states, open on one connection until `close`. */
export class DeltaSession {
  private cursors = 0;

  private constructor(private readonly client: pg.PoolClient) {}

  /**
   * Computes the diff from `older` to `newer` (schema names, already validated). `onStep` receives the
   * share of the work done so far, 0 … 1.
   */
  static async open(
    pool: pg.Pool,
    older: StateSource,
    newer: StateSource,
    onStep: (done: number) => void,
    signal?: AbortSignal,
  ): Promise<DeltaSession> {
    const client = await pool.connect();
    const session = new DeltaSession(client);
    try {
      await client.query('begin isolation level repeatable read');
      // The full joins of the large tables hash far better with room to do it in memory (per hash node,
      // in the database server, for this transaction only).
      await client.query(`set local work_mem = '64MB'`);
      await client.query(DELTA_TABLE);
      // Views of the catalog at a point in time, gone with this transaction's rollback.
      for (const state of [older, newer])
        if (state.at !== undefined) await pointInTimeViews(client, state.schema, state.at);
      const statements = diffStatements(older.schema, newer.schema);
      const total = statements.reduce((sum, s) => sum + s.weight, 0);
      let done = 0;
      for (const statement of statements) {
        signal?.throwIfAborted();
        await client.query(statement.sql);
        done += statement.weight;
        onStep(done / total);
      }
      return session;
    } catch (err) {
      await session.close();
      throw err;
    }
  }

  /** Changed entities by kind of entity (and of part) and kind of change. */
  async counts(): Promise<DeltaCount[]> {
    const result = await this.client.query<DeltaCount>(`
      select entity, case when entity in ('item', 'version') then part_kind end as kind, change, count(*)::int as count
      from delta_lines where field is null group by 1, 2, 3`);
    return result.rows;
  }

  /** How many lines, sections (parts with changes) and kinds of part (systems, assemblies, sub-assemblies) the diff has. */
  async totals(): Promise<{ lines: number; sections: number; parts: number }> {
    const result = await this.client.query<{ lines: number; sections: number; parts: number }>(
      `select count(*)::int as lines, count(distinct section_id)::int as sections, count(distinct part)::int as parts from delta_lines`,
    );
    return onlyRow(result.rows);
  }

  /** The sections (parts with changes) in report order, a page at a time. */
  sections(pageSize = 1000): AsyncGenerator<DeltaSection[]> {
    return this.cursor<DeltaSection>(
      `select part_kind, section_id, section_name, (count(*) filter (where field is null))::int as changes
       from delta_lines group by part, part_kind, section_id, section_name order by part, section_name, section_id`,
      pageSize,
    );
  }

  /** Every line of the diff in report order, a page at a time. */
  lines(pageSize = 500): AsyncGenerator<DeltaLine[]> {
    return this.cursor<DeltaLine>(
      `select part_kind, section_id, section_name, version_id, version_label, topic, other_kind, other_name, other_version,
              subject_key, entity, change, field, before, after, detail
       from delta_lines order by ${REPORT_ORDER}`,
      pageSize,
    );
  }

  private async *cursor<T extends pg.QueryResultRow>(query: string, pageSize: number): AsyncGenerator<T[]> {
    const name = `delta_cursor_${++this.cursors}`;
    await this.client.query(`declare ${name} no scroll cursor for ${query}`);
    try {
      for (;;) {
        const page = await this.client.query<T>(`fetch forward ${Math.trunc(pageSize)} from ${name}`);
        if (page.rows.length === 0) return;
        yield page.rows;
      }
    } finally {
      await this.client.query(`close ${name}`).catch(() => undefined);
    }
  }

  private closed = false;

  /** Ends the transaction (dropping the temporary tables) and gives the connection back. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.client.query('rollback');
      this.client.release();
    } catch (err) {
      // A connection whose rollback failed is broken: destroy it rather than hand it to the next request.
      this.client.release(err as Error);
    }
  }
}

/** Whether a backup was ever transferred to live ('www') successfully. */
export async function wasTransferredToLive(db: Executor, name: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from transfers where backup_name = ${name} and target = 'www' and ok limit 1`,
  );
  return result.rows.length > 0;
}
