import type { FastifyRequest } from 'fastify';

/**
 * How a request authenticates. One that sends a bearer token is authenticated by that token alone: a bad token
 * is a 401, never a fall-back to the session cookie the same request may carry.
 */
export const sendsBearerToken = (request: FastifyRequest) =>
  /^bearer\s+\S/i.test(request.headers.authorization ?? '');

/** better-auth's session cookie (`better-auth.session_token`, `__Secure-` prefixed over https). */
export const sendsSessionCookie = (request: FastifyRequest) =>
  /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.cookie ?? '');

/** Sends credentials of any kind: its answer is personal and must never be stored by a cache. */
export const sendsCredentials = (request: FastifyRequest) =>
  request.headers.authorization !== undefined || request.headers.cookie !== undefined;
