import { describe, expect, it } from 'vitest';
import { isUploadedImagePath, uploadedImagePath, uploadedImageSrcSet } from './images.js';
import { photoUrlSchema } from './schemas/auth.js';
import { createMarathonSchema } from './schemas/marathon.js';

const HASH = 'c0ffee'.padEnd(64, '0');
const UPLOADED = `/api/images/${HASH}.webp`;

describe('uploaded image addresses', () => {
  it('are the hash at full width, or with -600 for the small one', () => {
    expect(uploadedImagePath(HASH)).toBe(UPLOADED);
    expect(uploadedImagePath(HASH, 'small')).toBe(`/api/images/${HASH}-600.webp`);
    expect(isUploadedImagePath(UPLOADED)).toBe(true);
  });

  it('give a srcset of both widths, and none to any other address', () => {
    expect(uploadedImageSrcSet(UPLOADED)).toBe(`${uploadedImagePath(HASH, 'small')} 600w, ${UPLOADED} 1200w`);
    for (const other of [
      'https://example.org/poster.webp',
      '/images/marathons/poster-1.svg',
      `/api/images/${HASH}-600.webp`,
      `/api/images/${HASH.toUpperCase()}.webp`,
      `/api/images/${HASH}.webp?x=1`,
      `https://evil.example/api/images/${HASH}.webp`,
    ]) {
      expect(uploadedImageSrcSet(other), other).toBeUndefined();
      expect(isUploadedImagePath(other), other).toBe(false);
    }
  });
});

describe('an uploaded image as a value', () => {
  it('is a profile photo, beside an http(s) address', () => {
    expect(photoUrlSchema.safeParse(UPLOADED).success).toBe(true);
    expect(photoUrlSchema.safeParse('https://example.org/me.png').success).toBe(true);
    expect(photoUrlSchema.safeParse('/api/images/../../etc/passwd').success).toBe(false);
    expect(photoUrlSchema.safeParse('/images/avatar.svg').success).toBe(false);
  });

  it('is a race poster, beside an http(s) address', () => {
    const race = {
      title: 'Capital City Marathon',
      startRegDate: '2030-01-01T00:00:00.000Z',
      endRegDate: '2030-02-01T00:00:00.000Z',
      startDate: '2030-03-01T00:00:00.000Z',
      location: 'Lisbon',
      distance: '10k',
      description: 'Along the river.',
    };
    expect(createMarathonSchema.safeParse({ ...race, image: UPLOADED }).success).toBe(true);
    expect(createMarathonSchema.safeParse({ ...race, image: 'https://example.org/poster.png' }).success).toBe(
      true,
    );
  });
});
