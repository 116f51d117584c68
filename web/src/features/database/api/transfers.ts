import type {
  PublishRequest,
  PublishRequestList,
  TransferRecord,
  TransferRequest,
  TransferResult,
  TransferTargets,
  TransferredList,
} from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { databaseKeys } from './keys';

/** GET /api/transferred-dumps: successful transfers, newest first. */
function fetchTransferred(signal?: AbortSignal): Promise<TransferRecord[]> {
  return api.get<TransferredList>('/api/transferred-dumps', { signal }).then((list) => list.files);
}

export function useTransferred(enabled = true) {
  return useQuery({ queryKey: databaseKeys.transferred, queryFn: ({ signal }) => fetchTransferred(signal), enabled });
}

/** GET /api/db/targets: the live and demo instances this work instance publishes to. */
function fetchTargets(signal?: AbortSignal): Promise<TransferTargets> {
  return api.get<TransferTargets>('/api/db/targets', { signal });
}

export function useTransferTargets() {
  return useQuery({ queryKey: databaseKeys.targets, queryFn: ({ signal }) => fetchTargets(signal) });
}

/** Waits this long for a transfer; an L state takes about a minute (issue 10), a slow target longer. */
const TRANSFER_TIMEOUT_MS = 600_000;

/** POST /api/db/uploads (SPEC 7): replaces the target's data with a backup or the actual state. */
export function transferDatabase(request: TransferRequest): Promise<TransferResult> {
  return api.post<TransferResult>('/api/db/uploads', request, { timeoutMs: TRANSFER_TIMEOUT_MS });
}

/** POST /api/db/uploads: with four eyes on, a transfer to live answers the request it became (202). */
export function transferOrRequest(request: TransferRequest): Promise<TransferResult | PublishRequest> {
  return api.post<TransferResult | PublishRequest>('/api/db/uploads', request, { timeoutMs: TRANSFER_TIMEOUT_MS });
}

/** GET /api/publish-requests: requests to publish to live, newest first, and how many are open. */
export function usePublishRequests(enabled = true) {
  return useQuery({
    queryKey: databaseKeys.publishRequests,
    queryFn: ({ signal }) => api.get<PublishRequestList>('/api/publish-requests', { signal }),
    enabled,
  });
}

/** POST /api/publish-requests/{id}/approve|reject: another admin decides; approving publishes the backup. */
export function decidePublishRequest(href: string, action: 'approve' | 'reject', comment: string) {
  return api.post<PublishRequest>(`${href}/${action}`, { comment }, { timeoutMs: TRANSFER_TIMEOUT_MS });
}

/** GET /api/publish-requests/{id}/report: the delta between live and the request's backup, saved as a file. */
export async function downloadPublishReport(href: string, type: 'pdf' | 'html') {
  const { blob, fileName } = await apiDownload(`${href}/report?type=${type}`, { timeoutMs: TRANSFER_TIMEOUT_MS });
  saveFile(blob, fileName ?? `report.${type}`);
}
