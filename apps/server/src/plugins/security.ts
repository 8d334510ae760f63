import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isApiWrite = (request: FastifyRequest) =>
  !SAFE_METHODS.has(request.method) &&
  request.url.startsWith('/api/') &&
  !request.url.startsWith('/api/auth/');

const hasBearerToken = (request: FastifyRequest) => /^bearer\s+\S/i.test(request.headers.authorization ?? '');

/**
 * Security headers with a Content-Security-Policy the built web app passes, a same-origin rule for
 * cookie-authenticated writes, and a per-user limit on API writes. (/api/auth/* has better-auth's own checks.)
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const isHttps = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // SweetAlert2 and React's style attributes set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile photos and marathon posters may live on any https host.
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
  });

  app.addHook('onRequest', async (request) => {
    if (!isApiWrite(request) || hasBearerToken(request)) return;
    // Browsers always send Origin on cross-site writes; a foreign one must not act with the user's cookie.
    const origin = request.headers.origin;
    if (origin !== undefined && !config.trustedOrigins.includes(origin)) {
      throw new AppError(
        'FORBIDDEN',
        'Cross-site request refused: this origin may not change data on Stride.',
      );
    }
  });

  if (config.rateLimit) {
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler', // after authentication, so the limit follows the user rather than a shared address
      max: config.rateLimits.writes,
      timeWindow: 60_000,
      allowList: (request) => !isApiWrite(request),
      keyGenerator: async (request) => {
        const user = await request.getUser();
        return user ? `user:${user.id}` : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'TOO_MANY_REQUESTS',
          `Too many changes, try again in ${Math.ceil(context.ttl / 1000)} seconds`,
        ),
    });
  }
}
