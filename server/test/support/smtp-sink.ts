import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A mail the test SMTP server received. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

const script = path.join(import.meta.dirname, 'smtp-sink.py');

/** Every mail the test SMTP server wrote to `folder`, in the order they arrived. */
export function mailsIn(folder: string): ReceivedMail[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as ReceivedMail);
}

/**
 * Debian's aiosmtpd as the SMTP server, in its own process on `port`, writing what it receives to a
 * folder; `stop` and `start` again to play a mail server that is down for a while.
 */
export function smtpSink(port: number) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'dp-smtp-'));
  let child: ChildProcess | undefined;

  async function start() {
    const started = spawn('/usr/bin/python3', [script, String(port), folder], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      started.once('exit', (code) => reject(new Error(`the SMTP server exited (${code})`)));
      started.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
    });
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  return {
    start,
    stop,
    /** Every mail received so far, in the order they arrived. */
    received: () => mailsIn(folder),
    folder,
    url: `smtp://127.0.0.1:${port}`,
    async close() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
