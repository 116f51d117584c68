import type { OfflineMeta } from './offline-store';

/** What to do with the saved data when a user is signed in and the server's modification time is known. */
export type OfflineAction = 'keep' | 'refresh' | 'remove';

/**
 * The refresh rules: data of another user is removed (a shared depot tablet must not show one user's
 * reading to the next); the own data is read again when the server's data changed since it was saved
 * (GET /api/infos), and kept while offline or unchanged.
 */
export function offlineAction(
  meta: Pick<OfflineMeta, 'sub' | 'modificationTime'> | null,
  now: { sub: string | undefined; modificationTime: string | undefined; online: boolean },
): OfflineAction {
  if (!meta || now.sub === undefined) return 'keep';
  if (meta.sub !== now.sub) return 'remove';
  if (!now.online || now.modificationTime === undefined) return 'keep';
  return meta.modificationTime === now.modificationTime ? 'keep' : 'refresh';
}
