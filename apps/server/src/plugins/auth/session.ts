import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../changes/change-feed.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { sendsBearerToken } from '../../lib/credentials.js';
import { createExpiringCache } from '../../lib/expiring-cache.js';
import { toWebHeaders } from './auth-bridge.js';
import { type Auth, SESSION_LIFETIME, type SessionUser } from './better-auth.js';
import { createSessionReader, needsBetterAuth, readSessionToken } from './session-lookup.js';

/**
 * How long this process reuses a resolved session instead of asking the database on every request. Sign-outs
 * and account changes, here or in another server process (the change feed's `sessions`), drop the reuse at
 * once; this bounds it should that news be lost (better-auth's own cookie cache allows 5 minutes).
 */
const SESSION_REUSE_MS = 10_000;
const SESSION_REUSE_MAX_ENTRIES = 10_000;

type ResolvedSession = { user: SessionUser; expiresAt: Date };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (cookie or bearer token), or null; resolved once per request on first use. */
    getUser: () => Promise<SessionUser | null>;
    /**
     * The signed-in user, in the routes registered with {@link registerSignedIn} (whose hook has answered 401
     * to anyone else before the handler runs). Read anywhere else, it is a programming error.
     */
    readonly user: SessionUser;
  }
  interface FastifyContextConfig {
    /** Registered in the signed-in scope (the OpenAPI document marks the others as open to anyone). */
    signedIn?: boolean;
  }
}

export const SIGN_IN_REQUIRED_MESSAGE = 'Please log in to continue.';

const resolvedUsers = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
const signedInUsers = new WeakMap<FastifyRequest, SessionUser>();

/**
 * `request.getUser()` and `request.user`: who the request's credentials name, in one indexed query for the
 * everyday case, reused for a few seconds, and dropped at once when sessions change (here or in another process).
 */
export async function decorateSessions(
  app: FastifyInstance,
  { auth, db, authSecret, changes }: { auth: Auth; db: Database; authSecret: string; changes: ChangeFeed },
): Promise<void> {
  const reusedSessions = createExpiringCache<SessionUser>({ maxEntries: SESSION_REUSE_MAX_ENTRIES });
  // A session read while the reuse was dropped may predate the sign-out that dropped it: it is not kept.
  let sessionsDroppedTimes = 0;
  changes.subscribe((change) => {
    if (change.kind !== 'sessions' && change.kind !== 'missed') return;
    sessionsDroppedTimes += 1;
    reusedSessions.clear();
  });

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
    const token = readSessionToken(request, { secret: authSecret, cookieNames, bearer });
    if (token === undefined) return undefined;
    const session = await findSession(token);
    if (session && needsBetterAuth(session, SESSION_LIFETIME)) return undefined;
    return session;
  }

  async function readSessionThroughBetterAuth(request: FastifyRequest): Promise<ResolvedSession | null> {
    const session = await auth.api.getSession({ headers: toWebHeaders(request) });
    return session && { user: session.user, expiresAt: new Date(session.session.expiresAt) };
  }

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

  app.decorateRequest('getUser', function (this: FastifyRequest) {
    const resolved = resolvedUsers.get(this);
    if (resolved) return resolved;
    const pending = resolveUser(this);
    resolvedUsers.set(this, pending);
    return pending;
  });
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      const user = signedInUsers.get(this);
      if (!user) throw new Error(`request.user read outside the signed-in scope (${this.routeOptions.url})`);
      return user;
    },
  });
}

/** 401 before the body is even read, unless the request is signed in; then `request.user` is who. */
async function requireSignedIn(request: FastifyRequest): Promise<void> {
  const user = await request.getUser();
  if (!user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  signedInUsers.set(request, user);
}

/**
 * A scope whose every request is signed in (Fastify's encapsulation, as fastify/demo's autohooks): the routes
 * `register` adds to it read `request.user` and never check for themselves.
 */
export async function registerSignedIn(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, signedIn: true };
    });
    scope.addHook('onRequest', requireSignedIn);
    await register(scope);
  });
}

/**
 * When the request's session began, as better-auth keeps it (the proof of presence of an account without a
 * password), or null without one.
 */
export async function findSessionStart(request: FastifyRequest): Promise<Date | null> {
  const session = await request.server.auth.api.getSession({
    headers: toWebHeaders(request),
    query: { disableCookieCache: true },
  });
  return session ? new Date(session.session.createdAt) : null;
}

/** Tells the browser to drop the session cookies (the account, and so its sessions, are gone). */
export async function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { authCookies } = await request.server.auth.$context;
  const cleared = [authCookies.sessionToken, authCookies.dontRememberToken].map(({ name, attributes }) =>
    [
      `${name}=`,
      'Max-Age=0',
      `Path=${attributes.path ?? '/'}`,
      'HttpOnly',
      `SameSite=${attributes.sameSite ?? 'Lax'}`,
      ...(attributes.secure ? ['Secure'] : []),
    ].join('; '),
  );
  reply.header('set-cookie', cleared);
}
