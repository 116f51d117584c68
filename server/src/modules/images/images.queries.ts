import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';

export interface NewImage {
  id: string;
  folder: string;
  original: Buffer;
  thumbnail: Buffer;
  createdBy: string;
}

export async function insertImage(tx: Executor, image: NewImage): Promise<void> {
  await tx.execute(
    sql`insert into images (id, folder, original, thumbnail, created_by)
        values (${image.id}, ${image.folder}, ${image.original}, ${image.thumbnail}, ${image.createdBy})`,
  );
}

/** One variant's bytes, or null when no image has that id in that folder. */
export async function selectImage(
  db: Db,
  folder: string,
  id: string,
  variant: 'original' | 'thumbnail',
): Promise<Buffer | null> {
  const result = await db.execute<{ data: Buffer }>(
    sql`select ${sql.identifier(variant)} as data from images where id = ${id} and folder = ${folder}`,
  );
  return result.rows[0]?.data ?? null;
}
