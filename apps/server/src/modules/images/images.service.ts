import type { ImageUploaded } from '@stride/shared';
import { uploadedImagePath } from '@stride/shared/images';
import type { SessionUser } from '../../plugins/auth/better-auth.js';
import { encodeImage } from './image-encoding.js';
import type { ImagesRepository } from './images.repository.js';

/**
 * Uploads decoded at once by one process: a 40-megapixel image takes about 160 MB while it is resized, and the
 * two cores are better spent finishing one than interleaving many.
 */
const ENCODINGS_AT_ONCE = 2;

/** Runs at most `limit` of the tasks given to it at a time, the others waiting in order. */
function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A task that finishes hands its place to the next one waiting, so none can slip in between.
    if (running < limit) running += 1;
    else await new Promise<void>((start) => waiting.push(start));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export function createImagesService({ repository }: { repository: ImagesRepository }) {
  const encoding = createLimiter(ENCODINGS_AT_ONCE);
  return {
    /**
     * Keeps an upload as WebP at two widths, without its metadata, and answers its address: the hash of what is
     * served, so the same image uploaded again has the same address.
     */
    async uploadImage(owner: SessionUser, upload: Buffer): Promise<ImageUploaded> {
      const image = await encoding(() => encodeImage(upload));
      await repository.create(owner.id, image);
      return { url: uploadedImagePath(image.hash) };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
