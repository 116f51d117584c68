import { describe, expect, it } from 'vitest';
import { signUnwatch, verifyUnwatch } from './unwatch-link.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const grant = { username: 'intern', versionIds: [3, 7], language: 'de' as const };

describe('unwatch links', () => {
  it('carry the grant, signed, for 7 days', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signUnwatch(SECRET, grant, now);
    expect(verifyUnwatch(SECRET, token, now)).toEqual(grant);
    expect(verifyUnwatch(SECRET, token, now + 7 * 86_400_000 - 1000)).toEqual(grant);
    expect(verifyUnwatch(SECRET, token, now + 7 * 86_400_000 + 1000)).toBeNull();
  });

  it('refuse another key, a changed grant and garbage', () => {
    const token = signUnwatch(SECRET, grant);
    expect(verifyUnwatch(`${SECRET}x`, token)).toBeNull();
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'admin', v: [3], l: 'de', e: 9e9 })).toString('base64url');
    expect(verifyUnwatch(SECRET, `${forged}.${signature}`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`]) expect(verifyUnwatch(SECRET, bad)).toBeNull();
  });
});
