import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { sendsBearerToken, sendsCredentials, sendsSessionCookie } from '../lib/credentials.js';
import type { RateLimitStore } from '../rate-limits/rate-limit-store.js';
import { refuseNonCanonicalPaths } from './canonical-path.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers the same to everyone (an uploaded image, addressed by its hash): its own Cache-Control
     * stands even for a request with credentials, which a browser sends with every image on the page.
     */
    sameForEveryone?: boolean;
    /**
     * The route's personal answer may be kept by the client alone and asked about again (its own `private,
     * no-cache` and an ETag stand, as a check-in phone's roster does): not `no-store`.
     */
    keptPrivately?: boolean;
    /**
     * The route takes a check-in phone's scans (batched, idempotent, for the race's team only): counted apart from
     * the user's other writes, with {@link SCAN_WRITES_FACTOR} times their limit, as one account may run several
     * phones on race morning.
     */
    scanWrites?: boolean;
  }
}

/** How many more scan batches than other writes a user may send a minute. */
export const SCAN_WRITES_FACTOR = 20;

/**
 * The path as the router routed it (the route's pattern; the written path when no route matched). Paths whose
 * written form the router would read otherwise never get this far (plugins/canonical-path.ts).
 */
const routedPath = (request: FastifyRequest) => request.routeOptions.url ?? request.url;
const isApiPath = (request: FastifyRequest) => routedPath(request).startsWith('/api/');

const isApiWrite = (request: FastifyRequest) =>
  !SAFE_METHODS.has(request.method) && isApiPath(request) && !routedPath(request).startsWith('/api/auth/');

export const CROSS_SITE_MESSAGES = {
  foreignOrigin: 'Cross-site request refused: this origin may not change data on Stride.',
  noOrigin:
    "Request refused: a change signed in with the session cookie must come from Stride's own pages (send the Origin header).",
} as const;

/**
 * May this cookie-authenticated write act for the user? Its Origin must be one of ours; without an Origin only a
 * browser's `Sec-Fetch-Site: same-origin` vouches for it. (better-auth applies the same rule on /api/auth/*.)
 */
function crossSiteRefusal(request: FastifyRequest, trustedOrigins: string[]): string | null {
  const { origin } = request.headers;
  if (origin !== undefined) return trustedOrigins.includes(origin) ? null : CROSS_SITE_MESSAGES.foreignOrigin;
  return request.headers['sec-fetch-site'] === 'same-origin' ? null : CROSS_SITE_MESSAGES.noOrigin;
}

/** The security headers, with a Content-Security-Policy the built web app passes. */
function helmetOptions(config: Config) {
  const isHttps = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // SweetAlert2 and React's style attributes set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile photos and marathon posters may live on any https host; uploaded ones are on this origin
        // (/api/images/…).
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps && { upgradeInsecureRequests: [] }),
      },
    },
    hsts: isHttps ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Posters and photos are hot-linked from other hosts; COEP would block them.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The security headers helmet sets for these options. None depends on the request, so they are worked out once
 * (helmet's middleware runs against a response that only records them) rather than on every request.
 */
function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(helmetOptions(config))({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Sets the same security headers on an answer Fastify sends before routing (a malformed or too long URL),
 * where no hook runs.
 */
export function createSecurityHeaderSetter(
  config: Config,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const headers = Object.entries(securityHeaders(config));
  return (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  };
}

/** @fastify/rate-limit's store, counting in ours under `writes:` keys. */
function writesStore(store: RateLimitStore): FastifyRateLimitStoreCtor {
  return class {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      store.hit(`writes:${key}`, windowMs).then(
        ({ hits, resetInMs }) => callback(null, { current: hits, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * Security headers, 400 for a path not in its plain form, a same-origin rule for cookie-authenticated writes, `no-store` on every personal API
 * answer, and a per-user limit on API writes, counted in `rateLimitStore`. (/api/auth/* has better-auth's own
 * checks.)
 */
export async function registerSecurity(app: FastifyInstance, config: Config, rateLimitStore: RateLimitStore) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onRequest', refuseNonCanonicalPaths);

  app.addHook('onRequest', async (request) => {
    // A bearer token authenticates alone (the cookie is then ignored); without the cookie nobody is signed in.
    if (!isApiWrite(request) || sendsBearerToken(request) || !sendsSessionCookie(request)) return;
    const refusal = crossSiteRefusal(request, config.trustedOrigins);
    if (refusal) throw new AppError('FORBIDDEN', refusal);
  });

  app.addHook('onSend', async (request, reply) => {
    const { sameForEveryone, keptPrivately } = request.routeOptions.config;
    // A kept answer says so itself; the route's refusals are not kept.
    if (sameForEveryone || (keptPrivately && reply.hasHeader('cache-control'))) return;
    if (isApiPath(request) && sendsCredentials(request)) reply.header('cache-control', 'no-store');
  });

  if (config.rateLimit) {
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler', // after authentication, so the limit follows the user rather than a shared address
      max: (request) =>
        request.routeOptions.config.scanWrites
          ? config.rateLimits.writes * SCAN_WRITES_FACTOR
          : config.rateLimits.writes,
      timeWindow: 60_000,
      store: writesStore(rateLimitStore),
      allowList: (request) => !isApiWrite(request),
      keyGenerator: async (request) => {
        const user = await request.getUser();
        const who = user ? `user:${user.id}` : `ip:${request.ip}`;
        return request.routeOptions.config.scanWrites ? `${who}:scans` : who;
      },
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'TOO_MANY_REQUESTS',
          `Too many changes, try again in ${Math.ceil(context.ttl / 1000)} seconds`,
        ),
    });
  }
}
