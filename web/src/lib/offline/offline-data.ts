import type { Me, PublicConfig } from '@dp/contract';
import { api, setOfflineReader } from '../api';
import { i18n } from '../i18n';
import { answersSize, collectOfflineAnswers } from './collect-offline-answers';
import { ITEM_VERSIONS, offlineAnswer, pathKey } from './offline-answer';
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
/** The saved data, read once from IndexedDB and kept until it is saved anew or removed. */
let loaded: Promise<OfflineData | null> | null = null;

function changed() {
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

/** Reads what the user may see of the systems and replaces the saved data with it. */
export async function saveOffline(request: SaveRequest): Promise<OfflineMeta> {
  // The time first: a change while reading makes the next check read again rather than miss it.
  const { modification_time } = await api.get<{ modification_time: string }>('/api/infos');
  const answers = await collectOfflineAnswers(
    request.systems.map((system) => system.href),
    (path) => api.get(path),
  );
  const meta: OfflineMeta = {
    sub: request.sub,
    me: request.me,
    config: request.config,
    modificationTime: modification_time,
    savedAt: new Date().toISOString(),
    systems: request.systems,
    bytes: answersSize(answers),
  };
  await writeOfflineData(meta, answers, (path) => ITEM_VERSIONS.test(path));
  changed();
  return meta;
}

export async function removeOffline(): Promise<void> {
  await clearOfflineData().catch(() => undefined);
  changed();
}
