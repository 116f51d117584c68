import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { apiError, IMAGE_MAX_BYTES, imageUpload, imageUploadResult } from '@dp/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdirSync } from 'node:fs';
import { requireRole } from '../../auth/plugin.js';
import { HttpError } from '../../http/errors.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { imageRoot, storeImage } from './images.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 413: apiError };

/**
 * Image upload for admins (base64 as SPEC 7 describes, and multipart for the rich-text editor), and
 * the stored images. Reading is public: <img> tags send no bearer token, and stored names are random.
 */
export async function imageRoutes(app: ZodApp, { config }: AppContext) {
  const root = imageRoot(config.dataDir);
  mkdirSync(root, { recursive: true });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } });
    await scope.register(fastifyStatic, { root, prefix: '/api/images/', decorateReply: false, index: false, dotfiles: 'deny', immutable: true, maxAge: '365d' });

    scope.withTypeProvider<ZodTypeProvider>().post('/api/upload', {
      schema: { tags: ['images'], summary: 'Upload an image (JSON with base64, or multipart with one file)',
        // Multipart bodies are left unparsed (null); JSON bodies are validated.
        body: imageUpload.nullish(), response: { 200: imageUploadResult, ...errors } },
      onRequest: requireRole('admin'),
      handler: async (req) => {
        if (req.isMultipart()) {
          const file = await req.file();
          if (!file) throw new HttpError(400, 'Send one image file in the form field "image".');
          const data = await file.toBuffer().catch(() => {
            throw new HttpError(413, `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
          });
          return storeImage(config.dataDir, 'richtext', data);
        }
        if (!req.body) throw new HttpError(400, 'Send the image as JSON {folder, filename, base64} or as multipart form data.');
        const data = Buffer.from(req.body.base64, 'base64');
        return storeImage(config.dataDir, req.body.folder, data, req.body.filename.startsWith('thumbnail_'));
      },
    });
  });
}
