import pg from 'pg';
import type { ItemKind } from '../../db/kinds.js';

/**
 * The consistency checker's reads (issue 43), one statement per rule, each answering at most `limit`
 * rows, newest first (the problems most likely still being worked on), and how many there are in all (`total`). `schema` is where the product tables are: 'public' for
 * the actual state, `backup_…` for a backup about to be transferred.
 */
type Queryable = Pick<pg.Pool, 'query'>;

const q = pg.escapeIdentifier;
/** A version as a finding names it: its item's name, then its number(s). */
const label = (v: string, i: string) =>
  `${i}.name || coalesce(' ' || nullif(concat_ws(' / ', nullif(btrim(${v}.name), ''), nullif(btrim(${v}.name2), '')), ''), '')`;

export interface Counted {
  total: number;
}

async function rows<Row>(db: Queryable, text: string, limit: number): Promise<Array<Row & Counted>> {
  const result = await db.query<Row & { total: string }>(text, [limit]);
  return result.rows.map((row) => ({ ...row, total: Number(row.total) }));
}

export interface InfoRow {
  id: number;
  obligation: string;
}

/** Conditional statuses whose obligation text is empty (or only spaces). */
export function conditionalWithoutObligation(db: Queryable, schema: string, limit: number) {
  return rows<InfoRow>(
    db,
    `select id, obligation, count(*) over () as total from ${q(schema)}.compatibility_infos
      where compatibility_status = 'conditional' and btrim(obligation) = '' order by id desc limit $1`,
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

const pairColumns = `c.id, c.from_version_id, c.from_kind, c.to_version_id, c.to_kind,
  ${label('fv', 'fi')} as from_label, ${label('tv', 'ti')} as to_label, count(*) over () as total`;
const pairJoins = (s: string) => `from ${s}.compatibilities c
  join ${s}.versions fv on fv.id = c.from_version_id join ${s}.items fi on fi.id = fv.item_id
  join ${s}.versions tv on tv.id = c.to_version_id join ${s}.items ti on ti.id = tv.item_id`;

/** Compatibilities of a system with an assembly (or an assembly with a sub-assembly) whose items are not linked by containment. */
export function notContained(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return rows<PairRow>(
    db,
    `select ${pairColumns} ${pairJoins(s)}
      where c.from_kind <> c.to_kind
        and not exists (select 1 from ${s}.item_containments ic
                         where ic.parent_item_id = fv.item_id and ic.child_item_id = tv.item_id)
      order by c.id desc limit $1`,
    limit,
  );
}

/** Compatibilities last changed before one of their two versions was (modification times). */
export function staleReviews(db: Queryable, schema: string, limit: number) {
  return rows<PairRow>(
    db,
    `select ${pairColumns} ${pairJoins(q(schema))}
      where c.modification_time < greatest(fv.modification_time, tv.modification_time)
      order by c.id desc limit $1`,
    limit,
  );
}

/** Obligation texts (compatibility infos) no compatibility uses. */
export function unusedObligations(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return rows<InfoRow>(
    db,
    `select ci.id, ci.obligation, count(*) over () as total from ${s}.compatibility_infos ci
      where not exists (select 1 from ${s}.compatibilities c where c.compatibility_info_id = ci.id)
      order by ci.id desc limit $1`,
    limit,
  );
}

/** References no compatibility uses. */
export function unusedReferences(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return rows<{ id: number; reference: string }>(
    db,
    `select r.id, r.reference, count(*) over () as total from ${s}.references r
      where not exists (select 1 from ${s}.compatibility_references x where x.reference_id = r.id)
      order by r.id desc limit $1`,
    limit,
  );
}

/** Versions without any compatibility, from either side (both pair indexes). */
export function versionsWithoutCompatibility(db: Queryable, schema: string, limit: number) {
  const s = q(schema);
  return rows<{ id: number; kind: ItemKind; label: string }>(
    db,
    `select v.id, v.kind, ${label('v', 'i')} as label, count(*) over () as total
       from ${s}.versions v join ${s}.items i on i.id = v.item_id
      where not exists (select 1 from ${s}.compatibilities c where c.from_version_id = v.id)
        and not exists (select 1 from ${s}.compatibilities c where c.to_version_id = v.id)
      order by v.id desc limit $1`,
    limit,
  );
}
