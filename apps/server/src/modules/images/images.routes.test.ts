import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, IMAGE_MESSAGES } from '@stride/shared';
import { uploadedImagePath, uploadedImageSrcSet } from '@stride/shared/images';
import { images } from '../../db/schema/index.js';
import { createMarathon, getMarathon, marathonInput, useTestApp } from '../../testing/marathon-fixtures.js';
import {
  type SignedIn,
  type TestApp,
  bearerHeaders,
  buildTestApp,
  cookieHeaders,
  makeSignUpInput,
  postAuth,
  signUp,
} from '../../testing/test-app.js';

const main = useTestApp();
let uploader: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  [uploader, other] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
});

const UPLOADED_URL = /^\/api\/images\/[0-9a-f]{64}\.webp$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Part = { name: string; content: Buffer | string; filename?: string; type?: string };

/** A multipart/form-data body of these parts, as a browser's FormData sends it. */
function multipartBody(parts: Part[]) {
  const boundary = `----StrideBoundary${randomUUID()}`;
  const chunks = parts.flatMap(({ name, content, filename, type }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
        (filename === undefined
          ? '\r\n\r\n'
          : `; filename="${filename}"\r\nContent-Type: ${type ?? 'application/octet-stream'}\r\n\r\n`),
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const file = (content: Buffer | string, filename = 'poster.jpg', type = 'image/jpeg'): Part => ({
  name: 'file',
  content,
  filename,
  type,
});

function upload(
  parts: Part[],
  headers: Record<string, string> = bearerHeaders(uploader.token),
  app: TestApp = main.current,
) {
  const { payload, contentType } = multipartBody(parts);
  return app.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': contentType, ...headers },
    payload,
  });
}

const get = (url: string, headers: Record<string, string> = {}) => main.current.app.inject({ url, headers });

/** A photo as a camera writes it: a gradient (so it compresses like one), EXIF with a place, an ICC profile. */
function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const gradient = Buffer.alloc(width * height * 3);
  for (let i = 0; i < gradient.length; i += 3) {
    const pixel = i / 3;
    gradient[i] = (pixel % width) % 256;
    gradient[i + 1] = Math.floor(pixel / width) % 256;
    gradient[i + 2] = 128;
  }
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Copyright: 'Ada Runner', Artist: 'Ada Runner' }, IFD3: { GPSLatitudeRef: 'N' } })
    .withIccProfile('p3')
    .toFormat(format)
    .toBuffer();
}

/** A PNG whose header claims `width` × `height` pixels, followed by the data of none (an empty zlib stream). */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The smallest GIF: one transparent pixel.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function expectRefused(
  response: { statusCode: number; json: () => unknown; body: string },
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ success: false, message, errors: [{ field: 'file', message }] });
}

describe('POST /api/images', () => {
  it('answers 401 to someone not signed in, and keeps nothing', async () => {
    const response = await upload([file(await photo(40, 30))], {});

    expect(response.statusCode).toBe(401);
    expect(await main.current.database.db.select().from(images)).toEqual([]);
  });

  it.each(['jpeg', 'png', 'webp'] as const)('keeps a %s and answers 201 with its address', async (format) => {
    const response = await upload([file(await photo(64, 48, format), `poster.${format}`, `image/${format}`)]);

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ url: expect.stringMatching(UPLOADED_URL) });
  });

  it('takes an upload from the signed-in browser (cookie and its own Origin)', async () => {
    const response = await upload([file(await photo(32, 32))], cookieHeaders(uploader.cookie));

    expect(response.statusCode, response.body).toBe(201);
  });

  it('judges a file by its content: a PNG named .jpg and sent as image/jpeg is kept', async () => {
    const response = await upload([file(await photo(20, 20, 'png'), 'photo.jpg', 'image/jpeg')]);

    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    ['a GIF', [file(GIF, 'poster.gif', 'image/gif')]],
    ['a text file', [file('Just words, no picture', 'notes.txt', 'text/plain')]],
    ['a text file named .jpg and sent as image/jpeg', [file('Just words, no picture', 'poster.jpg')]],
    [
      'a JPEG signature over garbage',
      [file(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]))],
    ],
    ['an SVG', [file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'poster.svg', 'image/svg+xml')]],
    ['an empty file', [file(Buffer.alloc(0))]],
    ['a form with no file', [{ name: 'title', content: 'My poster' }]],
    ['a file in another field', [{ ...file(GIF), name: 'image' }]],
  ])('refuses %s with 400 "Image must be a JPEG, PNG or WebP file"', async (_what, parts) => {
    expectRefused(await upload(parts), 400, IMAGE_MESSAGES.notAnImage);
  });

  it('refuses two files: an upload is one image', async () => {
    const jpeg = await photo(20, 20);
    const response = await upload([file(jpeg), file(jpeg, 'second.jpg')]);

    expectRefused(response, 400, IMAGE_MESSAGES.notAnImage);
  });

  it('refuses a body that is not multipart (JSON, a bare image) with the same 400', async () => {
    const asJson = await main.current.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: bearerHeaders(uploader.token),
      payload: { url: 'https://example.org/poster.jpg' },
    });
    const bare = await main.current.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': 'image/jpeg', ...bearerHeaders(uploader.token) },
      payload: await photo(20, 20),
    });

    expectRefused(asJson, 400, IMAGE_MESSAGES.notAnImage);
    expectRefused(bare, 400, IMAGE_MESSAGES.notAnImage);
  });

  it('refuses a file over 8 MB with 413 "Image must be at most 8 MB", announced or streamed', async () => {
    const tooBig = Buffer.concat([await photo(20, 20), Buffer.alloc(IMAGE_LIMITS.maxBytes, 1)]);
    const announced = await upload([file(tooBig)]);
    const { payload, contentType } = multipartBody([file(tooBig)]);
    // No Content-Length: the multipart reader's own limit stops it.
    const streamed = await main.current.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': contentType, ...bearerHeaders(uploader.token) },
      payload: Readable.from([payload.subarray(0, 1024 * 1024), payload.subarray(1024 * 1024)]),
    });

    expect(IMAGE_MESSAGES.tooLarge).toBe('Image must be at most 8 MB');
    expectRefused(announced, 413, IMAGE_MESSAGES.tooLarge);
    expectRefused(streamed, 413, IMAGE_MESSAGES.tooLarge);
  });

  it('takes a file of exactly 8 MB as far as reading it (then judges its content)', async () => {
    const justFits = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.alloc(IMAGE_LIMITS.maxBytes - 3, 1),
    ]);

    expectRefused(await upload([file(justFits)]), 400, IMAGE_MESSAGES.notAnImage);
  });

  it('refuses over 40 megapixels from the header alone, before decoding anything', async () => {
    // 8000 × 5001 = 40,008,000 pixels, and no pixel data at all: decoding it would fail as "not an image".
    const response = await upload([file(pngHeaderClaiming(8000, 5001), 'huge.png', 'image/png')]);

    expectRefused(response, 400, IMAGE_MESSAGES.tooManyPixels);
    expect(IMAGE_MESSAGES.tooManyPixels).toBe('Image must be at most 40 megapixels');
  });

  it('gives the same address to the same file uploaded twice, by one person or two', async () => {
    const poster = await photo(90, 60);
    const first = await upload([file(poster)]);
    const again = await upload([file(poster)]);
    const byOther = await upload([file(poster)], bearerHeaders(other.token));
    const url = first.json<{ url: string }>().url;

    expect(again.json()).toEqual({ url });
    expect(byOther.json()).toEqual({ url });
    const hash = url.slice('/api/images/'.length, -'.webp'.length);
    const rows = await main.current.database.db
      .select({ ownerId: images.ownerId })
      .from(images)
      .where(eq(images.hash, hash));
    expect(rows.map((row) => row.ownerId).sort()).toEqual([uploader.user.id, other.user.id].sort());
  });
});

describe('whatever bytes are sent as the file', () => {
  it('answers 201 or 400 with the upload message, never 5xx, and a refusal keeps nothing', async () => {
    const samples = await Promise.all(
      (['jpeg', 'png', 'webp'] as const).map((format) => photo(48, 32, format)),
    );
    const rowsNow = async () => (await main.current.database.db.select({ n: count() }).from(images))[0]!.n;
    // A real image cut short, with some bytes changed, or bytes of no format at all behind a real signature.
    const sentBytes = fc.oneof(
      fc
        .record({
          sample: fc.constantFrom(...samples),
          keep: fc.double({ min: 0, max: 1, noNaN: true }),
          changes: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), {
            maxLength: 8,
          }),
        })
        .map(({ sample, keep, changes }) => {
          const bytes = Buffer.from(sample.subarray(0, Math.ceil(sample.length * keep)));
          for (const { at, byte } of changes) if (bytes.length > 0) bytes[at % bytes.length] = byte;
          return bytes;
        }),
      fc
        .tuple(
          fc.constantFrom(...samples.map((sample) => sample.subarray(0, 16))),
          fc.uint8Array({ maxLength: 512 }),
        )
        .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)])),
    );

    await fc.assert(
      fc.asyncProperty(sentBytes, async (bytes) => {
        const before = await rowsNow();
        const response = await upload([file(bytes)]);
        if (response.statusCode === 201) return;
        expectRefused(response, 400, IMAGE_MESSAGES.notAnImage);
        expect(await rowsNow()).toBe(before);
      }),
      { seed: 20_261_126, numRuns: 150 },
    );
  });
});

describe('an uploaded image', () => {
  let url: string;
  beforeAll(async () => {
    const response = await upload([file(await photo(2400, 1600))]);
    url = response.json<{ url: string }>().url;
  });

  const served = async (address: string) => {
    const response = await get(address);
    expect(response.statusCode, address).toBe(200);
    return response;
  };

  it('is kept as WebP 1200 px wide and 600 px wide, in proportion', async () => {
    const full = await sharp((await served(url)).rawPayload).metadata();
    const small = await sharp((await served(uploadedImageSrcSet(url)!.split(' ')[0]!)).rawPayload).metadata();

    expect([full.format, full.width, full.height]).toEqual(['webp', 1200, 800]);
    expect([small.format, small.width, small.height]).toEqual(['webp', 600, 400]);
  });

  it('keeps none of the metadata it came with: no EXIF (place, author), no ICC profile, no XMP', async () => {
    for (const address of [url, url.replace('.webp', '-600.webp')]) {
      const metadata = await sharp((await served(address)).rawPayload).metadata();
      expect(metadata.exif, address).toBeUndefined();
      expect(metadata.icc, address).toBeUndefined();
      expect(metadata.xmp, address).toBeUndefined();
      expect(metadata.iptc, address).toBeUndefined();
    }
    const raw = (await served(url)).rawPayload.toString('latin1');
    expect(raw).not.toContain('Ada Runner');
  });

  it('is never made larger than it was sent', async () => {
    const smallUrl = (await upload([file(await photo(300, 200, 'png'), 'small.png', 'image/png')])).json<{
      url: string;
    }>().url;

    for (const address of [smallUrl, smallUrl.replace('.webp', '-600.webp')]) {
      const metadata = await sharp((await served(address)).rawPayload).metadata();
      expect([metadata.width, metadata.height], address).toEqual([300, 200]);
    }
  });

  it('is served to anyone as image/webp, cached for a year and never revalidated, even with a cookie', async () => {
    for (const headers of [{}, { cookie: uploader.cookie }, bearerHeaders(other.token)]) {
      for (const address of [url, url.replace('.webp', '-600.webp')]) {
        const response = await get(address, headers);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toBe(IMMUTABLE);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('answers 304 to a browser that has it already (its ETag)', async () => {
    const first = await served(url);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });

    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    expect(again.body).toBe('');
  });

  it('answers 404 to an unknown hash, and to any address an upload never answers', async () => {
    const unknown = uploadedImagePath('0'.repeat(64));
    const hash = url.slice('/api/images/'.length, -'.webp'.length);
    for (const address of [
      unknown,
      unknown.replace('.webp', '-600.webp'),
      `/api/images/${hash}.png`,
      `/api/images/${hash}-300.webp`,
      `/api/images/${hash.slice(1)}.webp`,
      `/api/images/${hash}`,
      '/api/images/..%2f..%2fetc%2fpasswd',
      '/api/images/poster.webp',
    ]) {
      const response = await get(address);
      expect(response.statusCode, address).toBe(404);
      expect(response.headers['cache-control'], address).not.toBe(IMMUTABLE);
    }
  });

  it('can be a race poster and a profile photo', async () => {
    const organizer = await signUp(main.current.app);
    const race = await createMarathon(main.current.app, organizer, marathonInput({ image: url }));
    const photoUser = await postAuth(main.current.app, '/sign-up/email', makeSignUpInput({ image: url }));

    expect((await getMarathon(main.current.app, race._id))?.image).toBe(url);
    expect(photoUser.statusCode, photoUser.body).toBe(200);
    expect(photoUser.json<{ user: { image: string } }>().user.image).toBe(url);
  });
});

describe('uploading under the write limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      config: { rateLimit: true, rateLimits: { signInFailures: 5, signUps: 30, writes: 2 } },
    });
  });
  afterAll(() => limited?.close());

  it('counts each upload as a write: past the limit, 429 before the body is read', async () => {
    const person = await signUp(limited.app);
    const jpeg = await photo(16, 16);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await upload([file(jpeg)], bearerHeaders(person.token), limited)).statusCode);
    }

    expect(statuses).toEqual([201, 201, 429]);
  });
});
