import {
  BinaryBitmap,
  DecodeHintType,
  Exception,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';

export interface RgbaImage {
  /** RGBA bytes, four per pixel, row by row (as in canvas ImageData). */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);

/** The text of the QR code in `image`, or null when there is none that can be read. */
export function decodeQrFromImageData({ data, width, height }: RgbaImage): string | null {
  const luminances = new Uint8ClampedArray(width * height);
  for (let pixel = 0; pixel < luminances.length; pixel++) {
    const offset = pixel * 4;
    // zxing's own green-favouring average of red, green and blue.
    luminances[pixel] = ((data[offset] ?? 0) + 2 * (data[offset + 1] ?? 0) + (data[offset + 2] ?? 0)) / 4;
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminances, width, height)));
  try {
    return new QRCodeReader().decode(bitmap, hints).getText();
  } catch (error) {
    // zxing reports "no code here" and "unreadable code" as exceptions.
    if (error instanceof Exception) return null;
    throw error;
  }
}
