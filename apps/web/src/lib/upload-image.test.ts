import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '@stride/shared';
import { findImageFileProblem, previewableImageUrl } from './upload-image';

describe('findImageFileProblem', () => {
  it('lets a JPEG, PNG or WebP of at most 8 MB go to the server (which judges its content)', () => {
    expect(findImageFileProblem({ size: 8 * 1024 * 1024, type: 'image/jpeg' })).toBeNull();
    expect(findImageFileProblem({ size: 10, type: 'image/webp' })).toBeNull();
    expect(findImageFileProblem({ size: 10, type: '' })).toBeNull(); // a type the browser could not name
  });

  it('says at once what the server would refuse: too large, or plainly not an image', () => {
    expect(findImageFileProblem({ size: 8 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      IMAGE_MESSAGES.tooLarge,
    );
    expect(findImageFileProblem({ size: 10, type: 'image/gif' })).toBe(IMAGE_MESSAGES.notAnImage);
    expect(findImageFileProblem({ size: 10, type: 'application/pdf' })).toBe(IMAGE_MESSAGES.notAnImage);
  });
});

describe('previewableImageUrl', () => {
  it('shows an upload’s address and a file on this site', () => {
    const upload = `/api/images/${'b'.repeat(64)}.webp`;
    expect(previewableImageUrl(` ${upload} `)).toBe(upload);
    expect(previewableImageUrl('/images/marathons/poster-2.svg')).toBe('/images/marathons/poster-2.svg');
  });

  it('fetches nothing from another host, nor an address half typed', () => {
    for (const typed of [
      '',
      'h',
      'https://example.org/poster.jpg',
      '/ima',
      '//evil.example/x.png',
      'javascript:alert(1)',
    ]) {
      expect(previewableImageUrl(typed), typed).toBeUndefined();
    }
  });
});
