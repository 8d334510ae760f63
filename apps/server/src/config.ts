import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';
import { isCurrency } from '@stride/shared';

const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  EMBEDDED_POSTGRES_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(65_536).default(32),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://stride.example.org' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  RATE_LIMIT: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.default(true),
  READ_CACHE: booleanFlag.default(true),
  READ_CACHE_MB: z.coerce.number().min(1).max(4096).default(16),
  RATE_LIMIT_SIGN_IN_FAILURES: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_SIGN_UPS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(1).default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.org')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Stride <no-reply@stride.invalid>'),
  MAIL_WORKER: booleanFlag.default(true),
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(50),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  MAIL_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_LOG_EVERY: z.coerce.number().int().min(1).max(1_000_000).default(100),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust === null)
        context.addIssue({
          code: 'custom',
          message: "must be on/off, or the proxies' addresses/CIDRs, e.g. loopback,10.0.0.0/8",
        });
      return trust ?? false;
    })
    .default(false),
  DRAIN_NOTICE_SECONDS: z.coerce.number().min(0).max(8).optional(),
  DEFAULT_CURRENCY: z
    .string()
    .refine(isCurrency, 'must be an ISO 4217 currency code in capitals, such as EUR')
    .default('EUR'),
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).default(30),
  WAITLIST_CLAIM_HOURS: z.coerce.number().positive().default(48),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret key (sk_… or a restricted rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
});

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as Fastify's `trustProxy` takes it, or null when it is none of the accepted forms. */
function parseTrustProxy(value: string): TrustProxy | null {
  const flag = booleanFlag.safeParse(value.trim().toLowerCase());
  if (flag.success) return flag.data;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (NAMED_RANGES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  return entries.length > 0 && entries.every(valid) ? entries : null;
}

/** Whom to believe about the client's address: nobody, any proxy (on), or proxies at these addresses. */
export type TrustProxy = boolean | string[];

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL of one's own when set; otherwise the PostgreSQL cluster in dataDir/postgres, run by the server. */
  databaseUrl: string | undefined;
  /**
   * Connections to DATABASE_URL. Twice the cores (at least 4) by default: more than the database's cores can run
   * at once only queue inside it, where they contend for the CPU, so the tail of every read grows.
   */
  databasePoolSize: number;
  /** The embedded cluster's memory: its shared_buffers (32 MB suits a 1 GB machine). */
  embeddedPostgres: { sharedBuffersMb: number };
  authSecret: string;
  /** The origin people use to reach the site: better-auth's base URL and cookie origin. */
  publicUrl: string;
  /** Origins that may send cookie-authenticated requests. */
  trustedOrigins: string[];
  rateLimit: boolean;
  /** Fill an empty embedded database with a demo organizer and races on first start. */
  seedDemo: boolean;
  /**
   * Keep public reads and own lists in memory for a few seconds (docs/decisions/011), when `enabled`; each of the
   * read caches holds at most `maxBytes` of kept bodies (and a bounded number of entries).
   */
  readCache: ReadCacheSettings;
  /** Per minute: failed sign-ins per account and per address, sign-ups per address, API writes per user. */
  rateLimits: { signInFailures: number; signUps: number; writes: number };
  /**
   * Where the limits count (docs/decisions/022): in this process's memory with the embedded database (one
   * process); with DATABASE_URL shared by every process, in Redis when REDIS_URL is set, else in PostgreSQL.
   */
  rateLimitStore: RateLimitStoreSetting;
  logLevel: string;
  /**
   * The request log (level info): one line per request that failed (4xx, 5xx) or took a second or more, and
   * one in `requestLogEvery` of the others, each line saying how many it stands for (`sampled`).
   */
  requestLogEvery: number;
  /** Google sign-in over OpenID Connect, when both client id and secret are set. */
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  /** Mail by SMTP when set; otherwise .eml files in DATA_DIR/outbox. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; worker: MailWorkerSettings };
  /** Folder of the built web app; absent in API-only runs. */
  webDistDir: string | undefined;
  /** TRUST_PROXY: read the client's address from X-Forwarded-For when the request comes from these proxies. */
  trustProxy: TrustProxy;
  /**
   * On SIGTERM, how long the process answers "not ready" (GET /api/health/ready → 503) while still serving, so
   * that a balancer stops sending it requests before it stops accepting them. 2 s on a database of one's own
   * (a balancer may be in front), 0 on the embedded database (one process).
   */
  drainNoticeMs: number;
  /** Entry fees (issue 32). */
  payments: PaymentSettings;
};

export type PaymentSettings = {
  /** A new race's currency: ISO 4217, upper case. */
  defaultCurrency: string;
  /** How long an online entry holds its place while the runner pays. */
  holdMinutes: number;
  /** How long a runner promoted from a paid race's waitlist has to pay. */
  waitlistClaimHours: number;
  /** Online payment through Stripe, when both keys are set; printed (console, JSON, logs) with its secrets hidden. */
  stripe: StripeSettings | null;
};

/** `apiUrl`: another Stripe than api.stripe.com, such as the tests' fake (testing/fake-stripe.ts). */
export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl?: string };

/** How the mail worker drains the outbox (mail/mail-worker.ts). */
export type MailWorkerSettings = {
  /** Whether this process sends the outbox's mails (another process may do it instead). */
  enabled: boolean;
  /** Mails claimed per round. */
  batchSize: number;
  /** Mails in flight at once. */
  concurrency: number;
  /** How often the outbox is looked at when nothing woke the worker: retries, other processes' mails. */
  pollMs: number;
  /** A mail that failed this many times is kept as failed. */
  maxAttempts: number;
  /** The first retry's delay; each further one doubles it. */
  retryBaseMs: number;
  /** How long a claim holds: a worker that died mid-send leaves its mails to others after this. */
  leaseMs: number;
};

export type ReadCacheSettings = { enabled: boolean; maxBytes: number };

/** Redis's keys all start with `keyPrefix`. */
export type RateLimitStoreSetting =
  { kind: 'memory' } | { kind: 'postgres' } | { kind: 'redis'; url: string; keyPrefix: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The embedded mode's generated AUTH_SECRET, in DATA_DIR (backups carry it along). */
export const AUTH_SECRET_FILE = 'auth-secret';
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** Reads the embedded mode's secret from DATA_DIR, creating it on the first start. */
function readOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  // Made private if new; an existing one is tightened by the process that locks it (platform/data-dir-lock.ts), not
  // by every tool that reads the configuration while a server runs there.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // kept from an earlier start
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError([
      `AUTH_SECRET: ${file} holds no usable secret; delete it to have a new one generated`,
    ]);
  }
  return secret;
}

/** Parses the environment once, listing every problem before giving up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (env.DATABASE_URL !== undefined && env.AUTH_SECRET === undefined) {
    problems.push(
      'AUTH_SECRET: required when DATABASE_URL is set (32+ random characters, e.g. `openssl rand -base64 32`)',
    );
  }
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither');
  }
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take payments online, or neither',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);

  const localOrigins = [`http://localhost:${values.PORT}`, `http://127.0.0.1:${values.PORT}`];
  const publicUrl = values.PUBLIC_URL ?? localOrigins[0]!;

  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE ?? Math.max(4, 2 * os.availableParallelism()),
    embeddedPostgres: { sharedBuffersMb: values.EMBEDDED_POSTGRES_SHARED_BUFFERS_MB },
    authSecret: values.AUTH_SECRET ?? readOrCreateAuthSecret(dataDir),
    publicUrl,
    trustedOrigins: [
      ...(values.PUBLIC_URL ? [publicUrl] : localOrigins),
      // `npm run dev` serves the web app from Vite, which proxies /api here.
      ...(values.NODE_ENV === 'development' ? [VITE_DEV_ORIGIN] : []),
    ],
    rateLimit: values.RATE_LIMIT,
    seedDemo: values.SEED_DEMO,
    readCache: { enabled: values.READ_CACHE, maxBytes: values.READ_CACHE_MB * 2 ** 20 },
    requestLogEvery: values.REQUEST_LOG_EVERY,
    rateLimits: {
      signInFailures: values.RATE_LIMIT_SIGN_IN_FAILURES,
      signUps: values.RATE_LIMIT_SIGN_UPS,
      writes: values.RATE_LIMIT_WRITES,
    },
    rateLimitStore: !values.DATABASE_URL
      ? { kind: 'memory' }
      : values.REDIS_URL
        ? { kind: 'redis', url: values.REDIS_URL, keyPrefix: 'stride:rate-limit:' }
        : { kind: 'postgres' },
    logLevel: values.LOG_LEVEL,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            issuerUrl: values.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
          }
        : null,
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      worker: {
        enabled: values.MAIL_WORKER,
        batchSize: values.MAIL_BATCH_SIZE,
        concurrency: values.MAIL_CONCURRENCY,
        pollMs: values.MAIL_POLL_SECONDS * 1000,
        maxAttempts: values.MAIL_MAX_ATTEMPTS,
        retryBaseMs: values.MAIL_RETRY_SECONDS * 1000,
        leaseMs: values.MAIL_LEASE_SECONDS * 1000,
      },
    },
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    trustProxy: values.TRUST_PROXY,
    drainNoticeMs: (values.DRAIN_NOTICE_SECONDS ?? (values.DATABASE_URL ? 2 : 0)) * 1000,
    payments: {
      defaultCurrency: values.DEFAULT_CURRENCY,
      holdMinutes: values.PAYMENT_HOLD_MINUTES,
      waitlistClaimHours: values.WAITLIST_CLAIM_HOURS,
      stripe:
        values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
          ? hideSecretsWhenPrinted(
              {
                secretKey: values.STRIPE_SECRET_KEY,
                webhookSecret: values.STRIPE_WEBHOOK_SECRET,
                ...(values.STRIPE_API_URL && { apiUrl: values.STRIPE_API_URL }),
              },
              ['secretKey', 'webhookSecret'],
            )
          : null,
    },
  };
}

/**
 * `settings`, which print (console.log, util.inspect, JSON.stringify, pino) with `secrets` as `[hidden]`: a
 * configuration logged whole, now or by some later debugging, does not leak them.
 */
function hideSecretsWhenPrinted<T extends object>(settings: T, secrets: Array<keyof T>): T {
  const printable = () => ({ ...settings, ...Object.fromEntries(secrets.map((key) => [key, '[hidden]'])) });
  return Object.defineProperties(settings, {
    toJSON: { value: printable },
    [inspect.custom]: {
      value: (_depth: number, options: object) => inspect(printable(), options),
    },
  });
}
