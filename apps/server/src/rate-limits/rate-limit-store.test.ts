import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.js';
import { rowsOf } from '../db/client.js';
import { createTestDatabase } from '../testing/test-database.js';
import { createTestConfig } from '../testing/test-app.js';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';
import { createPostgresRateLimitStore } from './postgres-rate-limit-store.js';
import { testRateLimitStoreContract } from '../testing/rate-limit-store-contract.js';
import { type RateLimitStore, openRateLimitStore, withMemoryFallback } from './rate-limit-store.js';

const silentLog = { warn: () => {}, info: () => {} };

describe('the memory store', () => {
  testRateLimitStoreContract(async (now) => createMemoryRateLimitStore({ now }));
});

describe('the PostgreSQL store', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  testRateLimitStoreContract(async (now) =>
    createPostgresRateLimitStore(database.db, { log: silentLog, now }),
  );

  it('deletes expired rows a minute after it last did, when a call comes', async () => {
    let time = 1_800_000_000_000;
    const store = createPostgresRateLimitStore(database.db, { log: silentLog, now: () => time });
    const countRows = async () =>
      rowsOf<{ counters: number; events: number }>(
        await database.db.execute(sql`
          select (select count(*) from rate_limit_counters)::int as counters,
                 (select count(*) from rate_limit_events)::int as events`),
      )[0];
    await database.db.execute(sql`truncate rate_limit_counters, rate_limit_events`);
    for (let n = 0; n < 3; n++) await store.hit(`gone:${n}`, 1_000);
    await store.recordEvent(['gone:event'], { windowMs: 1_000, keep: 5 });
    await store.hit('kept', 120_000);

    time += 60_000;
    await store.hit('kept', 120_000);
    await store.close(); // waits for the deletion the hit started

    expect(await countRows()).toEqual({ counters: 1, events: 0 });
  });
});

describe('withMemoryFallback', () => {
  const failing = (): RateLimitStore => {
    const fail = () => Promise.reject(new Error('connection refused'));
    return {
      hit: fail,
      recordEvent: fail,
      findEventAges: fail,
      forgetEvents: fail,
      reserveEvent: fail,
      releaseEvent: fail,
      close: async () => {},
    };
  };

  it('counts in this process while the shared store fails, warning once, and says when it is back', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    let shared = failing();
    const store = withMemoryFallback(
      {
        hit: (...args) => shared.hit(...args),
        recordEvent: (...args) => shared.recordEvent(...args),
        findEventAges: (...args) => shared.findEventAges(...args),
        forgetEvents: (...args) => shared.forgetEvents(...args),
        reserveEvent: (...args) => shared.reserveEvent(...args),
        releaseEvent: (...args) => shared.releaseEvent(...args),
        close: async () => {},
      },
      log,
    );

    expect((await store.hit('writes:user:1', 60_000)).hits).toBe(1);
    expect((await store.hit('writes:user:1', 60_000)).hits).toBe(2);
    await store.recordEvent(['sign-in:ip:1'], { windowMs: 60_000, keep: 5 });
    expect(await store.findEventAges(['sign-in:ip:1'], 60_000)).toEqual([[expect.any(Number)]]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.info).not.toHaveBeenCalled();

    shared = createMemoryRateLimitStore();
    expect((await store.hit('writes:user:1', 60_000)).hits).toBe(1);
    expect(log.info).toHaveBeenCalledTimes(1);
  });
});

describe('openRateLimitStore', () => {
  /** A database that fails the test if anything asks it. */
  const untouchableDb = new Proxy({} as Database, {
    get: () => {
      throw new Error('the database was used');
    },
  });
  /** Nothing listens on port 1. */
  const unreachableRedis = { kind: 'redis', url: 'redis://127.0.0.1:1', keyPrefix: 'x:' } as const;

  it('counts in memory without asking the database for the embedded database', async () => {
    const config = createTestConfig({ rateLimit: true, rateLimitStore: { kind: 'memory' } });
    const store = await openRateLimitStore({ config, db: untouchableDb, log: silentLog });

    await store.hit('writes:user:1', 60_000);
    expect((await store.hit('writes:user:1', 60_000)).hits).toBe(2);
    await store.close();
  });

  it('connects to nothing when rate limiting is off, whatever the setting', async () => {
    const config = createTestConfig({ rateLimit: false, rateLimitStore: unreachableRedis });
    const store = await openRateLimitStore({ config, db: untouchableDb, log: silentLog });

    expect((await store.hit('writes:user:1', 60_000)).hits).toBe(1);
  });

  it('fails the start when REDIS_URL cannot be reached, naming it', async () => {
    const config = createTestConfig({ rateLimit: true, rateLimitStore: unreachableRedis });

    await expect(openRateLimitStore({ config, db: untouchableDb, log: silentLog })).rejects.toThrow(
      /^Cannot connect to Redis \(REDIS_URL\)/,
    );
  });
});
