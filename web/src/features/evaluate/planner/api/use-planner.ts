import type { PlannerRequest, PlannerResponse, PlannerSystemsRequest, PlannerSystemsResponse } from '@dp/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../../lib/api';
import { followingData, useModificationTime } from '../../../../lib/data-freshness';
import { saveFile } from '../../../../lib/save-file';

/** POST /api/planner: the proposal for a complete question; the previous answer stays while a new one loads. */
export function usePlanner(request: PlannerRequest | null) {
  return useQuery({
    ...followingData(['evaluate', 'planner', request], useModificationTime()),
    queryFn: request ? ({ signal }) => api.post<PlannerResponse>('/api/planner', request, { signal }) : skipToken,
    placeholderData: keepPreviousData,
    // A question the server refuses (two versions of one part…) is shown in place of the answer.
    meta: { followsData: true, banner: false },
  });
}

/** POST /api/planner/checklist: the checklist file, handed to the browser as a download. */
export async function downloadChecklist(request: PlannerRequest, type: 'pdf' | 'xlsx') {
  const { blob, fileName } = await apiDownload('/api/planner/checklist', {
    method: 'POST',
    body: { ...request, type },
  });
  saveFile(blob, fileName ?? `upgrade-checklist.${type}`);
}

/** POST /api/planner/systems: the system versions on which all these parts fit, and the closest misses. */
export function usePlannerSystems(request: PlannerSystemsRequest | null) {
  return useQuery({
    ...followingData(['evaluate', 'planner-systems', request], useModificationTime()),
    queryFn: request
      ? ({ signal }) => api.post<PlannerSystemsResponse>('/api/planner/systems', request, { signal })
      : skipToken,
    meta: { followsData: true, banner: false },
  });
}
