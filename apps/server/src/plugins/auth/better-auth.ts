import { and, eq, like, ne } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  displayNameSchema,
  findPasswordProblem,
  photoUrlSchema,
} from '@stride/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { accounts, sessions, users, verifications } from '../../db/schema/index.js';
import type { MailPayload } from '../../mail/mail-payloads.js';
import type { RateLimitStore } from '../../rate-limits/rate-limit-store.js';

/** Queues a mail in the outbox (the mail worker sends it). */
export type SendMail = (recipient: string, payload: MailPayload) => Promise<void>;

/** Sessions last 30 days and are pushed on (refreshed) at most once a day, on use. */
export const SESSION_LIFETIME = { expiresInSeconds: 60 * 60 * 24 * 30, updateAgeSeconds: 60 * 60 * 24 };

/** Set by us from the socket (or trusted proxy) address; a client-sent value is overwritten. */
export const CLIENT_IP_HEADER = 'x-stride-client-ip';

/** docs/SPEC.md §5's rules, enforced here as well as in the forms: the body fields each auth path accepts. */
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

/** How long the link of an e-mail change works. */
const EMAIL_CHANGE_LINK_SECONDS = 60 * 60;

const emailInUse = () =>
  new APIError('CONFLICT', { code: 'EMAIL_IN_USE', message: ACCOUNT_MESSAGES.emailInUse });

/** The account and address an e-mail change link (better-auth's verification token) is for, if valid. */
async function emailChangeOf(
  token: unknown,
  secret: string,
): Promise<{ userId: string; newEmail: string } | null> {
  if (typeof token !== 'string') return null;
  const payload = await verifyJWT(token, secret);
  return typeof payload?.updateTo === 'string' && typeof payload.userId === 'string'
    ? { userId: payload.userId, newEmail: payload.updateTo }
    : null;
}

/**
 * An address another account uses is refused when a change to it is asked for (409, not better-auth's silent
 * success: sign-up tells as much), and again when its link is followed, in case it was taken meanwhile: then
 * the link leads back to its page with `error=EMAIL_IN_USE`.
 */
async function checkEmailChange(
  db: Database,
  secret: string,
  ctx: {
    path: string;
    body?: unknown;
    query?: Record<string, unknown> | undefined;
    redirect: (url: string) => Error;
  },
): Promise<void> {
  /** Whether an account other than `userId` (if given) uses the address. */
  const isTaken = async (email: string, userId?: string) =>
    (await db.$count(
      users,
      and(eq(users.email, email.toLowerCase()), userId === undefined ? undefined : ne(users.id, userId)),
    )) > 0;
  if (ctx.path === '/change-email') {
    const newEmail = (ctx.body as { newEmail?: unknown } | undefined)?.newEmail;
    if (typeof newEmail === 'string' && (await isTaken(newEmail))) throw emailInUse();
  } else if (ctx.path === '/verify-email') {
    const change = await emailChangeOf(ctx.query?.token, secret);
    if (change === null || !(await isTaken(change.newEmail, change.userId))) return;
    const callbackURL = ctx.query?.callbackURL;
    // Only back to a page of this site (better-auth checks the link's callbackURL after this hook).
    if (typeof callbackURL !== 'string' || !/^\/(?![/\\])/.test(callbackURL)) throw emailInUse();
    const separator = callbackURL.includes('?') ? '&' : '?';
    throw ctx.redirect(`${callbackURL}${separator}error=EMAIL_IN_USE`);
  }
}

/** better-auth as Stride configures it: e-mail and password, Google when set up, bearer tokens, our limits. */
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
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      expiresIn: EMAIL_CHANGE_LINK_SECONDS,
      // Only an e-mail change is confirmed by mail (sign-up does not ask for it): the link goes to the new address.
      sendVerificationEmail: async ({ user, url, token }) => {
        if ((await emailChangeOf(token, config.authSecret)) === null) return;
        await sendMail(user.email, { kind: 'email-change', name: user.name, newEmail: user.email, url });
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
        await checkEmailChange(db, config.authSecret, ctx);
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
