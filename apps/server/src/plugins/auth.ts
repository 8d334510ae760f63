import { and, eq, like } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  displayNameSchema,
  findPasswordProblem,
  hasControlCharacter,
  photoUrlSchema,
} from '@stride/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { ChangeFeed } from '../changes/change-feed.js';
import { createExpiringCache } from '../lib/expiring-cache.js';
import { sendsBearerToken } from '../lib/credentials.js';
import type { MailPayload } from '../mail/mail-payloads.js';
import type { RateLimitStore } from '../rate-limits/rate-limit-store.js';
import {
  type SignInResult,
  type SignInThrottle,
  createSignInThrottle,
} from '../rate-limits/sign-in-throttle.js';
import { createSessionReader, needsBetterAuth, readSessionToken } from './session-lookup.js';

/** Queues a mail in the outbox (the mail worker sends it). */
export type SendMail = (recipient: string, payload: MailPayload) => Promise<void>;

/**
 * How long this process reuses a resolved session instead of asking the database on every request. Sign-outs
 * and account changes, here or in another server process (the change feed's `sessions`), drop the reuse at
 * once; this bounds it should that news be lost (better-auth's own cookie cache allows 5 minutes).
 */
const SESSION_REUSE_MS = 10_000;
const SESSION_REUSE_MAX_ENTRIES = 10_000;
/** Sessions last 30 days and are pushed on (refreshed) at most once a day, on use. */
const SESSION_LIFETIME = { expiresInSeconds: 60 * 60 * 24 * 30, updateAgeSeconds: 60 * 60 * 24 };
/** Auth calls that start a session without ending or changing any other; every other POST drops the reuse. */
const SESSION_STARTING_PATHS = ['/api/auth/sign-in/', '/api/auth/sign-up/'];

/** Set by us from the socket (or trusted proxy) address; a client-sent value is overwritten. */
const CLIENT_IP_HEADER = 'x-stride-client-ip';

/** SPEC.md §5's rules, enforced here as well as in the forms: the body fields each auth path accepts. */
function checkAccountInput(path: string, body: Record<string, unknown> | undefined): void {
  if (!body) return;
  const passwordField =
    path === '/sign-up/email'
      ? 'password'
      : path === '/reset-password' || path === '/change-password'
        ? 'newPassword'
        : null;
  if (passwordField && typeof body[passwordField] === 'string') {
    const problem = findPasswordProblem(body[passwordField]);
    if (problem)
      throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS' });
  }
  if (path === '/sign-up/email' || path === '/update-user') {
    if (body.name !== undefined) {
      const name = displayNameSchema.safeParse(body.name);
      if (!name.success)
        throw new APIError('BAD_REQUEST', { message: name.error.issues[0]!.message, code: 'INVALID_NAME' });
    }
    if (body.image !== undefined && body.image !== null) {
      const image = photoUrlSchema.safeParse(body.image);
      if (!image.success)
        throw new APIError('BAD_REQUEST', {
          message: image.error.issues[0]!.message,
          code: 'INVALID_PHOTO_URL',
        });
    }
  }
}

export function createAuth(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  sendMail: SendMail,
  rateLimitStore: RateLimitStore,
) {
  return betterAuth({
    appName: 'Stride',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMail(user.email, { kind: 'password-reset', name: user.name, url });
      },
      // One link used voids the others the account was sent: an old mail must not reset the new password.
      onPasswordReset: async ({ user }) => {
        await db
          .delete(verifications)
          .where(and(eq(verifications.value, user.id), like(verifications.identifier, 'reset-password:%')));
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME.expiresInSeconds,
      updateAge: SESSION_LIFETIME.updateAgeSeconds,
    },
    rateLimit: {
      enabled: config.rateLimit,
      window: 60,
      max: 100,
      customRules: {
        // Failed sign-ins are limited per account and address by the route below, not per request here.
        '/sign-in/email': false,
        '/sign-up/email': { window: 60, max: config.rateLimits.signUps },
      },
      // Counted in our store, per process or shared by all (rate-limits/rate-limit-store.ts): one atomic hit per request.
      customStorage: {
        async consume(key, rule) {
          const { hits, resetInMs } = await rateLimitStore.hit(`auth:${key}`, rule.window * 1000);
          return hits <= rule.max
            ? { allowed: true, retryAfter: null }
            : { allowed: false, retryAfter: Math.ceil(resetInMs / 1000) };
        },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns the Origin/CSRF check off when NODE_ENV=test or TEST is set; keep it on everywhere.
      disableOriginCheck: false,
    },
    // Through our logger, so LOG_LEVEL applies and lines stay JSON. Not 'debug'/'warn'/'error': with those
    // better-auth also prints every refused request's message to the console itself.
    logger: {
      level: 'info',
      log: (level, message, ...args) =>
        log[level](args.length > 0 ? { details: args } : {}, `better-auth: ${message}`),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        checkAccountInput(ctx.path, ctx.body as Record<string, unknown> | undefined);
      }),
    },
    plugins: [
      bearer(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  // Google's OpenID Connect discovery (or a local provider's, in tests): unlike the built-in
                  // google provider, every endpoint follows the issuer.
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Logging out of Stride must not log the visitor out of their Google account.
                  disableProviderLogout: true,
                },
              ],
            }),
          ]
        : []),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
type ResolvedSession = { user: SessionUser; expiresAt: Date };

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user (cookie or bearer token), or null; resolved once per request on first use. */
    getUser: () => Promise<SessionUser | null>;
    /** The signed-in user, or a 401. */
    requireUser: () => Promise<SessionUser>;
  }
}

/**
 * The request's headers for better-auth, with the client address. A request that sends a bearer token is
 * authenticated by it alone: its cookie is left out, so a bad token can never fall back on the cookie.
 */
function toWebHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  if (sendsBearerToken(request)) headers.delete('cookie');
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';
/**
 * The calls that take a password hand out the session token (`set-auth-token`, `token`), for API clients'
 * bearer flow. No other answer carries one: a script running in the page could otherwise read a token that
 * works for 30 days, which the HttpOnly cookie exists to prevent.
 */
const TOKEN_ISSUING_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/change-password',
]);
const REVOKE_SESSION_PATH = '/api/auth/revoke-session';

/** A better-auth answer without session tokens: `token` of a session, of each listed session, or at the top. */
function withoutSessionTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutSessionTokens);
  if (body === null || typeof body !== 'object') return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return rest;
}

function answerBody(path: string, response: Response, text: string): string {
  if (TOKEN_ISSUING_PATHS.has(path) || !response.headers.get('content-type')?.includes('application/json')) {
    return text;
  }
  try {
    return JSON.stringify(withoutSessionTokens(JSON.parse(text)));
  } catch {
    return text;
  }
}

type AuthRequestContext = {
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
  { auth, db }: AuthRequestContext,
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
  context: AuthRequestContext,
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
  if (request.method !== 'GET' && !SESSION_STARTING_PATHS.some((start) => path.startsWith(start))) {
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

async function handleAuthRequest(context: AuthRequestContext, request: FastifyRequest, reply: FastifyReply) {
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

/** better-auth under /api/auth/*, and `request.getUser()` / `request.requireUser()` for our routes. */
export const authPlugin = fp<{
  db: Database;
  config: Config;
  sendMail: SendMail;
  changes: ChangeFeed;
  rateLimitStore: RateLimitStore;
}>(
  async (app: FastifyInstance, { db, config, sendMail, changes, rateLimitStore }) => {
    const auth = createAuth(db, config, app.log, sendMail, rateLimitStore);
    const signInThrottle = createSignInThrottle({
      maxPerMinute: config.rateLimits.signInFailures,
      store: rateLimitStore,
    });
    app.decorate('auth', auth);

    const reusedSessions = createExpiringCache<SessionUser>({ maxEntries: SESSION_REUSE_MAX_ENTRIES });
    // A session read while the reuse was dropped may predate the sign-out that dropped it: it is not kept.
    let sessionsDroppedTimes = 0;
    changes.subscribe((change) => {
      if (change.kind !== 'sessions' && change.kind !== 'missed') return;
      sessionsDroppedTimes += 1;
      reusedSessions.clear();
    });
    async function resolveUser(request: FastifyRequest): Promise<SessionUser | null> {
      const { authorization, cookie } = request.headers;
      if (!authorization && !cookie) return null;
      const bearer = sendsBearerToken(request);
      const credentials = bearer ? authorization! : `${authorization ?? ''}\n${cookie ?? ''}`;
      const reused = reusedSessions.get(credentials);
      if (reused) return reused;
      const droppedBefore = sessionsDroppedTimes;
      const read = await readSession(request, bearer);
      const session = read === undefined ? await readSessionThroughBetterAuth(request) : read;
      if (!session) return null;
      if (droppedBefore !== sessionsDroppedTimes) return session.user;
      const reuseUntil = Math.min(Date.now() + SESSION_REUSE_MS, session.expiresAt.getTime());
      reusedSessions.set(credentials, session.user, reuseUntil);
      return session.user;
    }

    const findSession = createSessionReader(db);
    const { authCookies } = await auth.$context;
    const cookieNames = {
      sessionToken: authCookies.sessionToken.name,
      dontRemember: authCookies.dontRememberToken.name,
    };
    /**
     * The everyday case in one indexed query: a well-formed token whose session only needs reading. Returns
     * undefined whenever better-auth has more to decide or do (a malformed credential, an expired session to
     * delete, a refresh due); an unknown token is simply no session, as it is for better-auth.
     */
    async function readSession(
      request: FastifyRequest,
      bearer: boolean,
    ): Promise<ResolvedSession | null | undefined> {
      const token = readSessionToken(request, { secret: config.authSecret, cookieNames, bearer });
      if (token === undefined) return undefined;
      const session = await findSession(token);
      if (session && needsBetterAuth(session, SESSION_LIFETIME)) return undefined;
      return session;
    }

    async function readSessionThroughBetterAuth(request: FastifyRequest): Promise<ResolvedSession | null> {
      const session = await auth.api.getSession({ headers: toWebHeaders(request) });
      return session && { user: session.user, expiresAt: new Date(session.session.expiresAt) };
    }

    app.decorateRequest('getUser', function (this: FastifyRequest) {
      const cache = sessionCache.get(this);
      if (cache) return cache;
      const pending = resolveUser(this);
      sessionCache.set(this, pending);
      return pending;
    });
    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const user = await this.getUser();
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
      return user;
    });

    // Some OAuth providers post their callback as a form; better-auth reads the raw body itself.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );

    /** What the sign-in screens may offer on this server. */
    app.get('/api/auth-options', async () => ({ google: config.google !== null }));

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: (request, reply) =>
        handleAuthRequest({ auth, db, config, signInThrottle, changes }, request, reply),
    });
  },
  { name: 'auth' },
);

const sessionCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** An `onRequest` hook for signed-in routes: 401 before the body is even read. */
export async function authenticate(request: FastifyRequest): Promise<void> {
  await request.requireUser();
}
