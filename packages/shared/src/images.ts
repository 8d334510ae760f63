/**
 * The addresses uploaded images are served at (`/api/images/…`), as `@stride/shared/images`: the navbar's avatar
 * and the race cards read them on the first load, which carries nothing else of uploads (their limits and words
 * are `./image-uploads.ts`, in `@stride/shared`). No zod here.
 */

/** The widths an upload is kept at (never wider than the original): the full one, and one for small slots. */
export const IMAGE_WIDTHS = { full: 1200, small: 600 } as const;

const UPLOADED_IMAGE_PATH = /^\/api\/images\/([0-9a-f]{64})\.webp$/;

/** The address of an uploaded image (its SHA-256, hex), full width or the 600 px one. */
export function uploadedImagePath(hash: string, width: 'full' | 'small' = 'full'): string {
  return `/api/images/${hash}${width === 'small' ? `-${IMAGE_WIDTHS.small}` : ''}.webp`;
}

/** Is this the address an upload answered (`/api/images/<sha256>.webp`)? */
export function isUploadedImagePath(url: string): boolean {
  return UPLOADED_IMAGE_PATH.test(url);
}

/**
 * `srcset` for an uploaded image's address: its 600 and 1200 px versions; undefined for any other address (a
 * poster on another host, one shipped with the app), which has one size only.
 */
export function uploadedImageSrcSet(url: string): string | undefined {
  // `{hash}.webp` → `{hash}-600.webp`, as uploadedImagePath(hash, 'small') writes it, spelt out: the first load
  // carries this.
  return UPLOADED_IMAGE_PATH.test(url) ? `${url.slice(0, -5)}-600.webp 600w, ${url} 1200w` : undefined;
}
