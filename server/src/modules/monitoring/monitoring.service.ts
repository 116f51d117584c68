import {
  instanceStatus,
  type LiveStatus,
  type MessageLanguage,
  type ServerStatus,
  type TargetStatus,
} from '@dp/contract';
import type pg from 'pg';
import type { AppConfig } from '../../config.js';
import type { ReadRouting } from '../../db/read-routing.js';
import type { ReadCache } from '../../http/read-cache.js';
import { HttpError, msg, type Message } from '../../http/errors.js';
import { toIso } from '../../db/time.js';
import { reasonOf } from '../../http/outbound.js';
import * as queries from './monitoring.queries.js';

/** A target that has not answered by then counts as down: the page must not hang on it (SPEC 9 polls every 60 s). */
export const PROBE_TIMEOUT_MS = 3000;

export interface MonitoringDeps {
  pool: pg.Pool;
  config: Pick<AppConfig, 'deployment' | 'transferToken' | 'transferTargets'>;
}

const TARGETS = [
  { target: 'live', url: (c: MonitoringDeps['config']) => c.transferTargets.www, variable: 'LIVE_URL' },
  { target: 'demo', url: (c: MonitoringDeps['config']) => c.transferTargets.demo, variable: 'DEMO_URL' },
] as const;

/** Asks one target for its state (with the transfer token), within PROBE_TIMEOUT_MS. */
async function probe(
  deps: MonitoringDeps,
  target: 'live' | 'demo',
  url: string | undefined,
  variable: string,
  language: MessageLanguage,
): Promise<TargetStatus> {
  const down = async (reason: Message, responseMs: number | null): Promise<TargetStatus> => ({
    target,
    url: url ?? null,
    app_status: 'Not available',
    db_status: 'Not available',
    time_updated: null,
    time_active: await lastActive(false),
    response_ms: responseMs,
    reason: reason.render(language),
    last_publication: null,
  });
  const lastActive = async (active: boolean) => {
    const at = await queries.noteActive(deps.pool, target, active);
    return at ? toIso(at) : null;
  };
  if (!url) return down(msg('monitor.notConfigured', { variable }), null);
  if (!deps.config.transferToken) return down(msg('transfer.noToken'), null);

  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(`${url}/api/db/status`, {
      headers: { authorization: `Bearer ${deps.config.transferToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = reasonOf(error);
    return down(
      reason === 'timed out'
        ? msg('monitor.timeout', { seconds: PROBE_TIMEOUT_MS / 1000 })
        : msg('monitor.unreachable', { reason }),
      null,
    );
  }
  const responseMs = Math.round(performance.now() - started);
  if (!response.ok) return down(msg('monitor.httpStatus', { status: response.status }), responseMs);
  const parsed = instanceStatus.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return down(msg('monitor.httpStatus', { status: response.status }), responseMs);
  const status = parsed.data;
  const databaseUp = status.database === 'ok';
  return {
    target,
    url,
    app_status: 'OK',
    db_status: databaseUp ? 'Active' : 'Not available',
    time_updated: status.modification_time,
    time_active: await lastActive(true),
    response_ms: responseMs,
    reason: databaseUp ? null : msg('monitor.databaseDown').render(language),
    last_publication: status.last_publication,
  };
}

/**
 * The state of live and demo (SPEC 2 'Monitoring page', SPEC 3 'Status data'), both asked at once so
 * the answer comes within one probe time-out. Offered on work and demo, not on live.
 */
export async function liveStatus(deps: MonitoringDeps, language: MessageLanguage): Promise<LiveStatus> {
  if (deps.config.deployment === 'live') throw new HttpError(403, msg('deployment.notOnLive'));
  const probeTarget = (t: (typeof TARGETS)[number]) => probe(deps, t.target, t.url(deps.config), t.variable, language);
  const [live, demo] = await Promise.all([probeTarget(TARGETS[0]), probeTarget(TARGETS[1])]);
  const notAvailable = 'Not available';
  return {
    checked_at: new Date().toISOString(),
    targets: [live, demo],
    response: live.response_ms === null ? notAvailable : `${live.response_ms} ms`,
    live_app_status: live.app_status,
    live_db_status: live.db_status,
    time_updated: live.time_updated ?? notAvailable,
    time_active: live.time_active ?? notAvailable,
    demo_app_status: demo.app_status,
    demo_db_status: demo.db_status,
  };
}

/** This instance as an operator checks it: its runtime, and what serves its evaluation reads. */
export async function serverStatus({
  config,
  reads,
  readCache,
}: {
  config: Pick<AppConfig, 'deployment'>;
  reads: ReadRouting;
  readCache: ReadCache;
}): Promise<ServerStatus> {
  return {
    checked_at: new Date().toISOString(),
    deployment: config.deployment,
    node: process.version,
    uptime_seconds: Math.round(process.uptime()),
    memory_rss_bytes: process.memoryUsage.rss(),
    reads: { replica: await reads.status(), cache: readCache.stats() },
  };
}
