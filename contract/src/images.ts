import { z } from './zod-setup.js';
import { issueKey } from './issue-key.js';

export const IMAGE_FOLDERS = ['systems', 'assemblies', 'subassemblies', 'versions', 'richtext'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The path of an image this server stored: `/api/images/<folder>/[thumbnail_]<uuid>.jpg`, the only
 * form the upload call returns. Nothing else (no `..`, no other folder, no other host) is accepted.
 */
export const STORED_IMAGE_PATH = new RegExp(
  `^/api/images/(?:${IMAGE_FOLDERS.join('|')})/(?:thumbnail_)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.jpg$`,
);

/** An image field of a request: a stored image's path. */
export const storedImagePath = z
  .string({ error: issueKey('zod.text') })
  .max(200, issueKey('zod.imagePath'))
  .regex(STORED_IMAGE_PATH, issueKey('zod.imagePath'));

/** SPEC 7 upload call: the image as base64 without the data-URL prefix. */
export const imageUpload = z
  .object({
    folder: z.enum(IMAGE_FOLDERS),
    /** Only used to tell an upload of a thumbnail ('thumbnail_…'); stored files get names of their own. */
    filename: z.string().trim().min(1).max(255),
    base64: z
      .string()
      .min(1, issueKey('zod.notEmpty'))
      .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 4, issueKey('zod.imageMaxMb'))
      .regex(/^[A-Za-z0-9+/=\s]+$/, issueKey('zod.base64')),
  })
  .strict();

export const imageUploadResult = z
  .object({ url: z.string(), thumbnail: z.string(), path: z.string() })
  .meta({ id: 'ImageUploadResult' });
export type ImageUploadResult = z.infer<typeof imageUploadResult>;
