import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_LIMITS, IMAGE_MESSAGES, IMAGE_UPLOAD_FIELD } from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { toJsonSchema } from '../../lib/json-schema.js';
import { imageRefusal, notAnImage } from './image-encoding.js';
import type { ImageReads } from './images.reads.js';
import type { ImagesService } from './images.service.js';

export const IMAGE_CONTENT_TYPE = 'image/webp';
/** A year, and never revalidated: an address names one image forever (it is its hash). */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** What a multipart body adds to its file (boundaries, part headers, a field or two), well rounded up. */
const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;
/** `{sha256}.webp`, or `{sha256}-600.webp` for the small version. */
const IMAGE_FILE = /^([0-9a-f]{64})(-600)?\.webp$/;

export const imageUploadedSchema = z.object({
  url: z.string().describe('/api/images/{sha256}.webp: the image as WebP, at most 1200 px wide'),
});

/** The multipart body, as documented (the handler reads the stream itself, so nothing validates it first). */
const imageUploadBodySchema = z.object({
  [IMAGE_UPLOAD_FIELD]: z.string().meta({
    format: 'binary',
    description: 'A JPEG, PNG or WebP file of at most 8 MB and 40 megapixels',
  }),
});

const tooLarge = () => imageRefusal('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
const imageNotFound = () => new AppError('NOT_FOUND', 'Image not found');

/** Did multipart parsing refuse the request (a limit, a malformed body)? Its errors carry a 4xx status. */
const isMultipartRefusal = (error: unknown): error is { code: string } =>
  typeof (error as { statusCode?: unknown })?.statusCode === 'number' &&
  (error as { statusCode: number }).statusCode < 500 &&
  typeof (error as { code?: unknown }).code === 'string';

/**
 * The upload's bytes: the one file of a multipart body, in the field `file`, at most 8 MB. A body announced as
 * larger is refused before any of it is read; a second file, or a file under another name, is not an upload.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  const announced = Number(request.headers['content-length']);
  if (announced > IMAGE_LIMITS.maxBytes + MULTIPART_ALLOWANCE_BYTES) throw tooLarge();
  if (!request.isMultipart()) throw notAnImage();
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue; // fields are few and short (the plugin's limits), and unused
      if (part.fieldname !== IMAGE_UPLOAD_FIELD || upload) throw notAnImage();
      upload = await part.toBuffer();
    }
  } catch (error) {
    if (!isMultipartRefusal(error) || error instanceof AppError) throw error;
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : notAnImage();
  }
  if (!upload) throw notAnImage();
  return upload;
}

/** Uploading an image (signed-in scope): the body is a file, read here rather than parsed as JSON. */
export const imageUploadRoutes: FastifyPluginAsyncZod<{ service: ImagesService }> = async (
  app,
  { service },
) => {
  // In this scope only: multipart bodies, and any other body left unread (refused as not an image), rather
  // than parsed as JSON or refused as an unknown type before the handler can say what an upload must be.
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.post(
    '/api/images',
    {
      schema: {
        operationId: 'uploadImage',
        tags: ['images'],
        summary:
          'Upload a JPEG, PNG or WebP image (multipart, field `file`, at most 8 MB and 40 megapixels): kept as ' +
          'WebP, 1200 and 600 px wide, without its metadata; answers its address',
        consumes: ['multipart/form-data'],
        response: { 201: imageUploadedSchema, ...errorResponses(400, 401, 413, 429) },
      },
      config: { documentedBody: toJsonSchema(imageUploadBodySchema, 'input') },
    },
    async (request, reply) => {
      const uploaded = await service.uploadImage(request.user, await readUpload(request));
      return reply.status(201).send(uploaded);
    },
  );
};

/** Serving uploaded images to anyone, at the addresses uploads answer. */
export const imagesRoutes: FastifyPluginAsyncZod<{ reads: ImageReads }> = async (app, { reads }) => {
  app.get(
    '/api/images/:file',
    {
      schema: {
        operationId: 'getImage',
        tags: ['images'],
        summary:
          'An uploaded image as WebP: {sha256}.webp (at most 1200 px wide) or {sha256}-600.webp (at most 600); ' +
          'cached for a year, never revalidated',
        params: z.object({ file: z.string() }),
        produces: [IMAGE_CONTENT_TYPE],
        response: {
          200: z.string().meta({ format: 'binary' }).describe('The image, WebP'),
          ...errorResponses(404),
        },
      },
      // The same bytes whoever asks: cacheable even when a signed-in browser asks (plugins/security.ts).
      config: { sameForEveryone: true },
    },
    async (request, reply) => {
      const [, hash, small] = IMAGE_FILE.exec(request.params.file.toLowerCase()) ?? [];
      if (!hash) throw imageNotFound();
      const webp = await reads.webp(hash, small ? 'small' : 'full');
      if (!webp) throw imageNotFound();
      const etag = `"${hash}${small ?? ''}"`;
      // The file as it is (no schema's serializer), or nothing when the browser holds it already.
      const file = (reply as FastifyReply).header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return file.status(304).send();
      return file.type(IMAGE_CONTENT_TYPE).send(webp);
    },
  );
};
