import type { ImageUploadResult } from '@dp/contract';
import { api } from '../../../lib/api';

/**
 * POST /api/upload as multipart with the picture (SPEC 7, the rich-text editor's image): the server
 * checks it is an image, stores it resized and answers the path to insert.
 */
export async function uploadEditorImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const result = await api.post<ImageUploadResult>('/api/upload', form);
  return result.path;
}
