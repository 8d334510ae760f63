import {
  IMAGE_LIMITS,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_FIELD,
  IMAGE_UPLOAD_TYPES,
  type ImageUploaded,
} from '@stride/shared';
import { isUploadedImagePath } from '@stride/shared/images';
import { ApiError, apiRequest } from './api-client';

/** The words around an image upload (the refusals are the server's own, `IMAGE_MESSAGES`). */
export const IMAGE_UPLOAD_MESSAGES = {
  hint: 'JPEG, PNG or WebP, at most 8 MB. Or paste an address below.',
  uploading: (fileName: string) => `Uploading ${fileName}…`,
  uploaded: (fileName: string) => `${fileName} uploaded.`,
  /** Anything but the server's answer (which says what was wrong): a bug, not the file. */
  failed: 'The upload failed. Please try again.',
} as const;

/** What the server would refuse a file for, said before sending it: too large, or plainly not an image. */
export function findImageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > IMAGE_LIMITS.maxBytes) return IMAGE_MESSAGES.tooLarge;
  // The server judges the content; a type the browser names as something else is not worth the trip.
  if (file.type && !(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return IMAGE_MESSAGES.notAnImage;
  return null;
}

/**
 * Uploads an image (`POST /api/images`) and resolves with its address. A 413 said by something in front of the
 * server (which answers no JSON) reads as the server's own.
 */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, file);
  try {
    const { data } = await apiRequest<ImageUploaded>('/api/images', { method: 'POST', body: form });
    return data.url;
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw new ApiError(413, IMAGE_MESSAGES.tooLarge);
    throw error;
  }
}

/**
 * An image address typed into a form, when the form may show it as a preview: an upload's, or a file on this site
 * (a poster shipped with the app). Another host's picture is not fetched while its address is being typed.
 */
export function previewableImageUrl(typed: string): string | undefined {
  const address = typed.trim();
  return isUploadedImagePath(address) || /^\/[^/\s]\S*\.\S+$/.test(address) ? address : undefined;
}
