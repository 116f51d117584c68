import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

/** A valid RGB PNG with a colour gradient, made in the test so that no fixture file is needed. */
function gradientPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      raw[at] = 60;
      raw[at + 1] = Math.round((x / width) * 255);
      raw[at + 2] = Math.round((y / height) * 255);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * Chooses a picture in the image cell of `dialog`, applies the crop dialog (which uploads the PNG) and
 * waits until the cell shows the uploaded thumbnail from `folder`.
 */
export async function addImage(page: Page, dialog: Locator, fileName: string, folder: string) {
  await dialog
    .getByTestId('image-cell-input')
    .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: await gradientPng(240, 180) });
  const crop = page.getByRole('dialog', { name: 'Crop image' });
  await crop.getByTestId('image-crop-area').locator('img').waitFor();
  await expect.poll(() => crop.getByTestId('image-crop-apply').isEnabled()).toBe(true);
  await crop.getByTestId('image-crop-apply').click();
  await crop.waitFor({ state: 'hidden' });
  await expect
    .poll(() => dialog.getByRole('img', { name: 'Image' }).getAttribute('src'))
    .toMatch(new RegExp(`^/api/images/${folder}/`));
}
