import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stride-config-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** loadConfig on exactly these variables (never the test runner's own environment). */
const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected loadConfig to refuse this environment');
}

describe('loadConfig', () => {
  it('starts an embedded server with no settings at all', () => {
    expect(load()).toMatchObject({
      port: 3000,
      dataDir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      rateLimit: true,
      logLevel: 'info',
      webDistDir: undefined,
    });
  });

  it('lists every problem together, each naming its variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db.example/stride',
      PUBLIC_URL: 'ftp://stride.example.org',
      RATE_LIMIT: 'maybe',
      LOG_LEVEL: 'loud',
    });

    // AUTH_SECRET too: any DATABASE_URL needs it, so the next attempt does not fail on it.
    expect(problems).toHaveLength(6);
    for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'RATE_LIMIT', 'LOG_LEVEL', 'AUTH_SECRET']) {
      expect(problems.some((problem) => problem.startsWith(`${name}:`))).toBe(true);
    }
  });

  it('puts every problem in the error message people read', () => {
    try {
      load({ PORT: '-1', AUTH_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(
        /PORT: .*\n.*AUTH_SECRET: must be at least 32 characters/,
      );
    }
  });

  it('refuses DATABASE_URL without AUTH_SECRET, naming AUTH_SECRET', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://stride@db.example/stride' })).toEqual([
      expect.stringMatching(/^AUTH_SECRET: required when DATABASE_URL is set/),
    ]);
  });

  it('reports a missing AUTH_SECRET together with the other problems', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://stride@db.example/stride', PORT: 'eighty' });

    expect(problems).toEqual([
      expect.stringMatching(/^PORT:/),
      expect.stringMatching(/^AUTH_SECRET: required/),
    ]);
  });

  it('uses AUTH_SECRET as given with DATABASE_URL, writing nothing to DATA_DIR', async () => {
    const config = load({ DATABASE_URL: 'postgres://stride@db.example/stride', AUTH_SECRET: SECRET });

    expect(config).toMatchObject({ databaseUrl: 'postgres://stride@db.example/stride', authSecret: SECRET });
    await expect(readFile(path.join(dataDir, 'auth-secret'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(load().trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    expect(problemsOf({ TRUST_PROXY: 'nginx' })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
  });

  it('gives a balancer 2 s of "not ready" before stopping on a shared database, none on the embedded one', () => {
    const url = { DATABASE_URL: 'postgres://stride@db.example/stride', AUTH_SECRET: SECRET };

    expect(load().drainNoticeMs).toBe(0);
    expect(load(url).drainNoticeMs).toBe(2_000);
    expect(load({ ...url, DRAIN_NOTICE_SECONDS: '0.5' }).drainNoticeMs).toBe(500);
    expect(problemsOf({ DRAIN_NOTICE_SECONDS: '9' })).toEqual([
      expect.stringMatching(/^DRAIN_NOTICE_SECONDS: /),
    ]);
  });

  it('counts rate limits in memory on the embedded database, else shared: in Redis with REDIS_URL, else PostgreSQL', () => {
    const url = { DATABASE_URL: 'postgres://stride@db.example/stride', AUTH_SECRET: SECRET };
    const redis = { REDIS_URL: 'rediss://:secret@cache.example:6380/2' };

    expect(load().rateLimitStore).toEqual({ kind: 'memory' });
    expect(load(redis).rateLimitStore).toEqual({ kind: 'memory' });
    expect(load(url).rateLimitStore).toEqual({ kind: 'postgres' });
    expect(load({ ...url, ...redis }).rateLimitStore).toEqual({
      kind: 'redis',
      url: redis.REDIS_URL,
      keyPrefix: 'stride:rate-limit:',
    });
    expect(problemsOf({ REDIS_URL: 'cache.example:6379' })).toEqual([expect.stringMatching(/^REDIS_URL: /)]);
  });

  it('sizes the PostgreSQL pool to twice the cores (at least 4) unless DATABASE_POOL_SIZE says otherwise', () => {
    const url = { DATABASE_URL: 'postgres://stride@db.example/stride', AUTH_SECRET: SECRET };

    expect(load(url).databasePoolSize).toBe(Math.max(4, 2 * os.availableParallelism()));
    expect(load({ ...url, DATABASE_POOL_SIZE: '7' }).databasePoolSize).toBe(7);
    expect(problemsOf({ ...url, DATABASE_POOL_SIZE: '0' })).toEqual([
      expect.stringMatching(/^DATABASE_POOL_SIZE: /),
    ]);
  });

  it('generates the embedded secret once into DATA_DIR and reuses it', async () => {
    const first = load();
    const second = load();

    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect((await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).trim()).toBe(first.authSecret);
  });

  it('creates a DATA_DIR that does not exist yet for the secret', async () => {
    const nested = path.join(dataDir, 'not', 'yet');

    const config = loadConfig({ DATA_DIR: nested });

    expect((await readFile(path.join(nested, 'auth-secret'), 'utf8')).trim()).toBe(config.authSecret);
  });

  it('trims trailing slashes from PUBLIC_URL and trusts only it', () => {
    const config = load({ PUBLIC_URL: 'https://stride.example.org//', PORT: '8080' });

    expect(config.publicUrl).toBe('https://stride.example.org');
    expect(config.trustedOrigins).toEqual(['https://stride.example.org']);
  });

  it('trusts localhost and 127.0.0.1 on the actual PORT when PUBLIC_URL is not set', () => {
    const config = load({ PORT: '4123' });

    expect(config.publicUrl).toBe('http://localhost:4123');
    expect(config.trustedOrigins).toEqual(['http://localhost:4123', 'http://127.0.0.1:4123']);
  });

  it('also trusts the Vite dev server in development', () => {
    expect(load({ NODE_ENV: 'development' }).trustedOrigins).toContain('http://localhost:5173');
    expect(load({ NODE_ENV: 'production' }).trustedOrigins).not.toContain('http://localhost:5173');
  });

  it.each([
    ['off', false],
    ['false', false],
    ['0', false],
    ['on', true],
    ['1', true],
  ])('reads RATE_LIMIT=%s as %s', (value, expected) => {
    expect(load({ RATE_LIMIT: value }).rateLimit).toBe(expected);
  });

  it('resolves DATA_DIR and WEB_DIST_DIR to absolute paths', () => {
    const config = loadConfig({ DATA_DIR: path.relative(process.cwd(), dataDir), WEB_DIST_DIR: 'web/dist' });

    expect(config.dataDir).toBe(dataDir);
    expect(config.webDistDir).toBe(path.resolve('web/dist'));
  });

  describe('payments', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_config_0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_config_abcdef',
    };

    it('charges in EUR, holds a place 30 minutes and a waitlist claim 48 hours, without Stripe by default', () => {
      expect(load().payments).toEqual({
        defaultCurrency: 'EUR',
        holdMinutes: 30,
        waitlistClaimHours: 48,
        stripe: null,
      });
    });

    it('reads DEFAULT_CURRENCY, PAYMENT_HOLD_MINUTES and WAITLIST_CLAIM_HOURS', () => {
      expect(
        load({ DEFAULT_CURRENCY: 'JPY', PAYMENT_HOLD_MINUTES: '15', WAITLIST_CLAIM_HOURS: '0.5' }).payments,
      ).toMatchObject({ defaultCurrency: 'JPY', holdMinutes: 15, waitlistClaimHours: 0.5 });
    });

    it('refuses a currency that is not an ISO 4217 code in capitals, a hold under a minute and a claim of no time', () => {
      for (const currency of ['eur', 'EURO', 'ABC']) {
        expect(problemsOf({ DEFAULT_CURRENCY: currency })).toEqual([
          expect.stringMatching(/^DEFAULT_CURRENCY: must be an ISO 4217 currency code in capitals/),
        ]);
      }
      expect(problemsOf({ PAYMENT_HOLD_MINUTES: '0', WAITLIST_CLAIM_HOURS: '0' })).toEqual([
        expect.stringMatching(/^PAYMENT_HOLD_MINUTES: /),
        expect.stringMatching(/^WAITLIST_CLAIM_HOURS: /),
      ]);
      expect(problemsOf({ PAYMENT_HOLD_MINUTES: '1.5' })).toEqual([
        expect.stringMatching(/^PAYMENT_HOLD_MINUTES: /),
      ]);
    });

    it('takes payments through Stripe with both keys, at STRIPE_API_URL when set', () => {
      expect(load(stripe).payments.stripe).toEqual({
        secretKey: stripe.STRIPE_SECRET_KEY,
        webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      });
      expect(load({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).payments.stripe).toEqual({
        secretKey: stripe.STRIPE_SECRET_KEY,
        webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
        apiUrl: 'http://127.0.0.1:12111',
      });
    });

    it('refuses one Stripe key without the other, keys of the wrong kind and an API URL that is not http(s)', () => {
      const bothOrNeither = expect.stringMatching(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both/);
      expect(problemsOf({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toEqual([bothOrNeither]);
      expect(problemsOf({ STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET })).toEqual([bothOrNeither]);
      expect(
        problemsOf({
          STRIPE_SECRET_KEY: 'pk_test_public',
          STRIPE_WEBHOOK_SECRET: 'secret',
          STRIPE_API_URL: 'ftp://x',
        }),
      ).toEqual([
        expect.stringMatching(/^STRIPE_SECRET_KEY: must be a Stripe secret key/),
        expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret/),
        expect.stringMatching(/^STRIPE_API_URL: must be an http\(s\) URL/),
      ]);
    });

    it('never names a Stripe secret in its problems, nor prints one when the configuration is logged', () => {
      const problems = problemsOf({
        STRIPE_SECRET_KEY: 'sk_test with a space',
        STRIPE_WEBHOOK_SECRET: 'wh_leaked',
      });
      expect(problems.join('\n')).not.toMatch(/with a space|wh_leaked/);

      const config = load(stripe);
      for (const printed of [JSON.stringify(config), inspect(config, { depth: null })]) {
        expect(printed).not.toContain(stripe.STRIPE_SECRET_KEY);
        expect(printed).not.toContain(stripe.STRIPE_WEBHOOK_SECRET);
        expect(printed).toContain('[hidden]');
      }
      expect(config.payments.stripe?.secretKey).toBe(stripe.STRIPE_SECRET_KEY);
    });
  });
});
