import { ACTUAL_STATE, type StateRef, type DeltaReportType, type MessageLanguage } from '@dp/contract';
import type pg from 'pg';
import type { Db } from '../../db/connection.js';
import { badRequest, msg } from '../../http/errors.js';
import { resolveState, type DataState } from '../backups/states.js';
import type { ReportOutput } from '../report-jobs/report-output.js';
import { renderHtml } from './delta-report.html.js';
import type { ReportInput } from './delta-report.model.js';
import { renderPdf } from './delta-report.pdf.js';
import { DeltaSession, wasTransferredToLive } from './delta-report.queries.js';

export interface DeltaRequest {
  bkp1: StateRef;
  bkp2: StateRef;
  type: DeltaReportType;
  compareTransferred: boolean;
}

/** A request checked against the data: both states exist (and were published when asked), ordered by date. */
export interface PlannedReport {
  older: DataState;
  newer: DataState;
  swapped: boolean;
  type: DeltaReportType;
  fileName: string;
  contentType: string;
}

const CONTENT_TYPES: Record<DeltaReportType, string> = { pdf: 'application/pdf', html: 'text/html; charset=utf-8' };
/** The share of a job's progress bar the diff itself takes; writing the file takes the rest. */
const DIFF_SHARE = 0.6;

/**
 * Checks a delta report request: 404 for an unknown backup; with compareTransferred, 400 for a backup
 * that was never transferred to live. The states are ordered by date, whatever order they were given in
 * ('actual' is always the newer).
 */
export async function planReport(db: Db, request: DeltaRequest): Promise<PlannedReport> {
  const first = await resolveState(db, request.bkp1);
  const second = await resolveState(db, request.bkp2);
  if (request.compareTransferred) {
    for (const state of [first, second]) {
      if (state.name === ACTUAL_STATE || state.at !== undefined) continue;
      if (!(await wasTransferredToLive(db, state.name)))
        throw badRequest(msg('backup.notTransferred', { name: state.name }));
    }
  }
  const swapped = isNewer(first, second);
  return {
    older: swapped ? second : first,
    newer: swapped ? first : second,
    swapped,
    type: request.type,
    fileName: `delta-report-${fileNamePart(request.bkp1)}-${fileNamePart(request.bkp2)}.${request.type}`,
    contentType: CONTENT_TYPES[request.type],
  };
}

/** A point in time's ':' and '+' have no place in a file name. */
const fileNamePart = (ref: StateRef) => ref.replace(/[^\w.-]/g, '-');

function isNewer(a: DataState, b: DataState): boolean {
  if (a.name === ACTUAL_STATE) return true;
  if (b.name === ACTUAL_STATE) return false;
  return a.created.getTime() !== b.created.getTime() ? a.created > b.created : a.name > b.name;
}

export interface ReportAudience {
  language: MessageLanguage;
  username: string;
}

/** A report whose diff is computed and which is ready to be written; `close` it in every case. */
export interface OpenReport {
  write(out: ReportOutput, progress?: (done: number) => void, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/**
 * Computes the diff of a planned report (the long part, in the database) and returns what writes its
 * file. Split in two so the plain download can still answer an error before the first byte is sent.
 * `progress` receives 0 … DIFF_SHARE while the diff is computed.
 */
export async function openReport(
  db: Db,
  pool: pg.Pool,
  plan: PlannedReport,
  audience: ReportAudience,
  progress: (done: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<OpenReport> {
  let session;
  try {
    session = await DeltaSession.open(pool, plan.older, plan.newer, (done) => progress(done * DIFF_SHARE), signal);
  } catch (err) {
    // A backup deleted (by retention or by hand) since the request was checked: 404 for it, as before.
    if (isMissingTable(err)) for (const state of [plan.older, plan.newer]) await resolveState(db, state.name);
    throw err;
  }
  try {
    const counts = await session.counts();
    const totals = await session.totals();
    return {
      async write(out, onProgress = () => undefined, writeSignal) {
        const input: ReportInput = {
          language: audience.language,
          older: { name: plan.older.name, created: plan.older.created },
          newer: { name: plan.newer.name, created: plan.newer.created },
          swapped: plan.swapped,
          generatedAt: new Date(),
          generatedBy: audience.username,
          counts,
          totals,
          sections: () => session.sections(),
          lines: () => session.lines(),
          pace: async () => {
            writeSignal?.throwIfAborted();
            await out.drain();
          },
          onProgress: (done) => onProgress(DIFF_SHARE + done * (1 - DIFF_SHARE)),
        };
        if (plan.type === 'pdf') await renderPdf(input, out);
        else await renderHtml(input, out);
      },
      close: () => session.close(),
    };
  } catch (err) {
    await session.close();
    throw err;
  }
}

/** PostgreSQL's "schema does not exist" and "relation does not exist". */
const isMissingTable = (err: unknown) => ['3F000', '42P01'].includes((err as { code?: string }).code ?? '');

/** The whole report into `out`: the generator behind both the plain download and the background job. */
export async function generateReport(
  db: Db,
  pool: pg.Pool,
  plan: PlannedReport,
  audience: ReportAudience,
  out: ReportOutput,
  progress: (done: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const report = await openReport(db, pool, plan, audience, progress, signal);
  try {
    await report.write(out, progress, signal);
  } finally {
    await report.close();
  }
}
