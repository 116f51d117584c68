import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET, returnToOf } from './return-to';

describe('returnToOf', () => {
  it('returns the remembered path with its query and hash', () => {
    expect(returnToOf({ returnTo: '/evaluate/system-compatibility-browser?data=A%201#top' })).toBe(
      '/evaluate/system-compatibility-browser?data=A%201#top',
    );
  });

  it.each([undefined, null, 'x', {}, { returnTo: 7 }])('falls back to the evaluation for %j', (state) => {
    expect(returnToOf(state)).toBe(DEFAULT_TARGET);
  });

  it.each(['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'javascript:alert(1)'])(
    'never leaves the site for %s',
    (returnTo) => {
      expect(returnToOf({ returnTo })).toBe(DEFAULT_TARGET);
    },
  );
});
