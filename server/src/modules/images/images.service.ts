import type { ImageUploadResult } from '@dp/contract';
import { IMAGE_MAX_BYTES } from '@dp/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { HttpError, msg } from '../../http/errors.js';
import { recordChange } from '../../writes/audit.js';
import * as queries from './images.queries.js';

const ORIGINAL_MAX = 750;
const THUMBNAIL_MAX = 400;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);
const PIXEL_LIMIT = 40_000_000;

/**
 * Stores an uploaded image as a jpeg of at most 750 px and a 400 px thumbnail. The content decides
 * whether it is an image (sharp decodes it), not the file name; anything else is refused with 400.
 */
export async function storeImage(
  db: Db,
  actor: string,
  folder: string,
  data: Buffer,
  asThumbnail = false,
): Promise<ImageUploadResult> {
  if (data.length === 0) throw new HttpError(400, msg('image.empty'));
  if (data.length > IMAGE_MAX_BYTES)
    throw new HttpError(413, msg('image.tooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }));
  // Loaded at the first upload, not at start (a tenth of a second of every start otherwise).
  const { default: sharp } = await import('sharp');
  const format = await sharp(data, { limitInputPixels: PIXEL_LIMIT })
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED.has(format)) throw new HttpError(400, msg('image.notImage'));

  const resize = (max: number) =>
    sharp(data, { limitInputPixels: PIXEL_LIMIT })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  const [original, thumbnail] = await Promise.all([
    resize(asThumbnail ? THUMBNAIL_MAX : ORIGINAL_MAX),
    resize(THUMBNAIL_MAX),
  ]).catch(() => {
    throw new HttpError(400, msg('image.unreadable'));
  });

  const id = randomUUID();
  const url = `/api/images/${folder}/${id}.jpg`;
  const result = { url, thumbnail: `/api/images/${folder}/thumbnail_${id}.jpg`, path: url };
  await db.transaction(async (tx) => {
    await queries.insertImage(tx, { id, folder, original, thumbnail, createdBy: actor });
    await recordChange(tx, {
      actor,
      action: 'create',
      entity: 'image',
      entityId: id,
      after: { ...result, folder, bytes: original.length },
    });
  });
  return result;
}

/** The stored jpeg for an image URL's folder and file name, or null. */
export async function readImage(
  db: Db,
  folder: string,
  id: string,
  variant: 'original' | 'thumbnail',
): Promise<Buffer | null> {
  return queries.selectImage(db, folder, id, variant);
}
