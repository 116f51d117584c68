import { describe, expect, it } from 'vitest';
import { answersOf, answersSize, readJsonWithProgress } from './offline-bundle';

const streamOf = (chunks: string[]) => {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
  );
};

describe('readJsonWithProgress', () => {
  it('parses an answer that arrives in pieces, split inside a character too, and reports the bytes so far', async () => {
    const text = JSON.stringify([{ path: '/api/systems/1/versions', body: [{ name: 'Türsteuerung é' }] }]);
    const bytes = new TextEncoder().encode(text);
    const cut = text.indexOf('ü') + 1; // the second byte of "ü" starts the next piece
    const pieces = [bytes.slice(0, cut), bytes.slice(cut, cut + 7), bytes.slice(cut + 7)];
    const seen: number[] = [];
    const response = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(piece);
          controller.close();
        },
      }),
    );
    expect(await readJsonWithProgress(response, (n) => seen.push(n))).toEqual(JSON.parse(text));
    expect(seen).toEqual([cut, cut + 7, bytes.length]);
  });

  it('throws on a cut-off answer instead of saving half of it', async () => {
    await expect(readJsonWithProgress(streamOf(['[{"path":"/a","bo']), () => undefined)).rejects.toThrow();
  });
});

describe('answersOf and answersSize', () => {
  it('keys the answers by their path and counts path and JSON text in UTF-8 bytes', () => {
    const answers = answersOf([
      { path: '/api/x', body: ['é'] },
      { path: '/api/y', body: [] },
    ]);
    expect([...answers.keys()]).toEqual(['/api/x', '/api/y']);
    expect(answersSize(answers)).toBe(6 + '["é"]'.length + 1 + 6 + 2);
  });
});
