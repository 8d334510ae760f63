import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

export const NOT_CANONICAL_MESSAGE =
  'The address is not in its plain form: write it without "." or ".." segments, "#" or escaped letters.';

/** An escape of a character that needs none (RFC 3986's unreserved: letters, digits, `-._~`). */
const ESCAPED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2d|2e|5f|7e)/i;

/**
 * Is the path (the part before `?`) written as the router reads it? Routers and URL parsers disagree on dot
 * segments, fragments and needless escapes (`/%61pi` is routed as `/api`, `/api/auth/./sign-in/email` is signed
 * in by better-auth as `/sign-in/email`), so a rule that compares the written path could be walked around. No
 * browser or client library writes a path so; they are refused rather than tidied up.
 */
export function isCanonicalPath(url: string): boolean {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (path.includes('#') || ESCAPED_UNRESERVED.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

/** An `onRequest` hook, before any rule reads the path: 400 for a path that is not in its plain form. */
export async function refuseNonCanonicalPaths(request: FastifyRequest): Promise<void> {
  if (!isCanonicalPath(request.url)) throw new AppError('BAD_REQUEST', NOT_CANONICAL_MESSAGE);
}
