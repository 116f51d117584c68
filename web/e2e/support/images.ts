import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { deflateSync } from 'node:zlib';

/** A valid RGB PNG with a colour gradient, made in the test so that no fixture file is needed. */
function gradientPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // raw[row] = 0: filter none
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = 60;
      raw[row + 2 + x * 3] = Math.round((x / width) * 255);
      raw[row + 3 + x * 3] = Math.round((y / height) * 255);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Chooses a picture in the image cell of `dialog`, applies the crop dialog (which uploads the PNG) and
 * waits until the cell shows the uploaded thumbnail from `folder`.
 */
export async function addImage(page: Page, dialog: Locator, fileName: string, folder: string) {
  await dialog.getByTestId('image-cell-input').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: gradientPng(240, 180) });
  const crop = page.getByRole('dialog', { name: 'Crop image' });
  await crop.getByTestId('image-crop-area').locator('img').waitFor();
  await expect.poll(() => crop.getByTestId('image-crop-apply').isEnabled()).toBe(true);
  await crop.getByTestId('image-crop-apply').click();
  await crop.waitFor({ state: 'hidden' });
  await expect.poll(() => dialog.getByRole('img', { name: 'Image' }).getAttribute('src')).toMatch(new RegExp(`^/api/images/${folder}/`));
}
