import type { OfflineBundleEntry } from '@dp/contract';

/** Where a save stands: the bundle's bytes as they arrive, then its answers as IndexedDB stores them. */
export type SaveProgress = { phase: 'reading'; bytes: number } | { phase: 'writing'; done: number; total: number };

/** Reads a streamed JSON answer whole, telling `onBytes` how many bytes have arrived after each chunk. */
export async function readJsonWithProgress(response: Response, onBytes: (bytes: number) => void): Promise<unknown> {
  if (!response.body) return response.json();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
    onBytes(bytes);
  }
  parts.push(decoder.decode());
  return JSON.parse(parts.join(''));
}

/** The bundle's answers by the path they answer, which is the key the offline reader looks them up by. */
export function answersOf(entries: OfflineBundleEntry[]): Map<string, unknown> {
  return new Map(entries.map((entry) => [entry.path, entry.body]));
}

/** The size the answers take as JSON text, in bytes: what the offline screen reports. */
export function answersSize(answers: Map<string, unknown>): number {
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const [path, body] of answers)
    bytes += encoder.encode(path).length + encoder.encode(JSON.stringify(body)).length;
  return bytes;
}
