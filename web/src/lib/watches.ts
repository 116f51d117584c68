import type { KindPath, NotificationPage, WatchList } from '@dp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { followingData, useModificationTime } from './data-freshness';

/** The signed-in user's watches (issue 42). */
export const WATCHES_KEY = ['watches'] as const;
const NOTIFICATIONS_KEY = ['notifications'] as const;

/** The compatibility browser of each kind, under /evaluate. */
const BROWSER_PATHS: Record<KindPath, string> = {
  systems: 'system-compatibility-browser',
  assemblies: 'assembly-compatibility-browser',
  subassemblies: 'subassembly-compatibility-browser',
};

/** The browser of a kind with `data` set to a version's label (SPEC 2). */
export function browserLink(kind: KindPath, label: string): string {
  return `/evaluate/${BROWSER_PATHS[kind]}?${new URLSearchParams({ data: label })}`;
}

/** The browser of the version an href (`/api/{kind}/versions/{id}`) names. */
export function browserLinkOfHref(href: string, label: string): string {
  const kind = (href.split('/')[2] ?? 'systems') as KindPath;
  return browserLink(kind in BROWSER_PATHS ? kind : 'systems', label);
}

export function useWatches() {
  return useQuery({
    queryKey: WATCHES_KEY,
    queryFn: ({ signal }) => api.get<WatchList>('/api/watches', { signal }),
  });
}

/** Watches or unwatches the version of `href`. */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ href, watch }: { href: string; watch: boolean }) => {
      const url = `/api/watches${href.slice('/api'.length)}`;
      return watch ? api.put(url) : api.delete(url);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WATCHES_KEY }),
  });
}

/**
 * The newest notifications and the unread count; notifications come from changes of the data, so the
 * query follows the data's modification time like every other view of it.
 */
export function useNotifications() {
  const modificationTime = useModificationTime();
  return useQuery({
    ...followingData(NOTIFICATIONS_KEY, modificationTime),
    queryFn: ({ signal }) => api.get<NotificationPage>('/api/notifications', { signal, query: { limit: 50 } }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => api.post('/api/notifications/read', { up_to: upTo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
