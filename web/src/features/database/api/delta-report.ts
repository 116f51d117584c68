import type { DeltaReportRequest, ReportJob } from '@dp/contract';
import { api, apiDownload } from '../../../lib/api';
import { ApiFailure } from '../../../lib/api-failure';

/** How often the browser asks how far a report job is. */
export const JOB_POLL_MS = 500;

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

interface RunOptions {
  signal?: AbortSignal;
  /** Called with 0 … 100 as the job goes on. */
  onProgress: (progress: number) => void;
  pollMs?: number;
}

/**
 * The delta report as a job (POST /api/dumps/jobs, then GET its href until it is done, then its file):
 * the same report as POST /api/dumps, with a progress the screen can show for both formats.
 */
export async function runDeltaReport(
  request: DeltaReportRequest,
  { signal, onProgress, pollMs = JOB_POLL_MS }: RunOptions,
) {
  let job = await api.post<ReportJob>('/api/dumps/jobs', request, { signal });
  onProgress(job.progress);
  while (job.status === 'running') {
    await delay(pollMs, signal);
    job = await api.get<ReportJob>(job.href, { signal });
    onProgress(job.progress);
  }
  if (job.status === 'failed') {
    const message = job.message ?? 'Report failed';
    throw new ApiFailure({ status: 500, statusText: 'Report failed', error: 'Report failed', message });
  }
  const { blob, fileName } = await apiDownload(job.file_href, { signal });
  return { blob, fileName: fileName ?? job.file_name };
}
