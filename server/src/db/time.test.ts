import { describe, expect, it } from 'vitest';
import { toIso } from './time.js';

/** What Date makes of PostgreSQL's text of a UTC time: the reading the shortcut must agree with. */
const throughDate = (utcText: string) => new Date(utcText.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();

describe('toIso', () => {
  it('gives a UTC text in milliseconds, the microseconds cut off as Date cuts them', () => {
    for (const text of [
      '2026-11-21 20:18:05.759372+00',
      '2026-11-21 20:18:05.999999+00',
      '2026-11-21 20:18:05.7+00',
      '2026-11-21 20:18:05.04+00',
      '2026-11-21 20:18:05+00',
      '1999-12-31 23:59:59.0005+00',
    ])
      expect(toIso(text)).toBe(throughDate(text));
    expect(toIso('2026-11-21 20:18:05.759372+00')).toBe('2026-11-21T20:18:05.759Z');
    expect(toIso('2026-11-21 20:18:05+00')).toBe('2026-11-21T20:18:05.000Z');
  });

  it('converts a time in another zone to UTC', () => {
    expect(toIso('2026-11-21 20:18:05.759372+01')).toBe('2026-11-21T19:18:05.759Z');
    expect(toIso('2026-03-01 00:30:00-05')).toBe('2026-03-01T05:30:00.000Z');
  });

  it('takes a Date as it is', () => {
    expect(toIso(new Date('2026-11-21T20:18:05.759Z'))).toBe('2026-11-21T20:18:05.759Z');
  });
});
