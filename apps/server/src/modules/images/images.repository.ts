import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import type { EncodedImage } from './image-encoding.js';

/** Which of an image's two versions: at most 1200 px wide, or at most 600. */
export type ImageWidth = 'full' | 'small';

/** The images table: the only code that reads or writes it. */
export function createImagesRepository(db: Database) {
  return {
    /** Keeps an upload for its uploader; the same image uploaded again by them changes nothing. */
    async create(ownerId: string, image: EncodedImage): Promise<void> {
      await db
        .insert(images)
        .values({
          hash: image.hash,
          ownerId,
          width: image.width,
          height: image.height,
          fullWebp: image.full,
          smallWebp: image.small,
        })
        .onConflictDoNothing();
    },

    /** One version of the image with this hash (whoever uploaded it), or null. */
    async findWebp(hash: string, width: ImageWidth): Promise<Buffer | null> {
      const [row] = await db
        .select({ webp: width === 'full' ? images.fullWebp : images.smallWebp })
        .from(images)
        .where(eq(images.hash, hash))
        .limit(1);
      return row?.webp ?? null;
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
