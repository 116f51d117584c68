import { z } from './zod-setup.js';
import { issueKey } from './issue-key.js';
import { compatibilityStatus, kindPath } from './catalog.js';
import { asOf, dbId } from './common.js';

/** A compatibility as a cell shows it: the status, and the obligation text for intern and admin. */
export const compatibilityCell = z
  .object({ compatibility_status: compatibilityStatus, obligation: z.string().optional() })
  .meta({ id: 'CompatibilityCell' });
export type CompatibilityCell = z.infer<typeof compatibilityCell>;

/** A version as lists show it. */
export const versionLabel = z
  .object({ href: z.string(), parent_name: z.string(), name: z.string().nullable(), name2: z.string().nullable() })
  .meta({ id: 'VersionLabel' });
export type VersionLabel = z.infer<typeof versionLabel>;

export const deltaRow = versionLabel
  .extend({ version1: compatibilityCell.nullable(), version2: compatibilityCell.nullable(), changed: z.boolean() })
  .meta({ id: 'DeltaRow' });
export type DeltaRow = z.infer<typeof deltaRow>;

/** How two versions of one system differ in their system and assembly compatibilities. */
export const systemDelta = z
  .object({ version1: versionLabel, version2: versionLabel, systems: z.array(deltaRow), assemblies: z.array(deltaRow) })
  .meta({ id: 'SystemDelta' });
export type SystemDelta = z.infer<typeof systemDelta>;

export const MATRIX_MAX_ROWS = 15;
export const MATRIX_MAX_COLUMNS = 40;

/** Chosen version ids; the messages name the field ('rows: choose at least one version'). */
const versionIds = (max: number) =>
  z.array(dbId).min(1, issueKey('zod.chooseVersions')).max(max, issueKey('zod.maxVersions'));

/** The cells between chosen row versions and column versions (both of the given kinds). */
export const matrixRequest = z.object({
  rowKind: kindPath,
  rows: versionIds(MATRIX_MAX_ROWS),
  columnKind: kindPath,
  columns: versionIds(MATRIX_MAX_COLUMNS),
  at: asOf,
});
export type MatrixRequest = z.infer<typeof matrixRequest>;

export const matrixCell = compatibilityCell.extend({ row: z.string(), column: z.string() }).meta({ id: 'MatrixCell' });
export type MatrixCell = z.infer<typeof matrixCell>;

export const matrixResponse = z
  .object({ rows: z.array(versionLabel), columns: z.array(versionLabel), cells: z.array(matrixCell) })
  .meta({ id: 'MatrixResponse' });
export type MatrixResponse = z.infer<typeof matrixResponse>;
