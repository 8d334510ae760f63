import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';
import { createPostgresRateLimitStore } from './postgres-rate-limit-store.js';

/** A fixed window after a hit: the hits counted in it (this one included) and the time it has left. */
export type WindowCount = { hits: number; resetInMs: number };

/** A reserved event (to give back with `releaseEvent`), or how long until every key would have room. */
export type Reservation = { reserved: true; event: string } | { reserved: false; retryAfterMs: number };

/**
 * Where the rate limits count (docs/decisions/022): this process's memory, or PostgreSQL or Redis, shared by
 * every server process. Each call is atomic for each key it names. A key is used with one kind of call only:
 * counters (`hit`) and event lists (the rest) live apart in PostgreSQL and memory but not in Redis, so the
 * limiters prefix their keys (`writes:`, `auth:`, `sign-in:`).
 */
export type RateLimitStore = {
  /** Counts a hit on `key` in a window that starts with its first hit and lasts `windowMs`. */
  hit: (key: string, windowMs: number) => Promise<WindowCount>;
  /** Remembers an event now under each of the (distinct) keys, keeping its latest `keep` within `windowMs`. */
  recordEvent: (keys: readonly string[], window: { windowMs: number; keep: number }) => Promise<void>;
  /** For each key, how many milliseconds ago its remembered events within `windowMs` happened, newest first. */
  findEventAges: (keys: readonly string[], windowMs: number) => Promise<number[][]>;
  forgetEvents: (keys: readonly string[]) => Promise<void>;
  /**
   * Remembers an event now under each of the (distinct) keys unless one of them already holds `max` within
   * `windowMs`; atomic over the keys, so concurrent reservations never take more than `max` between them.
   */
  reserveEvent: (keys: readonly string[], window: { windowMs: number; max: number }) => Promise<Reservation>;
  /** Takes back a reserved event from each key (what it reserved for did not count after all). */
  releaseEvent: (keys: readonly string[], event: string) => Promise<void>;
  close: () => Promise<void>;
};

type Logger = { warn: (details: object, message: string) => void; info: (message: string) => void };

/**
 * The shared store, or this process's memory for each call the shared store fails (its database or Redis is
 * down): the limits then count per process, as with the embedded database, instead of failing every request or
 * letting them all through. One warning when it starts failing, one line when it answers again.
 */
export function withMemoryFallback(shared: RateLimitStore, log: Logger): RateLimitStore {
  const fallback = createMemoryRateLimitStore();
  let failing = false;
  const attempt = async <T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> => {
    try {
      const result = await call(shared);
      if (failing) log.info('rate limits: the shared store answers again');
      failing = false;
      return result;
    } catch (error) {
      if (!failing)
        log.warn({ err: error }, 'rate limits: the shared store failed, counting in this process');
      failing = true;
      return call(fallback);
    }
  };
  return {
    hit: (key, windowMs) => attempt((store) => store.hit(key, windowMs)),
    recordEvent: (keys, window) => attempt((store) => store.recordEvent(keys, window)),
    findEventAges: (keys, windowMs) => attempt((store) => store.findEventAges(keys, windowMs)),
    forgetEvents: (keys) => attempt((store) => store.forgetEvents(keys)),
    reserveEvent: (keys, window) => attempt((store) => store.reserveEvent(keys, window)),
    releaseEvent: (keys, event) => attempt((store) => store.releaseEvent(keys, event)),
    close: () => shared.close(),
  };
}

/**
 * The store config.rateLimitStore names. The memory one, which starts nothing, when rate limiting is off; Redis's
 * client is loaded only when it is used, and connected before this resolves (an unreachable REDIS_URL fails the
 * start, as an unreachable DATABASE_URL does).
 */
export async function openRateLimitStore({
  config,
  db,
  log,
}: {
  config: Config;
  db: Database;
  log: Logger;
}): Promise<RateLimitStore> {
  const setting = config.rateLimitStore;
  if (!config.rateLimit || setting.kind === 'memory') return createMemoryRateLimitStore();
  if (setting.kind === 'postgres') return withMemoryFallback(createPostgresRateLimitStore(db, { log }), log);
  const { openRedisRateLimitStore } = await import('./redis-rate-limit-store.js');
  return withMemoryFallback(await openRedisRateLimitStore(setting), log);
}
