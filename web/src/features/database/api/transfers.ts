import type { TransferRecord, TransferRequest, TransferResult, TransferTargets, TransferredList } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
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
