import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import type { ItemKind } from '../../db/kinds.js';
import type { compatibilities, compatibilityInfos, versions } from '../../db/schema.js';
import { executePrepared, intArray, opaque, type SqlRow } from '../../db/sql.js';

type Status = SqlRow<typeof compatibilityInfos>['compatibility_status'];
type Obligation = SqlRow<typeof compatibilityInfos>['obligation'];

export type LabelRow = Pick<SqlRow<typeof versions>, 'id' | 'kind' | 'item_id' | 'name' | 'name2'> & {
  parent_name: string;
};

const labelColumns = sql`v.id, v.kind, v.item_id, i.name as parent_name, v.name, v.name2`;

/** A delta's rows: its own two versions (`own`), and every partner with its compatibility on each side. */
export type DeltaVersionRow = LabelRow & {
  own: boolean;
  status1: Status | null;
  obligation1: Obligation | null;
  status2: Status | null;
  obligation2: Obligation | null;
};

/**
 * In one statement, the two system versions of a delta and every system or assembly version compatible
 * with either of them, joined side by side (a pair is stored once, so each side has at most one).
 */
export async function deltaRows(db: Executor, version1: number, version2: number): Promise<DeltaVersionRow[]> {
  const [one, two] = [opaque(version1, 'int'), opaque(version2, 'int')];
  const sideOf = (side: 1 | 2, id: typeof one) => sql`
    select ${sql.raw(String(side))} as side, c.to_version_id as partner, c.compatibility_info_id as info
      from compatibilities c
     where c.from_version_id = ${id} and c.from_kind = 'system' and c.to_kind in ('system', 'assembly')
    union all
    select ${sql.raw(String(side))}, c.from_version_id, c.compatibility_info_id
      from compatibilities c
     where c.to_version_id = ${id} and c.to_kind = 'system' and c.from_kind in ('system', 'assembly')`;
  return executePrepared(
    db,
    'delta_rows',
    sql`
    with sides as (${sideOf(1, one)} union all ${sideOf(2, two)}),
    partners as (
      select partner, min(info) filter (where side = 1) as info1, min(info) filter (where side = 2) as info2
        from sides group by partner)
    select false as own, ${labelColumns},
           ci1.compatibility_status as status1, ci1.obligation as obligation1,
           ci2.compatibility_status as status2, ci2.obligation as obligation2
      from partners p
      join versions v on v.id = p.partner
      join items i on i.id = v.item_id
      left join compatibility_infos ci1 on ci1.id = p.info1
      left join compatibility_infos ci2 on ci2.id = p.info2
    union all
    select true, ${labelColumns}, null, null, null, null
      from versions v join items i on i.id = v.item_id
     where v.kind = 'system' and v.id in (${one}, ${two})`,
  );
}

/** A matrix's rows: the labels of its row and column versions (`part`), and the cells between them. */
export type MatrixRow =
  | (LabelRow & { part: 'row' | 'column' })
  | (Pick<SqlRow<typeof compatibilities>, 'from_version_id' | 'to_version_id'> & {
      part: 'cell';
      status: Status;
      obligation: Obligation;
    });

/**
 * In one statement, the labels of the row versions (of `rowKind`) and column versions (of `columnKind`),
 * and the compatibilities between any row and any column, whichever way they are stored.
 */
export async function matrixRows(
  db: Executor,
  rowKind: ItemKind,
  rows: number[],
  columnKind: ItemKind,
  columns: number[],
): Promise<MatrixRow[]> {
  const labels = (part: 'row' | 'column', kind: ItemKind, ids: number[]) => sql`
    select ${part} as part, ${labelColumns}, null::int as from_version_id, null::int as to_version_id,
           null::compatibility_status as status, null::text as obligation
      from versions v join items i on i.id = v.item_id
     where v.kind = ${kind} and v.id = any(${intArray(ids)})`;
  return executePrepared(
    db,
    'matrix_rows',
    sql`
    ${labels('row', rowKind, rows)}
    union all
    ${labels('column', columnKind, columns)}
    union all
    select 'cell', null, null, null, null, null, null, c.from_version_id, c.to_version_id,
           ci.compatibility_status, ci.obligation
      from compatibilities c join compatibility_infos ci on ci.id = c.compatibility_info_id
     where (c.from_version_id = any(${intArray(rows)}) and c.to_version_id = any(${intArray(columns)}))
        or (c.from_version_id = any(${intArray(columns)}) and c.to_version_id = any(${intArray(rows)}))`,
  );
}
