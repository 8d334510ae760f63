import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../../changes/change-feed.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { RateLimitStore } from '../../rate-limits/rate-limit-store.js';
import { createSignInThrottle } from '../../rate-limits/sign-in-throttle.js';
import { registerAuthRoutes } from './auth-bridge.js';
import { type Auth, type SendMail, createAuth } from './better-auth.js';
import { decorateSessions } from './session.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/**
 * Accounts: better-auth (`better-auth.ts`) under /api/auth/* through the bridge (`auth-bridge.ts`), and who a
 * request is signed in as for our own routes (`session.ts`: `request.getUser()`, `request.user`).
 */
export const authPlugin = fp<{
  db: Database;
  config: Config;
  sendMail: SendMail;
  changes: ChangeFeed;
  rateLimitStore: RateLimitStore;
}>(
  async (app: FastifyInstance, { db, config, sendMail, changes, rateLimitStore }) => {
    const auth = createAuth(db, config, app.log, sendMail, rateLimitStore);
    app.decorate('auth', auth);
    await decorateSessions(app, { auth, db, authSecret: config.authSecret, changes });
    const signInThrottle = createSignInThrottle({
      maxPerMinute: config.rateLimits.signInFailures,
      store: rateLimitStore,
    });
    registerAuthRoutes(app, { auth, db, config, signInThrottle, changes });
  },
  { name: 'auth' },
);
