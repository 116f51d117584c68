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
import * as compatibility from '../compatibility/compatibility.service.js';
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

/** Labels of the given versions, in the order asked for; an unknown id is a 404 naming it. */
async function labelsOf(db: Db, kind: ItemKind, ids: number[]): Promise<LabelRow[]> {
  const rows = await queries.versionLabels(db, kind, ids);
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
  const [first, second] = await labelsOf(db, 'system', [version1, version2]);
  // labelsOf answers one row per id asked for, or throws.
  if (!first || !second) throw new Error('labelsOf answered fewer rows than ids');
  if (first.item_id !== second.item_id) throw badRequest(msg('evaluation.sameSystem'));

  const side = (versionId: number, partnerKind: ItemKind) => ({ ownKind: 'system' as const, versionId, partnerKind });
  const [systems1 = [], systems2 = [], assemblies1 = [], assemblies2 = []] = await compatibility.partnersOf(
    db,
    [side(version1, 'system'), side(version2, 'system'), side(version1, 'assembly'), side(version2, 'assembly')],
    role,
  );
  type Partners = typeof systems1;
  type Side = { label: VersionLabel; version1: CompatibilityCell | null; version2: CompatibilityCell | null };
  const deltaOf = (one: Partners, two: Partners): DeltaRow[] => {
    const sides = new Map<string, Side>();
    for (const { label, info } of one) sides.set(label.href, { label, version1: cellOf(info), version2: null });
    for (const { label, info } of two)
      sides.set(label.href, { label, version1: sides.get(label.href)?.version1 ?? null, version2: cellOf(info) });
    return [...sides.values()]
      .sort((a, b) => byLabel(a.label, b.label))
      .map(({ label, version1, version2 }) => ({
        ...label,
        version1,
        version2,
        changed: !sameCell(version1, version2),
      }));
  };
  const systems = deltaOf(systems1, systems2);
  const assemblies = deltaOf(assemblies1, assemblies2);
  return { version1: toLabel(first), version2: toLabel(second), systems, assemblies };
}

/** The compatibility of every chosen row version with every chosen column version. */
export async function matrix(db: Db, role: Role, request: MatrixRequest): Promise<MatrixResponse> {
  const rowKind = kindOf(request.rowKind);
  const columnKind = kindOf(request.columnKind);
  // One after the other, so an unknown row is reported before an unknown column, every time.
  const rows = await labelsOf(db, rowKind, request.rows);
  const columns = await labelsOf(db, columnKind, request.columns);
  const cells = await queries.cellsBetween(db, request.rows, request.columns);
  const rowIds = new Set(request.rows);
  const columnIds = new Set(request.columns);
  const out: MatrixResponse['cells'] = [];
  for (const cell of cells) {
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
