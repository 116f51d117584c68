import { BrowserQRCodeReader } from '@zxing/browser';
import { DecodeHintType, Exception } from '@zxing/library';

// @zxing/browser reads the canvas; its peer @zxing/library supplies the hints and the exception type.
const reader = new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]));

/** The text of the QR code drawn on `canvas`, or null when there is none that can be read. */
export function decodeQrFromCanvas(canvas: HTMLCanvasElement): string | null {
  try {
    return reader.decodeFromCanvas(canvas).getText();
  } catch (error) {
    // zxing reports "no code here" and "unreadable code" as exceptions.
    if (error instanceof Exception) return null;
    throw error;
  }
}
