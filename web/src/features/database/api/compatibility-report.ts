import type { Item } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { databaseKeys } from './keys';

/** GET /api/systems: the systems a report can be asked for. */
function fetchSystems(signal?: AbortSignal): Promise<Item[]> {
  return api.get<Item[]>('/api/systems', { signal });
}

export function useReportSystems() {
  return useQuery({ queryKey: databaseKeys.systems, queryFn: ({ signal }) => fetchSystems(signal) });
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
