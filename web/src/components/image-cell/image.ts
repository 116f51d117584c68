import type { ImageUploadResult } from '@dp/contract';
import type { Area } from 'react-easy-crop';
import { api } from '../../lib/api';
import type { ImageFolder } from '../editable-table/types';

/** SPEC 2 / 9: crop viewport, boundary and the PNG quality of the result. */
export const CROP_VIEWPORT = { width: 200, height: 200 } as const;
export const CROP_BOUNDARY = { width: 500, height: 500 } as const;
const CROP_QUALITY = 0.8;
/** The cut-out keeps the picture's own resolution up to this edge; the server resizes to 750 / 400 px anyway. */
const MAX_OUTPUT_EDGE = 1500;

/** SPEC 8 texts, spelled as given there. */
export const IMAGE_WORKING_ERROR = 'Error while working with image occured';
export const IMAGE_UPLOAD_ERROR = 'Error while uploading image';

/** An image as items and versions store it. */
export interface ImageValue {
  original: string;
  thumbnail: string;
}

export function isImageValue(value: unknown): value is ImageValue {
  if (typeof value !== 'object' || value === null) return false;
  const { original, thumbnail } = value as Record<string, unknown>;
  return typeof original === 'string' && typeof thumbnail === 'string';
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`The image could not be read`));
    image.src = src;
  });
}

/** Cuts `area` (in the picture's pixels) out of the image at `src` and returns it as a PNG data URL. */
export async function cropToPng(src: string, area: Area): Promise<string> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_OUTPUT_EDGE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  // PNG ignores the quality argument; it is passed as SPEC 9 names it.
  const url = canvas.toDataURL('image/png', CROP_QUALITY);
  if (!url.startsWith('data:image/png')) throw new Error('The browser did not produce a PNG');
  return url;
}

/** The file name a cropped upload gets: the chosen file's name with a .png ending. */
export function pngName(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]*$/, '').replace(/[^A-Za-z0-9_.-]+/g, '_') || 'image';
  return `${base}.png`;
}

/** SPEC 7 upload: base64 without its data-URL prefix; the server stores original and thumbnail. */
export async function uploadImage(folder: ImageFolder, filename: string, dataUrl: string): Promise<ImageValue> {
  const base64 = dataUrl.replace(/^data:[^,]*,/, '');
  const result = await api.post<ImageUploadResult>('/api/upload', { folder, filename, base64 });
  return { original: result.url, thumbnail: result.thumbnail };
}
