import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { UploadedImage } from '../../lib/uploads.js';

/** Uploaded files, shared by every area that takes one. */
export const filesRepository = {
  async insert(db: Tx, kind: (typeof files.$inferInsert)['kind'], image: UploadedImage): Promise<number> {
    const [row] = await db
      .insert(files)
      .values({ kind, contentType: image.contentType, size: image.data.length, data: image.data })
      .returning({ id: files.id });
    return row.id;
  },

  async find(db: Tx, id: number) {
    const [row] = await db.select().from(files).where(eq(files.id, id));
    return row;
  },

  async remove(db: Tx, id: number) {
    await db.delete(files).where(eq(files.id, id));
  },
};
