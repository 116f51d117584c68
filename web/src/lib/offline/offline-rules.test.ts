import { describe, expect, it } from 'vitest';
import { offlineAction } from './offline-rules';

const saved = { sub: 'u-1', modificationTime: '2026-11-01T10:00:00.000Z' };

describe('offlineAction (refresh rules)', () => {
  it('keeps the data while the server reports the time it was saved at', () => {
    expect(offlineAction(saved, { sub: 'u-1', modificationTime: saved.modificationTime, online: true })).toBe('keep');
  });

  it('reads the data again when the modification time changed', () => {
    expect(offlineAction(saved, { sub: 'u-1', modificationTime: '2026-11-02T08:00:00.000Z', online: true })).toBe(
      'refresh',
    );
  });

  it('keeps the data while offline or before the time is known', () => {
    expect(offlineAction(saved, { sub: 'u-1', modificationTime: '2026-11-02T08:00:00.000Z', online: false })).toBe(
      'keep',
    );
    expect(offlineAction(saved, { sub: 'u-1', modificationTime: undefined, online: true })).toBe('keep');
  });

  it("removes another user's data, online or not", () => {
    expect(offlineAction(saved, { sub: 'u-2', modificationTime: saved.modificationTime, online: true })).toBe('remove');
    expect(offlineAction(saved, { sub: 'u-2', modificationTime: undefined, online: false })).toBe('remove');
  });

  it('does nothing without saved data or without a signed-in user', () => {
    expect(offlineAction(null, { sub: 'u-1', modificationTime: 'x', online: true })).toBe('keep');
    expect(offlineAction(saved, { sub: undefined, modificationTime: 'x', online: true })).toBe('keep');
  });
});
