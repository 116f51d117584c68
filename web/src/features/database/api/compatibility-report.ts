import { apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/** 'all', or the id of one system. */
export type ReportScope = 'all' | { systemId: string };

/** POST /api/reports/systems[/{id}]/assemblies with type xls (SPEC 7), saved as report.xlsx. */
export async function downloadCompatibilityReport(scope: ReportScope): Promise<void> {
  const path =
    scope === 'all'
      ? '/api/reports/systems/assemblies'
      : `/api/reports/systems/${encodeURIComponent(scope.systemId)}/assemblies`;
  const { blob, fileName } = await apiDownload(path, { method: 'POST', body: { type: 'xls' } });
  saveFile(blob, fileName ?? 'report.xlsx');
}
