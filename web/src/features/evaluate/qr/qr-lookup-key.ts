/**
 * The lookup key of a scanned label: its second line (SPEC 3: "after a carriage return"), or null when
 * it has none. Lines may end in \r, \n or \r\n.
 */
export function qrLookupKey(scanned: string): string | null {
  const key = scanned.split(/\r\n|\r|\n/)[1]?.trim();
  return key ? key : null;
}
