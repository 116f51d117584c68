import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrFromCanvas } from './decode-qr';
import { qrLookupKey } from './qr-lookup-key';

interface RgbaImage {
  /** RGBA bytes, four per pixel, row by row (as in canvas ImageData). */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** jsdom has no canvas: one that holds `image`, as far as the decoder reads a canvas. */
function canvasOf(image: RgbaImage): HTMLCanvasElement {
  const context = { getImageData: () => image };
  return { width: image.width, height: image.height, getContext: () => context } as unknown as HTMLCanvasElement;
}

/** Renders `text` as a QR code: black modules on white, `scale` pixels per module, a 4-module quiet zone. */
function qrImage(text: string, scale = 4, quietZone = 4): RgbaImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * quietZone) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quietZone;
      const col = Math.floor(x / scale) - quietZone;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col) === 1;
      if (dark) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { data, width: side, height: side };
}

/** A blank white image. */
function blank(width: number, height: number): RgbaImage {
  return { data: new Uint8ClampedArray(width * height * 4).fill(255), width, height };
}

describe('decodeQrFromCanvas', () => {
  it('reads a two-line label', () => {
    const text = 'Digital Portfolio\nETCS Onboard Unit 1.2.0';
    expect(decodeQrFromCanvas(canvasOf(qrImage(text)))).toBe(text);
  });

  it('reads Windows line breaks and accents unchanged', () => {
    const text = 'Etikett\r\nTürsteuergerät MAT-4711-02\r\nBaujahr 2024';
    expect(decodeQrFromCanvas(canvasOf(qrImage(text)))).toBe(text);
  });

  it('answers null for an image without a QR code', () => {
    expect(decodeQrFromCanvas(canvasOf(blank(120, 80)))).toBeNull();
  });
});

describe('qrLookupKey', () => {
  it('is the second line, split at \\n, \\r\\n or a lone carriage return', () => {
    expect(qrLookupKey('Label\nETCS Onboard Unit')).toBe('ETCS Onboard Unit');
    expect(qrLookupKey('Label\r\nDoor Control 2.1\r\nmore')).toBe('Door Control 2.1');
    expect(qrLookupKey('Label\rDoor Control 2.1\rmore')).toBe('Door Control 2.1');
  });

  it('is null without a second line or with an empty one', () => {
    expect(qrLookupKey('ETCS Onboard Unit')).toBeNull();
    expect(qrLookupKey('Label\n   \nthird')).toBeNull();
    expect(qrLookupKey('')).toBeNull();
  });

  it('works on what the decoder read', () => {
    const scanned = decodeQrFromCanvas(canvasOf(qrImage('Digital Portfolio\nBrake Control Unit')));
    expect(scanned && qrLookupKey(scanned)).toBe('Brake Control Unit');
  });
});
