/**
 * Uploading an image (`POST /api/images`): the limits and words the server and the upload forms share. The
 * addresses it answers are `./images.ts`'s (`@stride/shared/images`).
 */

export const IMAGE_LIMITS = {
  /** The file as sent. */
  maxBytes: 8 * 1024 * 1024,
  /** Width × height, before anything is decoded. */
  maxPixels: 40_000_000,
} as const;

/** The multipart field the file is sent in. */
export const IMAGE_UPLOAD_FIELD = 'file';

/** The types an upload may be (judged by the file's content, never its name). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const IMAGE_MESSAGES = {
  notAnImage: 'Image must be a JPEG, PNG or WebP file',
  tooLarge: 'Image must be at most 8 MB',
  tooManyPixels: 'Image must be at most 40 megapixels',
} as const;

/** What `POST /api/images` answers (201): the address of the full-width version. */
export type ImageUploaded = { url: string };
