import type { Writable } from 'node:stream';

/**
 * Where a report generator writes its file: straight into an HTTP response, or into a job's chunks in
 * the database. `write` never blocks; the generator calls `drain` between pages of its data, which waits
 * while the reader is behind, so neither side ever holds more than a little of the file.
 */
export interface ReportOutput {
  write(chunk: string | Uint8Array): void;
  /** Resolves once what was written has been taken; rejects when the reader is gone or the work was cancelled. */
  drain(): Promise<void>;
}

/** An output into a stream (an HTTP response body). */
export function streamOutput(stream: Writable, signal?: AbortSignal): ReportOutput {
  return {
    write(chunk) {
      // A reader that went away ends the work at the next drain; until then writes are dropped.
      if (!stream.destroyed) stream.write(chunk);
    },
    async drain() {
      signal?.throwIfAborted();
      // Let data that a generator emitted on the next tick (pdfkit does) reach the stream first.
      await new Promise((resolve) => setImmediate(resolve));
      if (stream.destroyed || stream.writableEnded) throw new Error('the reader of the report went away');
      if (stream.writableNeedDrain) {
        await new Promise<void>((resolve, reject) => {
          const done = (err?: Error) => {
            stream.off('drain', onDrain);
            stream.off('close', onClose);
            if (err) reject(err);
            else resolve();
          };
          const onDrain = () => done();
          const onClose = () => done(new Error('the reader of the report went away'));
          stream.on('drain', onDrain);
          stream.on('close', onClose);
        });
      }
      signal?.throwIfAborted();
    },
  };
}
