import { useState, type ChangeEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { IMAGE_UPLOAD_MESSAGES as M, findImageFileProblem, uploadImage } from '../../lib/upload-image';
import { LabelledControl } from './labelled-control';

type Upload =
  | { state: 'idle' }
  | { state: 'uploading' | 'uploaded'; fileName: string }
  | { state: 'failed'; error: string };

type ImageUploadFieldProps = {
  /** The file input's label: 'Upload a poster', 'Upload a photo'. */
  label: string;
  /** The picture as it is now (the form's address), shown beside the field; nothing when there is none to show. */
  preview?: ReactNode;
  /** Called with the uploaded image's address, which the form then keeps as its value. */
  onUploaded: (url: string) => void;
  /** Called when an upload starts and ends: a form waits for it before sending. */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * Uploading an image instead of pasting its address: a file input that sends the chosen file at once
 * (`POST /api/images`), says that it is uploading, then that it is done or why the server refused it, beside a
 * preview of the picture. The address field of the form stays; an upload fills it in.
 */
export function ImageUploadField({ label, preview, onUploaded, onBusyChange }: ImageUploadFieldProps) {
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = findImageFileProblem(file);
    if (problem) {
      setUpload({ state: 'failed', error: problem });
      input.value = '';
      return;
    }
    setUpload({ state: 'uploading', fileName: file.name });
    onBusyChange?.(true);
    try {
      onUploaded(await uploadImage(file));
      setUpload({ state: 'uploaded', fileName: file.name });
    } catch (error) {
      setUpload({ state: 'failed', error: error instanceof ApiError ? error.message : M.failed });
      input.value = '';
    } finally {
      onBusyChange?.(false);
    }
  }

  const isUploading = upload.state === 'uploading';
  const error = upload.state === 'failed' ? upload.error : undefined;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      {preview && <div className="w-full shrink-0 sm:w-48">{preview}</div>}
      <div className="grow">
        <LabelledControl label={label} error={error} hint={M.hint}>
          {(control) => (
            <input
              {...control}
              type="file"
              name="imageFile"
              accept="image/jpeg,image/png,image/webp"
              aria-busy={isUploading || undefined}
              className={`file-input w-full ${error ? 'file-input-error' : ''}`}
              onChange={(event) => void send(event)}
            />
          )}
        </LabelledControl>
        <p role="status" className="flex min-h-6 items-center gap-2 text-sm">
          {isUploading && <span className="loading loading-spinner loading-xs" aria-hidden />}
          {upload.state === 'uploading' && M.uploading(upload.fileName)}
          {upload.state === 'uploaded' && M.uploaded(upload.fileName)}
        </p>
      </div>
    </div>
  );
}
