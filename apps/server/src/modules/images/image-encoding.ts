import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_LIMITS, IMAGE_MESSAGES, IMAGE_UPLOAD_FIELD } from '@stride/shared';
import { IMAGE_WIDTHS } from '@stride/shared/images';
import { AppError, type AppErrorCode } from '../../lib/app-error.js';

/** What an upload is kept as: two WebP files without metadata, and the address's hash. */
export type EncodedImage = {
  /** SHA-256 (hex) of `full`. */
  hash: string;
  width: number;
  height: number;
  /** At most 1200 px wide. */
  full: Buffer;
  /** At most 600 px wide. */
  small: Buffer;
};

type UploadFormat = 'jpeg' | 'png' | 'webp';

/** WebP cannot be taller (or wider) than this. */
const WEBP_MAX_SIDE = 16_383;
const WEBP_QUALITY = 80;

// Every upload is a new image: libvips' cache of decoded operations would only hold memory.
sharp.cache(false);

/** The format the file's first bytes announce (its signature), whatever its name or declared type. */
export function sniffImageFormat(bytes: Buffer): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A refused upload: its message, also as the error of the field `file`. */
export function imageRefusal(code: AppErrorCode, message: string): AppError {
  return new AppError(code, message, [{ field: IMAGE_UPLOAD_FIELD, message }]);
}

export const notAnImage = () => imageRefusal('BAD_REQUEST', IMAGE_MESSAGES.notAnImage);

/**
 * Re-encodes an upload: refuses anything that is not a JPEG, PNG or WebP by its content (the signature, then
 * libvips' own reading of the header), or over 40 megapixels before decoding it; turns it upright by its EXIF
 * orientation; and writes it as WebP at most 1200 and 600 px wide (never enlarged), with no metadata (EXIF, GPS,
 * XMP, ICC: sharp keeps none unless told) and in sRGB. An animated file keeps its first frame.
 */
export async function encodeImage(upload: Buffer): Promise<EncodedImage> {
  const format = sniffImageFormat(upload);
  if (!format) throw notAnImage();
  let metadata: Metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch {
    throw notAnImage();
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > IMAGE_LIMITS.maxPixels) {
    throw imageRefusal('BAD_REQUEST', IMAGE_MESSAGES.tooManyPixels);
  }

  const source = sharp(upload, { limitInputPixels: IMAGE_LIMITS.maxPixels }).autoOrient();
  const at = (width: number) =>
    source
      .clone()
      .resize({ width, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  let full: Awaited<ReturnType<typeof at>>;
  let small: Awaited<ReturnType<typeof at>>;
  try {
    [full, small] = await Promise.all([at(IMAGE_WIDTHS.full), at(IMAGE_WIDTHS.small)]);
  } catch {
    // A header that reads well over data that does not (a truncated or damaged file).
    throw notAnImage();
  }
  return {
    hash: createHash('sha256').update(full.data).digest('hex'),
    width: full.info.width,
    height: full.info.height,
    full: full.data,
    small: small.data,
  };
}
