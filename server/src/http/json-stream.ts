import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON array whose elements arrive in batches, as they arrive: rows → JSON → compression → socket,
 * each step taking the next batch only when the one after it has room (back-pressure), so a listing of
 * hundreds of megabytes passes through a few megabytes of memory. The first batch is awaited before
 * anything is sent, so that a query that fails at once still answers with a proper error.
 */
export async function sendJsonArray<T>(reply: FastifyReply, batches: AsyncGenerator<T[]>) {
  const first = await batches.next();
  let separator = '[';
  const text = (batch: T[]) => {
    const joined = separator + batch.map((element) => JSON.stringify(element)).join(',');
    separator = ',';
    return joined;
  };
  async function* chunks() {
    if (!first.done && first.value.length > 0) yield text(first.value);
    for await (const batch of batches) if (batch.length > 0) yield text(batch);
    yield separator === '[' ? '[]' : ']';
  }
  const stream = Readable.from(chunks(), { objectMode: false });
  // Ended early (the client went away), even before the first read: the batches' generator closes the
  // cursor behind it and gives its connection back.
  stream.once('close', () => void batches.return(undefined));
  return reply.type('application/json; charset=utf-8').send(stream);
}
