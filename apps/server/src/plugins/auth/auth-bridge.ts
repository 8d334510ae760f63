import { and, eq } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasControlCharacter } from '@stride/shared';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../changes/change-feed.js';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { sendsBearerToken } from '../../lib/credentials.js';
import { type SignInResult, type SignInThrottle } from '../../rate-limits/sign-in-throttle.js';
import { type Auth, CLIENT_IP_HEADER } from './better-auth.js';
import { TOKEN_ISSUING_PATHS, answerBody } from './session-tokens.js';

/*
 * The bridge between Fastify and better-auth under /api/auth/*: the request as a Web Request, the answer copied
 * back, and what Stride adds on the way (the sign-in throttle, session tokens kept out of page scripts, revoking
 * a session by id, control characters refused, a password change ending the other sessions, equal answer times
 * for reset requests).
 */

/** Auth calls that start a session without ending or changing any other; every other POST drops the reuse. */
const SESSION_STARTING_PATHS = ['/api/auth/sign-in/', '/api/auth/sign-up/'];

/**
 * The request's headers for better-auth, with the client address. A request that sends a bearer token is
 * authenticated by it alone: its cookie is left out, so a bad token can never fall back on the cookie.
 */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  if (sendsBearerToken(request)) headers.delete('cookie');
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';
/** The link of an e-mail change: a GET that changes the account's address. */
const EMAIL_CHANGE_LINK_PATH = '/api/auth/verify-email';
const REVOKE_SESSION_PATH = '/api/auth/revoke-session';

export type AuthBridgeContext = {
  auth: Auth;
  db: Database;
  config: Config;
  signInThrottle: SignInThrottle;
  changes: ChangeFeed;
};

/**
 * Sessions are listed without their tokens, so they are revoked by id: `{ "id": … }` becomes better-auth's
 * `{ "token": … }` for a session of the signed-in user. Returns the body to send, or null for no such session.
 */
async function revokeBodyById(
  { auth, db }: AuthBridgeContext,
  request: FastifyRequest,
): Promise<string | null | undefined> {
  const body = request.body as { id?: unknown; token?: unknown } | undefined;
  if (typeof body?.id !== 'string' || body.token !== undefined) return undefined;
  const session = await auth.api.getSession({ headers: toWebHeaders(request) });
  if (!session) return undefined; // better-auth answers 401 itself
  const [target] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, body.id), eq(sessions.userId, session.user.id)));
  return target ? JSON.stringify({ token: target.token }) : null;
}

const CHANGE_PASSWORD_PATH = '/api/auth/change-password';
const RESET_REQUEST_PATH = '/api/auth/request-password-reset';
/**
 * A reset request for a known address writes a token and a mail, one for an unknown address only reads: left
 * alone, the time of the answer would tell which addresses have accounts. Both are answered this long after
 * they came, which covers that work on a slow disk.
 */
export const RESET_REQUEST_ANSWER_MS = 250;

function requestBodyText(request: FastifyRequest, path: string): string | undefined {
  const { body } = request;
  if (body === undefined || request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (typeof body === 'string') return body;
  // A changed password ends every other session, whatever the client asked: whoever else knew the old one
  // may be signed in somewhere.
  if (path === CHANGE_PASSWORD_PATH && body !== null && typeof body === 'object')
    return JSON.stringify({ ...body, revokeOtherSessions: true });
  return JSON.stringify(body);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hands the request to better-auth and copies its answer onto `reply`; answers better-auth's status. */
async function forwardToBetterAuth(
  context: AuthBridgeContext,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<number> {
  const { auth, config, changes } = context;
  const startedAt = performance.now();
  let body = requestBodyText(request, path);
  if (request.method === 'POST' && path === REVOKE_SESSION_PATH) {
    const byId = await revokeBodyById(context, request);
    if (byId === null) {
      await reply.status(404).send({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
      return 404;
    }
    if (byId !== undefined) body = byId;
  }

  const response = await auth.handler(
    new Request(new URL(request.url, config.publicUrl), {
      method: request.method,
      headers: toWebHeaders(request),
      body,
    }),
  );
  const changesAccount =
    request.method === 'GET'
      ? path === EMAIL_CHANGE_LINK_PATH
      : !SESSION_STARTING_PATHS.some((start) => path.startsWith(start));
  if (changesAccount) {
    changes.publish([{ kind: 'sessions' }]);
  }

  if (path === RESET_REQUEST_PATH) await sleep(startedAt + RESET_REQUEST_ANSWER_MS - performance.now());
  reply.status(response.status);
  const issuesTokens = TOKEN_ISSUING_PATHS.has(path);
  response.headers.forEach((value, key) => {
    if (key === 'content-length' || (key === 'set-auth-token' && !issuesTokens)) return;
    reply.header(key, value);
  });
  await reply.send(response.body ? answerBody(path, response, await response.text()) : null);
  return response.status;
}

/** Fields that never reach the database as text: a password is only hashed. */
const PASSWORD_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);

/**
 * The first of the path, query parameters and body fields (top level) holding a control character, which no
 * auth value may (PostgreSQL cannot store U+0000): the JSON bodies' rule, for better-auth's calls too.
 */
function findControlCharacterField(request: FastifyRequest, pathTail: string): string | null {
  if (hasControlCharacter(pathTail)) return 'path';
  const fields: Array<[string, unknown]> = [
    ...Object.entries((request.query ?? {}) as Record<string, unknown>),
    ...(request.body !== null && typeof request.body === 'object' ? Object.entries(request.body) : []),
  ];
  for (const [field, value] of fields) {
    const values = Array.isArray(value) ? value : [value];
    if (PASSWORD_FIELDS.has(field)) continue;
    if (values.some((each) => typeof each === 'string' && hasControlCharacter(each))) return field;
  }
  return null;
}

async function handleAuthRequest(context: AuthBridgeContext, request: FastifyRequest, reply: FastifyReply) {
  const { config, signInThrottle } = context;
  // As the router routed it (the written path is in its plain form: plugins/canonical-path.ts).
  const pathTail = (request.params as { '*': string })['*'];
  const path = `/api/auth/${pathTail}`;
  const badField = findControlCharacterField(request, pathTail);
  if (badField)
    return reply
      .status(400)
      .send({ code: 'INVALID_INPUT', message: `${badField} must not contain control characters` });
  if (!config.rateLimit || request.method !== 'POST' || path !== SIGN_IN_PATH) {
    await forwardToBetterAuth(context, request, reply, path);
    return reply;
  }

  const email = (request.body as { email?: unknown } | undefined)?.email;
  const attempt = await signInThrottle.attempt(request.ip, typeof email === 'string' ? email : null);
  if ('retryAfterSeconds' in attempt) {
    const wait = String(attempt.retryAfterSeconds);
    return reply
      .status(429)
      .headers({ 'retry-after': wait, 'x-retry-after': wait })
      .send({ code: 'TOO_MANY_REQUESTS', message: `Too many attempts, try again in ${wait} seconds` });
  }
  let result: SignInResult = 'unchecked';
  try {
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    const status = await forwardToBetterAuth(context, request, reply, path);
    result = status === 401 ? 'failed' : status < 300 ? 'succeeded' : 'unchecked';
  } finally {
    await attempt.settle(result);
  }
  return reply;
}

/** The /api/auth/* routes: better-auth's calls through the bridge, and what the sign-in screens may offer. */
export function registerAuthRoutes(app: FastifyInstance, context: AuthBridgeContext): void {
  // Some OAuth providers post their callback as a form; better-auth reads the raw body itself.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get('/api/auth-options', async () => ({ google: context.config.google !== null }));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: (request, reply) => handleAuthRequest(context, request, reply),
  });
}
