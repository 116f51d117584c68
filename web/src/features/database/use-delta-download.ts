import type { DeltaReportRequest, DeltaReportType } from '@dp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../../lib/api-failure';
import { showError } from '../../lib/error-banner';
import { saveFile } from '../../lib/save-file';
import { runDeltaReport } from './api/delta-report';

/** SPEC 4 and 9: the progress goes back to idle 1.5 s after the end. */
export const PROGRESS_RESET_MS = 1500;

/** SPEC 4: idle, working (progress 0 … 100), done. */
export type DeltaDownloadState =
  | { phase: 'idle' }
  | { phase: 'working'; type: DeltaReportType; progress: number }
  | { phase: 'done'; type: DeltaReportType; progress: 100 };

/**
 * Runs a delta report job, follows its progress and saves the file. A failure resets the progress and
 * goes to the error banner (SPEC 8); leaving the screen cancels the job's polling.
 */
export function useDeltaDownload(pollMs?: number) {
  const [state, setState] = useState<DeltaDownloadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      running.current?.abort();
      clearTimeout(resetTimer.current);
    },
    [],
  );

  const start = useCallback(
    async (request: DeltaReportRequest & { type: DeltaReportType }) => {
      running.current?.abort();
      clearTimeout(resetTimer.current);
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: 'working', type: request.type, progress: 0 });
      try {
        const file = await runDeltaReport(request, {
          signal: controller.signal,
          pollMs,
          onProgress: (progress) => setState({ phase: 'working', type: request.type, progress }),
        });
        saveFile(file.blob, file.fileName);
        setState({ phase: 'done', type: request.type, progress: 100 });
        resetTimer.current = setTimeout(() => setState({ phase: 'idle' }), PROGRESS_RESET_MS);
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ phase: 'idle' });
        showError(error);
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [pollMs],
  );

  return { state, start };
}
