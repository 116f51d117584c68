import type { Me, OfflineBundleEntry, OfflineBundleRequest, PublicConfig } from '@dp/contract';
import { api, apiRead, setOfflineReader } from '../api';
import { i18n } from '../i18n';
import { answersOf, answersSize, readJsonWithProgress, type SaveProgress } from './offline-bundle';
import { ITEM_VERSIONS, metaAnswer, offlineAnswer, pathKey } from './offline-answer';
import {
  clearOfflineData,
  readOfflineAnswer,
  readOfflineData,
  readOfflineMeta,
  writeOfflineData,
  type OfflineData,
  type OfflineMeta,
} from './offline-store';

type Listener = () => void;
const listeners = new Set<Listener>();
/** The saved data's description, then its version lists: each read once from IndexedDB, kept until saved anew or removed. */
let loadedMeta: Promise<OfflineMeta | null> | null = null;
let loaded: Promise<OfflineData | null> | null = null;

function changed() {
  loadedMeta = null;
  loaded = null;
  for (const listener of listeners) listener();
}

/** Calls `listener` after every save and removal of the offline data. */
export function onOfflineDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function offlineMeta(): Promise<OfflineMeta | null> {
  return readOfflineMeta().catch(() => null);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Without network, the API client asks here: saved answers, or a plain "needs the network"; null when nothing is saved. */
export function installOfflineReader() {
  setOfflineReader(async (method, url, body) => {
    loadedMeta ??= offlineMeta();
    const meta = await loadedMeta;
    if (!meta) return null;
    // The start's calls (config, me, infos) are answered before the version lists are read.
    const own = metaAnswer(meta, method, url);
    if (own !== undefined) return json(200, own);
    loaded ??= readOfflineData().catch(() => null);
    const data = await loaded;
    if (!data) return null;
    const stored = method === 'GET' ? await readOfflineAnswer(pathKey(url)).catch(() => undefined) : undefined;
    const answer = offlineAnswer(data, stored, method, url, body);
    switch (answer.kind) {
      case 'body':
        return json(200, answer.body);
      case 'notFound':
        return json(404, { error: 'Not Found', message: i18n.t('offline.notFound') });
      case 'notSaved':
        return json(503, { error: 'Offline', message: i18n.t('offline.needsNetwork') });
    }
  });
}

export interface SaveRequest {
  sub: string;
  me: Me;
  config: PublicConfig;
  systems: Array<{ href: string; name: string }>;
}

/** A bundle of many systems at L takes minutes on a slow depot link; the usual two would cut it off. */
const BUNDLE_TIMEOUT_MS = 15 * 60_000;

/** Reads what the user may see of the systems, in one call, and replaces the saved data with it. */
export async function saveOffline(
  request: SaveRequest,
  onProgress: (progress: SaveProgress) => void = () => undefined,
): Promise<OfflineMeta> {
  // The time first: a change while reading makes the next check read again rather than miss it.
  const { modification_time } = await api.get<{ modification_time: string }>('/api/infos');
  const body: OfflineBundleRequest = { systems: request.systems.map((system) => system.href) };
  const entries = (await apiRead('/api/offline/bundle', { method: 'POST', body, timeoutMs: BUNDLE_TIMEOUT_MS }, (r) =>
    readJsonWithProgress(r, (bytes) => onProgress({ phase: 'reading', bytes })),
  )) as OfflineBundleEntry[];
  const answers = answersOf(entries);
  const meta: OfflineMeta = {
    sub: request.sub,
    me: request.me,
    config: request.config,
    modificationTime: modification_time,
    savedAt: new Date().toISOString(),
    systems: request.systems,
    bytes: answersSize(answers),
  };
  const total = answers.size;
  onProgress({ phase: 'writing', done: 0, total });
  await writeOfflineData(
    meta,
    answers,
    (path) => ITEM_VERSIONS.test(path),
    (done) => onProgress({ phase: 'writing', done, total }),
  );
  changed();
  return meta;
}

export async function removeOffline(): Promise<void> {
  await clearOfflineData().catch(() => undefined);
  changed();
}
