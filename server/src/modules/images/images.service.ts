import type { ImageUploadResult } from '@dp/contract';
import { IMAGE_MAX_BYTES } from '@dp/contract';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.js';

const ORIGINAL_MAX = 750;
const THUMBNAIL_MAX = 400;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

/** Where images live: DATA_DIR/images/<folder>/<generated name>.jpg — never a name the client chose. */
export const imageRoot = (dataDir: string) => path.join(dataDir, 'images');

/**
 * Stores an uploaded image as a jpeg of at most 750 px and a 400 px thumbnail. The content decides
 * whether it is an image (sharp decodes it), not the file name; anything else is refused with 400.
 */
export async function storeImage(dataDir: string, folder: string, data: Buffer, asThumbnail = false): Promise<ImageUploadResult> {
  if (data.length === 0) throw new HttpError(400, 'The image is empty.');
  if (data.length > IMAGE_MAX_BYTES) throw new HttpError(413, `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw new HttpError(400, 'The file is not an image; upload a JPEG, PNG, WebP or GIF picture.');

  const resize = (max: number) =>
    sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  let original: Buffer;
  let thumbnail: Buffer;
  try {
    [original, thumbnail] = await Promise.all([resize(asThumbnail ? THUMBNAIL_MAX : ORIGINAL_MAX), resize(THUMBNAIL_MAX)]);
  } catch {
    throw new HttpError(400, 'The image could not be read; it may be damaged.');
  }

  const name = randomUUID();
  const dir = path.join(imageRoot(dataDir), folder);
  await mkdir(dir, { recursive: true });
  await Promise.all([writeFile(path.join(dir, `${name}.jpg`), original), writeFile(path.join(dir, `thumbnail_${name}.jpg`), thumbnail)]);
  const url = `/api/images/${folder}/${name}.jpg`;
  return { url, thumbnail: `/api/images/${folder}/thumbnail_${name}.jpg`, path: url };
}
