import {
  naturalCompare,
  type CompatibilityCell,
  type DeltaRow,
  type MatrixRequest,
  type MatrixResponse,
  type Role,
  type SystemDelta,
  type VersionLabel,
} from '@dp/contract';
import type { Db } from '../../db/connection.js';
import { badRequest, kindVersionName, msg, notFound, numbered } from '../../http/errors.js';
import { href, kindOf, type ItemKind } from '../../db/kinds.js';
import * as queries from './evaluation.queries.js';
import type { LabelRow } from './evaluation.queries.js';

const toLabel = (row: LabelRow): VersionLabel => ({
  href: href.version(row.kind, row.id),
  parent_name: row.parent_name,
  name: row.name,
  name2: row.name2,
});

/** In the listings' order: item name, then the version's numbers, each in natural order. */
const byLabel = (a: VersionLabel, b: VersionLabel) =>
  naturalCompare(a.parent_name, b.parent_name) ||
  naturalCompare(a.name ?? '', b.name ?? '') ||
  naturalCompare(a.name2 ?? '', b.name2 ?? '');

/** The labels of `ids` among `rows`, in the order asked for; an id without one is a 404 naming it. */
function labelsIn<Row extends LabelRow>(rows: Row[], kind: ItemKind, ids: number[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(numbered(kindVersionName(kind), id));
    return row;
  });
}

const cellOf = (info: {
  compatibility_status: CompatibilityCell['compatibility_status'];
  obligation?: string;
}): CompatibilityCell => ({
  compatibility_status: info.compatibility_status,
  ...(info.obligation === undefined ? {} : { obligation: info.obligation }),
});

const sameCell = (a: CompatibilityCell | null, b: CompatibilityCell | null) =>
  a?.compatibility_status === b?.compatibility_status && a?.obligation === b?.obligation;

/** Two versions of one system side by side: every system and assembly version either relates to. */
export async function systemDelta(db: Db, role: Role, version1: number, version2: number): Promise<SystemDelta> {
  const rows = await queries.deltaRows(db, version1, version2);
  const [first, second] = labelsIn(
    rows.filter((row) => row.own),
    'system',
    [version1, version2],
  );
  // labelsIn answers one row per id asked for, or throws.
  if (!first || !second) throw new Error('labelsIn answered fewer rows than ids');
  if (first.item_id !== second.item_id) throw badRequest(msg('evaluation.sameSystem'));

  const cell = (status: queries.DeltaVersionRow['status1'], obligation: string | null) =>
    status === null
      ? null
      : cellOf({ compatibility_status: status, ...(role === 'extern' ? {} : { obligation: obligation ?? '' }) });
  const deltaOf = (kind: ItemKind): DeltaRow[] =>
    rows
      .filter((row) => !row.own && row.kind === kind)
      .map((row) => ({
        label: toLabel(row),
        version1: cell(row.status1, row.obligation1),
        version2: cell(row.status2, row.obligation2),
      }))
      .sort((a, b) => byLabel(a.label, b.label))
      .map(({ label, version1, version2 }) => ({
        ...label,
        version1,
        version2,
        changed: !sameCell(version1, version2),
      }));
  return {
    version1: toLabel(first),
    version2: toLabel(second),
    systems: deltaOf('system'),
    assemblies: deltaOf('assembly'),
  };
}

/** The compatibility of every chosen row version with every chosen column version. */
export async function matrix(db: Db, role: Role, request: MatrixRequest): Promise<MatrixResponse> {
  const rowKind = kindOf(request.rowKind);
  const columnKind = kindOf(request.columnKind);
  const found = await queries.matrixRows(db, rowKind, request.rows, columnKind, request.columns);
  const labelsOf = (part: 'row' | 'column') => found.flatMap((row) => (row.part === part ? [row] : []));
  // An unknown row is reported before an unknown column, every time.
  const rows = labelsIn(labelsOf('row'), rowKind, request.rows);
  const columns = labelsIn(labelsOf('column'), columnKind, request.columns);
  const rowIds = new Set(request.rows);
  const columnIds = new Set(request.columns);
  const out: MatrixResponse['cells'] = [];
  for (const cell of found) {
    if (cell.part !== 'cell') continue;
    const info = { compatibility_status: cell.status, ...(role === 'extern' ? {} : { obligation: cell.obligation }) };
    // A pair is stored once; it shows wherever either side is a row and the other a column.
    if (rowIds.has(cell.from_version_id) && columnIds.has(cell.to_version_id)) {
      out.push({
        row: href.version(rowKind, cell.from_version_id),
        column: href.version(columnKind, cell.to_version_id),
        ...info,
      });
    }
    if (rowIds.has(cell.to_version_id) && columnIds.has(cell.from_version_id)) {
      out.push({
        row: href.version(rowKind, cell.to_version_id),
        column: href.version(columnKind, cell.from_version_id),
        ...info,
      });
    }
  }
  return { rows: rows.map(toLabel), columns: columns.map(toLabel), cells: out };
}
