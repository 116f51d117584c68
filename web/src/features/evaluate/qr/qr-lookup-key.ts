/** The lookup key of a scanned label: its second line (SPEC 5), or null when it has none. */
export function qrLookupKey(scanned: string): string | null {
  const key = scanned.split(/\r?\n/)[1]?.trim();
  return key ? key : null;
}
