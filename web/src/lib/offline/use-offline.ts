import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAuth } from 'react-oidc-context';
import { isServerReachable, onReachabilityChange } from '../api';
import { useAppConfig } from '../config';
import { useModificationTime } from '../data-freshness';
import { offlineMeta, onOfflineDataChange, removeOffline, saveOffline } from './offline-data';
import { offlineAction } from './offline-rules';
import type { OfflineMeta } from './offline-store';

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  const stop = onReachabilityChange(notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
    stop();
  };
};

/** Whether the server can be reached: the browser's network state and the last API call (api.ts). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isServerReachable, () => true);
}

/** What is saved for offline use; undefined while IndexedDB is read, null when nothing is. */
export function useOfflineMeta(): OfflineMeta | null | undefined {
  const [meta, setMeta] = useState<OfflineMeta | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () => void offlineMeta().then((value) => live && setMeta(value));
    load();
    const stop = onOfflineDataChange(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return meta;
}

/**
 * Applies the refresh rules (offline-rules.ts) while a user is signed in: another user's data is
 * removed, the own data is read again when the server's modification time moved on.
 */
export function useOfflineSync(signedIn: boolean) {
  const auth = useAuth();
  const config = useAppConfig();
  const online = useOnline();
  const meta = useOfflineMeta();
  const sub = signedIn && auth.isAuthenticated ? auth.user?.profile.sub : undefined;
  const modificationTime = useModificationTime(sub !== undefined);
  const running = useRef(false);

  useEffect(() => {
    if (running.current || meta === undefined) return;
    const action = offlineAction(meta, { sub, modificationTime, online });
    if (action === 'keep' || !meta || !sub) return;
    running.current = true;
    const work =
      action === 'remove'
        ? removeOffline()
        : saveOffline({ sub, me: meta.me, config, systems: meta.systems }).then(() => undefined);
    // A failed refresh keeps the older data; the next change of the time tries again.
    void work.catch(() => undefined).finally(() => (running.current = false));
  }, [meta, sub, modificationTime, online, config]);
}
