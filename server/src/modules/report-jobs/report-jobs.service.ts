import type { MessageLanguage, ReportJob } from '@dp/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { HttpError, msg, notFound } from '../../http/errors.js';
import * as queries from './report-jobs.queries.js';
import type { ReportOutput } from './report-output.js';

/** A finished file is stored in pieces of this size (report_job_chunks), so it is never held whole. */
export const CHUNK_SIZE = 1024 * 1024;
/** The progress in the job's row is written at most this often. */
const PROGRESS_INTERVAL_MS = 200;

export interface JobSpec {
  fileName: string;
  contentType: string;
  /** The user who asked; only they can read the job and its file. */
  createdBy: string;
  /** The language the job's failure message is written in. */
  language: MessageLanguage;
  /** Writes the file to `out`, reporting the share done (0 … 1); stops when `signal` aborts. */
  run: (out: ReportOutput, progress: (done: number) => void, signal: AbortSignal) => Promise<void>;
}

/**
 * Reports generated in the background so the browser can show their progress. The job's state and its
 * finished file live in PostgreSQL (report_jobs, report_job_chunks), so any instance behind the load
 * balancer answers for a job another instance runs. Jobs are kept an hour; older ones are deleted when a
 * new one starts.
 *
 * A job is visible to the user who started it only (others get 404, as for a job that does not exist):
 * its file is what that user asked for, and the id alone must not hand it to anyone else.
 */
export class ReportJobs {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(
    private readonly pool: pg.Pool,
    /** Where the jobs are answered, e.g. /api/dumps/jobs. */
    private readonly basePath: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(spec: JobSpec): Promise<ReportJob> {
    const row = await queries.insertJob(this.pool, {
      id: randomUUID(),
      fileName: spec.fileName,
      contentType: spec.contentType,
      createdBy: spec.createdBy,
    });
    const controller = new AbortController();
    const done = this.run(row.id, spec, controller.signal).finally(() => this.running.delete(row.id));
    this.running.set(row.id, { controller, done });
    return this.view(row);
  }

  /** The job as its creator sees it; 404 for anyone else and for a job that does not exist (any more). */
  async get(id: string, user: string, language: MessageLanguage): Promise<ReportJob> {
    return this.view(await this.find(id, user, language));
  }

  /** The finished file as a stream of its pieces; 409 while it is running or when it failed. */
  async file(
    id: string,
    user: string,
    language: MessageLanguage,
  ): Promise<{ fileName: string; contentType: string; size: number; stream: Readable }> {
    const job = await this.find(id, user, language);
    if (job.status === 'running') throw new HttpError(409, msg('reportJob.running', { progress: job.progress }));
    if (job.status === 'failed') throw new HttpError(409, msg('reportJob.noFile', { reason: job.message ?? '' }));
    const size = await queries.fileSize(this.pool, id);
    const pool = this.pool;
    async function* pieces() {
      for (let seq = 0; ; seq++) {
        const data = await queries.chunk(pool, id, seq);
        if (!data) return;
        yield data;
      }
    }
    return { fileName: job.file_name, contentType: job.content_type, size, stream: Readable.from(pieces()) };
  }

  /** Stops the jobs this instance runs (the server is shutting down); they are marked failed. */
  async close(): Promise<void> {
    for (const job of this.running.values()) job.controller.abort();
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  private async find(id: string, user: string, language: MessageLanguage): Promise<queries.JobRow> {
    const job = await queries.findJob(this.pool, id);
    if (!job || job.created_by !== user) throw notFound(msg('reportJob.thing', { id }));
    if (job.stale && !this.running.has(id)) {
      // Its instance stopped without marking it: say so rather than leave a progress bar that never moves.
      const message = msg('reportJob.failed', { reason: msg('reportJob.interrupted') }).render(language);
      await queries.failJob(this.pool, id, message);
      return { ...job, status: 'failed', message, stale: false };
    }
    return job;
  }

  private view(row: queries.JobRow): ReportJob {
    const href = `${this.basePath}/${row.id}`;
    return {
      id: row.id,
      status: row.status,
      progress: row.progress,
      file_name: row.file_name,
      message: row.message,
      href,
      file_href: `${href}/file`,
    };
  }

  private async run(id: string, spec: JobSpec, signal: AbortSignal): Promise<void> {
    const output = new ChunkOutput(this.pool, id, signal);
    const progress = throttledProgress((percent) => queries.setProgress(this.pool, id, percent), this.log);
    try {
      await spec.run(output, (done) => progress.report(done), signal);
      await output.close();
      await progress.stop();
      await queries.finishJob(this.pool, id);
    } catch (err) {
      await progress.stop();
      let reason;
      if (err instanceof HttpError) reason = err.text;
      else if (signal.aborted) reason = msg('reportJob.interrupted');
      else {
        this.log.error({ err, job: id }, 'report job failed');
        reason = msg('reportJob.internal');
      }
      await queries
        .failJob(this.pool, id, msg('reportJob.failed', { reason }).render(spec.language))
        .catch((e: unknown) => {
          this.log.error({ err: e, job: id }, 'report job could not be marked failed');
        });
    }
  }
}

/** Collects a job's file into pieces of CHUNK_SIZE and stores each as it fills, one insert at a time. */
class ChunkOutput implements ReportOutput {
  private parts: Buffer[] = [];
  private size = 0;
  private seq = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly id: string,
    private readonly signal: AbortSignal,
  ) {}

  write(chunk: string | Uint8Array) {
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.parts.push(buffer);
    this.size += buffer.length;
    while (this.size >= CHUNK_SIZE) this.store(CHUNK_SIZE);
  }

  async drain() {
    this.signal.throwIfAborted();
    await new Promise((resolve) => setImmediate(resolve));
    await this.pending;
  }

  async close() {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.size > 0) this.store(this.size);
    await this.pending;
  }

  private store(length: number) {
    const all = this.parts.length === 1 && this.parts[0] ? this.parts[0] : Buffer.concat(this.parts, this.size);
    const piece = Buffer.from(all.subarray(0, length));
    const rest = all.subarray(length);
    this.parts = rest.length > 0 ? [Buffer.from(rest)] : [];
    this.size = rest.length;
    const seq = this.seq++;
    this.pending = this.pending.then(() => queries.insertChunk(this.pool, this.id, seq, piece));
    // The failure is seen at the next drain or close; until then it must not count as unhandled.
    this.pending.catch(() => undefined);
  }
}

/** Writes the progress (as a whole percentage, below 100 until the job is done) at most every PROGRESS_INTERVAL_MS. */
function throttledProgress(write: (percent: number) => Promise<void>, log: FastifyBaseLogger) {
  let latest = 0;
  let written = 0;
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<void> = Promise.resolve();
  const flush = () => {
    timer = undefined;
    if (latest <= written) return;
    const value = latest;
    written = value;
    last = Date.now();
    pending = pending
      .then(() => write(value))
      .catch((err: unknown) => log.warn({ err }, 'report progress could not be saved'));
  };
  return {
    report(done: number) {
      latest = Math.max(latest, Math.min(99, Math.floor(done * 100)));
      if (timer || latest <= written) return;
      const wait = last + PROGRESS_INTERVAL_MS - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await pending;
    },
  };
}
