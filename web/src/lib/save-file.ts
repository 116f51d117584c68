/** SPEC 9: the object URL of a saved file is revoked after 40 s (time enough for the browser to take it). */
export const OBJECT_URL_LIFETIME_MS = 40_000;

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
