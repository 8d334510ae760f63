import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
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
});
