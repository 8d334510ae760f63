import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** A JSON text known to match the response schema it was serialised through. */
export type SerializedJson<T> = string & { readonly shape?: T };

/** Checks (and strips) `value` through the response schema once, so a cached copy can be sent many times. */
export function serializeJson<S extends z.ZodType>(
  schema: S,
  value: z.input<S>,
): SerializedJson<z.output<S>> {
  return JSON.stringify(schema.parse(value));
}

/** Sends JSON serialised by {@link serializeJson}: Fastify passes a string through as it is. */
export function sendSerializedJson<T>(reply: FastifyReply, body: SerializedJson<T>) {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends JSON written elsewhere (streamed as it is read, e.g. by `streamJsonArray`, or a kept copy of such a
 * stream), past the response schema's serialiser.
 */
export function sendJsonStream(reply: FastifyReply, body: Readable | Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}
