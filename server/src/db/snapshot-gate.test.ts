import { describe, expect, it } from 'vitest';
import { snapshotGate } from './snapshot-gate.js';

/** A state reader whose checks the test finishes one by one; `started` counts the checks begun. */
function controlledReader() {
  const pending: Array<{ resolve: (state: string) => void; reject: (error: unknown) => void }> = [];
  let started = 0;
  return {
    read: () =>
      new Promise<string>((resolve, reject) => {
        started++;
        pending.push({ resolve, reject });
      }),
    get started() {
      return started;
    },
    finish(state: string) {
      pending.shift()!.resolve(state);
    },
    fail(error: Error) {
      pending.shift()!.reject(error);
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('snapshotGate', () => {
  it('answers requests that arrive together with one check', async () => {
    const reader = controlledReader();
    const current = snapshotGate(reader.read);
    const answers = Promise.all([current(), current(), current()]);
    await turn();
    expect(reader.started).toBe(1);
    reader.finish('s1');
    expect(await answers).toEqual(['s1', 's1', 's1']);
  });

  it('never answers a request with a check that began before it arrived', async () => {
    const reader = controlledReader();
    const current = snapshotGate(reader.read);
    const early = current();
    await turn();
    expect(reader.started).toBe(1);
    // Arrives while the first check runs: a write may have committed after that check's snapshot.
    const late = current();
    const lateToo = current();
    reader.finish('before');
    expect(await early).toBe('before');
    await turn();
    expect(reader.started).toBe(2);
    reader.finish('after');
    expect(await late).toBe('after');
    expect(await lateToo).toBe('after');
  });

  it('passes a failed check to its requests, and the next request checks again', async () => {
    const reader = controlledReader();
    const current = snapshotGate(reader.read);
    const failing = current();
    await turn();
    reader.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    const next = current();
    await turn();
    expect(reader.started).toBe(2);
    reader.finish('s2');
    expect(await next).toBe('s2');
  });
});
