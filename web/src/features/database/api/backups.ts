import type { BackupInfo, BackupList } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { databaseKeys } from './keys';

/** GET /api/dumps (SPEC 7): the backups, newest first. */
function fetchBackups(signal?: AbortSignal): Promise<BackupInfo[]> {
  return api.get<BackupList>('/api/dumps', { signal }).then((list) => list.files);
}

export function useBackups() {
  return useQuery({ queryKey: databaseKeys.backups, queryFn: ({ signal }) => fetchBackups(signal) });
}

/** POST /api/backups: takes a backup of the actual state now. */
export function takeBackup(): Promise<BackupInfo> {
  return api.post<BackupInfo>('/api/backups');
}

/** POST /api/backups/upload: a backup file (as downloaded) stored as a new backup; the data is not touched. */
export function uploadBackup(file: Blob): Promise<BackupInfo> {
  // A backup may be large: a raw body, no multipart or base64 around it.
  return api.post<BackupInfo>('/api/backups/upload', file, {
    headers: { 'Content-Type': 'application/octet-stream' },
    timeoutMs: 600_000,
  });
}

/** DELETE /api/backups/:name. */
export function deleteBackup(name: string): Promise<void> {
  return api.delete(`/api/backups/${encodeURIComponent(name)}`);
}

/** GET /api/backups/:name/file, saved as backup-<name>.dpbackup. */
export async function downloadBackup(name: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`/api/backups/${encodeURIComponent(name)}/file`, { timeoutMs: 600_000 });
  saveFile(blob, fileName ?? `backup-${name}.dpbackup`);
}
