/** The data's modification time as people read it in `language`. */
export function formatDataTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A size in kB or MB, one decimal. */
export function formatBytes(bytes: number, language: string): string {
  const number = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  return bytes >= 1_000_000 ? `${number(bytes / 1_000_000)} MB` : `${number(Math.max(bytes, 1) / 1000)} kB`;
}
