import fastifyMultipart from '@fastify/multipart';
import { apiError, IMAGE_FOLDERS, IMAGE_MAX_BYTES, imageUpload, imageUploadResult } from '@dp/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { HttpError, msg, notFound } from '../../http/errors.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { readImage, storeImage } from './images.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 413: apiError };
const imageFile = /^(thumbnail_)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;

/**
 * Image upload for admins (base64 as SPEC 7 describes, and multipart for the rich-text editor), and
 * the stored images. Reading is public: <img> tags send no bearer token, and the names are random.
 */
export async function imageRoutes(app: ZodApp, { db }: AppContext) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } });

    scope.withTypeProvider<ZodTypeProvider>().post('/api/upload', {
      schema: {
        tags: ['images'],
        summary: 'Upload an image (JSON with base64, or multipart with one file)',
        // Multipart bodies are left unparsed (null); JSON bodies are validated.
        body: imageUpload.nullish(),
        response: { 200: imageUploadResult, ...errors },
      },
      onRequest: requireRole('admin'),
      handler: async (req) => {
        const actor = req.user.username;
        if (req.isMultipart()) {
          const file = await req.file();
          if (!file) throw new HttpError(400, msg('image.sendField'));
          const data = await file.toBuffer().catch(() => {
            throw new HttpError(413, msg('image.tooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }));
          });
          return storeImage(db, actor, 'richtext', data);
        }
        if (!req.body) throw new HttpError(400, msg('image.sendJson'));
        return storeImage(
          db,
          actor,
          req.body.folder,
          Buffer.from(req.body.base64, 'base64'),
          req.body.filename.startsWith('thumbnail_'),
        );
      },
    });
  });

  app.get('/api/images/:folder/:file', {
    schema: {
      tags: ['images'],
      summary: 'A stored image (jpeg)',
      params: z.object({ folder: z.enum(IMAGE_FOLDERS), file: z.string().regex(imageFile, 'is not an image name') }),
      response: { 200: z.any().describe('The jpeg'), 404: apiError, 400: apiError },
    },
    handler: async (req, reply) => {
      const [, thumbnail, id] = imageFile.exec(req.params.file) ?? [];
      const data = id ? await readImage(db, req.params.folder, id, thumbnail ? 'thumbnail' : 'original') : null;
      if (!data) throw notFound(msg('thing.image', { file: req.params.file }));
      return reply
        .type('image/jpeg')
        .header('Cache-Control', 'public, max-age=31536000, immutable') // A Buffer goes out as it is; Fastify serializes only objects.
        .send(data);
    },
  });
}
