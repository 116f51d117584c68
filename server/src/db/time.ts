/** A PostgreSQL timestamp as raw queries return it through drizzle (text), as ISO 8601. */
export type DbTime = string | Date;

export function toIso(value: DbTime): string {
  if (value instanceof Date) return value.toISOString();
  // '2026-11-21 20:18:05.759372+00' → '2026-11-21T20:18:05.759372+00:00'
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}
