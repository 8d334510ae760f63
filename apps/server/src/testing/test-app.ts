import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { LightMyRequestResponse } from 'fastify';
import { type App, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './test-database.js';

/** The origin test requests come from: the app's public URL, so cookie requests are same-origin. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';
/** A password that meets every rule of docs/SPEC.md §5. */
export const TEST_PASSWORD = 'Marathon42';

/**
 * A complete Config for tests, from loadConfig itself (so new settings get their defaults), with a fixed
 * secret, the test origin, rate limiting off and silent logs; trustedOrigins follow publicUrl unless given.
 * As with any buildApp, no mail worker runs: tests send the outbox's mails with `app.mail.worker.flush()`,
 * or start the worker.
 */
export function createTestConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'stride-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: tmpdir(), // never written: AUTH_SECRET is given and the test database is handed to buildApp
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
  });
  const publicUrl = overrides.publicUrl ?? config.publicUrl;
  return { ...config, trustedOrigins: [publicUrl], ...overrides };
}

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** Closes the app, then the database if buildTestApp created it (dropping it on PostgreSQL). */
  close: () => Promise<void>;
};

export type TestAppOptions = {
  config?: Partial<Config>;
  /** Defaults to a fresh database from createTestDatabase(); a given handle stays the caller's to close. */
  database?: DatabaseHandle;
};

/** The whole app on its own fresh, migrated database, silent, with rate limiting off unless asked for. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = createTestConfig(options.config);
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const closeDatabase = () => (ownsDatabase ? database.close() : Promise.resolve());
  let app: App;
  try {
    app = await buildApp({ config, database, logger: false });
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  return {
    app,
    database,
    config,
    close: async () => {
      try {
        await app.close();
      } finally {
        await closeDatabase();
      }
    },
  };
}

export type SignUpInput = { name: string; email: string; password: string; image?: string };
export type SignInInput = { email: string; password: string };
export type AuthUser = { id: string; name: string; email: string; image: string | null };
export type SignedIn = {
  /** `name=value` pairs for a Cookie header. */
  cookie: string;
  /** The bearer token from the `set-auth-token` header. */
  token: string;
  user: AuthUser;
};

/** A valid sign-up body with a unique email; override any field. */
export function makeSignUpInput(overrides: Partial<SignUpInput> = {}): SignUpInput {
  return {
    name: 'Ada Runner',
    email: `runner-${randomUUID()}@example.com`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

/** Headers of a same-origin browser request carrying the session cookie. */
export function cookieHeaders(cookie: string): Record<string, string> {
  return { cookie, origin: TEST_PUBLIC_URL };
}

/** Headers of an API client using the bearer token. */
export function bearerHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The cookies a response sets, as a Cookie header value (`a=1; b=2`). */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** POSTs JSON to an auth endpoint the way the web app does (same-origin). */
export function postAuth(app: App, path: string, body: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { origin: TEST_PUBLIC_URL, ...headers },
    payload: body,
  });
}

function readSignedIn(response: LightMyRequestResponse, what: string): SignedIn {
  const token = response.headers['set-auth-token'];
  if (response.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  }
  return { cookie: cookiesFrom(response), token, user: response.json<{ user: AuthUser }>().user };
}

/** Signs a new user up (and in); throws with the response when the server refuses. */
export async function signUp(app: App, input: SignUpInput = makeSignUpInput()): Promise<SignedIn> {
  return readSignedIn(await postAuth(app, '/sign-up/email', input), `Sign-up of ${input.email}`);
}

/** Signs an existing user in; throws with the response when the server refuses. */
export async function signIn(app: App, input: SignInInput): Promise<SignedIn> {
  return readSignedIn(await postAuth(app, '/sign-in/email', input), `Sign-in of ${input.email}`);
}
