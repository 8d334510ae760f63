import type { ReadCacheSettings } from '../../config.js';
import { createReadThroughCache } from '../../lib/expiring-cache.js';
import type { ImageWidth, ImagesRepository } from './images.repository.js';

/**
 * An image never changes under its address (the address is its hash), so a process keeps the ones it serves for
 * a while; only an uploader's account going removes one, and this bounds how long another process still serves
 * it from memory.
 */
const IMAGE_MAX_AGE_MS = 10 * 60_000;
const IMAGES_KEPT = 1_000;

/** Serving uploaded images: from memory when kept (bounded by READ_CACHE_MB), else from the database. */
export function createImageReads({
  repository,
  readCache,
}: {
  repository: ImagesRepository;
  readCache: ReadCacheSettings;
}) {
  const kept = createReadThroughCache<Buffer>({
    maxEntries: IMAGES_KEPT,
    maxBytes: readCache.maxBytes,
    sizeOf: (webp) => webp.length,
    maxAgeMs: readCache.enabled ? IMAGE_MAX_AGE_MS : 0,
  });
  return {
    /** The WebP file of one version of the image with this hash, or null when there is none. */
    async webp(hash: string, width: ImageWidth): Promise<Buffer | null> {
      const found = kept.lookup(`${hash}-${width}`);
      if (found.kind === 'kept') return found.value;
      if (found.kind === 'loading') {
        const loaded = await found.loaded;
        if (loaded) return loaded;
      }
      let webp: Buffer | null = null;
      try {
        webp = await repository.findWebp(hash, width);
      } finally {
        // An unknown hash is not kept: it may be uploaded in a moment.
        if (found.kind === 'load') found.settle(webp ?? undefined);
      }
      return webp;
    },
  };
}

export type ImageReads = ReturnType<typeof createImageReads>;
