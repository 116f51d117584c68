/** Placeholder until the QR lookup is built. */
export function QrScanButton() {
  return null;
}
