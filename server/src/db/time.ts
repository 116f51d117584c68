/** A PostgreSQL timestamp as raw queries return it through drizzle (text), as ISO 8601. */
export type DbTime = string | Date;

/** PostgreSQL's text of a UTC timestamp: date, time, up to six digits of fraction, `+00`. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * The time in milliseconds, as Date's ISO form gives it (the microseconds cut off). A UTC text, what
 * every listing row carries twice, is rearranged as text: through a Date it took a 100-row page 0.7 ms.
 */
export function toIso(value: DbTime): string {
  if (value instanceof Date) return value.toISOString();
  const utc = UTC_TEXT.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  // '2026-11-21 20:18:05.759372+01' → '2026-11-21T20:18:05.759372+01:00', read by Date.
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}
