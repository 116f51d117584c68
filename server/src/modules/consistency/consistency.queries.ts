import pg from 'pg';
import type { ItemKind } from '../../db/kinds.js';

/**
 * The consistency checker's reads (issue 43), one statement per rule, each answering at most `limit`
 * rows, newest first (the problems most likely still being worked on), and how many there are in all
 * (`total`). `schema` is where the product tables are: 'public' for the actual state, `backup_…` for a
 * backup about to be transferred.
 */
type Queryable = Pick<pg.Pool, 'query'>;

const q = pg.escapeIdentifier;
/** A version as a finding names it: its item's name, then its number(s). */
const label = (v: string, i: string) =>
  `${i}.name || coalesce(' ' || nullif(concat_ws(' / ', nullif(btrim(${v}.name), ''), nullif(btrim(${v}.name2), '')), ''), '')`;

export interface Counted {
  total: number;
}

/**
 * The first `limit` rows of `from` (its FROM and WHERE) by `order`, and how many there are in all, in one
 * pass: every row is read anyway to count it, so the plan joins by hash and keeps the first rows of a sort.
 */
async function found<Row extends pg.QueryResultRow>(
  db: Queryable,
  columns: string,
  from: string,
  order: string,
  limit: number,
): Promise<Array<Row & Counted>> {
  const result = await db.query<Row & { total: string }>(
    `select ${columns}, count(*) over () as total ${from} order by ${order} limit $1`,
    [limit],
  );
  return result.rows.map((row) => ({ ...row, total: Number(row.total) }));
}

export interface InfoRow {
  id: number;
  obligation: string;
}

/** Conditional statuses whose obligation text is empty (or only spaces). */
export function conditionalWithoutObligation(db: Queryable, schema: string, limit: number) {
  return found<InfoRow>(
    db,
    'id, obligation',
    `from ${q(schema)}.compatibility_infos where compatibility_status = 'conditional' and btrim(obligation) = ''`,
    'id desc',
    limit,
  );
}

export interface PairRow {
  id: number;
  from_version_id: number;
  from_kind: ItemKind;
  to_version_id: number;
  to_kind: ItemKind;
  from_label: string;
  to_label: string;
}

/**
 * The first `limit` compatibilities that `where` finds (`c` the pair, `fv`/`tv` its versions), newest first,
 * named only once they are chosen: labelled before the sort, a million stale pairs took seconds at L.
 */
async function pairs(db: Queryable, s: string, where: string, limit: number): Promise<Array<PairRow & Counted>> {
  const result = await db.query<PairRow & { total: string }>(
    `with hit as (
       select c.id, c.from_version_id, c.from_kind, c.to_version_id, c.to_kind, count(*) over () as total
         from ${s}.compatibilities c
         join ${s}.versions fv on fv.id = c.from_version_id
         join ${s}.versions tv on tv.id = c.to_version_id
        where ${where}
        order by c.id desc limit $1)
     select hit.*, ${label('fv', 'fi')} as from_label, ${label('tv', 'ti')} as to_label
       from hit
       join ${s}.versions fv on fv.id = hit.from_version_id join ${s}.items fi on fi.id = fv.item_id
       join ${s}.versions tv on tv.id = hit.to_version_id join ${s}.items ti on ti.id = tv.item_id
      order by hit.id desc`,
    [limit],
  );
  return result.rows.map((row) => ({ ...row, total: Number(row.total) }));
}

/** Compatibilities of a system with an assembly (or an assembly with a sub-assembly) whose items are not linked by containment. */
export function notContained(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return pairs(
    db,
    s,
    `c.from_kind <> c.to_kind
     and not exists (select 1 from ${s}.item_containments ic
                      where ic.parent_item_id = fv.item_id and ic.child_item_id = tv.item_id)`,
    limit,
  );
}

/** Compatibilities last changed before one of their two versions was (modification times). */
export function staleReviews(db: Queryable, schema: string, limit: number) {
  return pairs(db, q(schema), 'c.modification_time < greatest(fv.modification_time, tv.modification_time)', limit);
}

/** Obligation texts (compatibility infos) no compatibility uses. */
export function unusedObligations(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return found<InfoRow>(
    db,
    'ci.id, ci.obligation',
    `from ${s}.compatibility_infos ci
      where not exists (select 1 from ${s}.compatibilities c where c.compatibility_info_id = ci.id)`,
    'ci.id desc',
    limit,
  );
}

/** References no compatibility uses. */
export function unusedReferences(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return found<{ id: number; reference: string }>(
    db,
    'r.id, r.reference',
    `from ${s}.references r
      where not exists (select 1 from ${s}.compatibility_references x where x.reference_id = r.id)`,
    'r.id desc',
    limit,
  );
}

/** Versions without any compatibility, from either side (both pair indexes). */
export function versionsWithoutCompatibility(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return found<{ id: number; kind: ItemKind; label: string }>(
    db,
    `v.id, v.kind, ${label('v', 'i')} as label`,
    `from ${s}.versions v join ${s}.items i on i.id = v.item_id
      where not exists (select 1 from ${s}.compatibilities c where c.from_version_id = v.id)
        and not exists (select 1 from ${s}.compatibilities c where c.to_version_id = v.id)`,
    'v.id desc',
    limit,
  );
}
