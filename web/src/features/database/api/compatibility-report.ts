import type { ItemPage } from '@dp/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { databaseKeys } from './keys';

/** Systems offered at once: the rest are found by typing. */
const SYSTEMS_OFFERED = 50;

/**
 * GET /api/systems/page?name=: the first systems by name whose name contains `name` (folded like the
 * search), the choices of the report's system field: at L, every system was 1.4 MB of JSON.
 */
export function useReportSystems(name: string) {
  return useQuery({
    queryKey: [...databaseKeys.systems, name],
    queryFn: ({ signal }) =>
      api.get<ItemPage>('/api/systems/page', { query: { name: name || null, limit: SYSTEMS_OFFERED }, signal }),
    // While the next answer comes, the options of the last one stay.
    placeholderData: keepPreviousData,
  });
}

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
