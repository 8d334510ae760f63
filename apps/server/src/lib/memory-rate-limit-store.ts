import { createExpiringCache } from './expiring-cache.js';
import type { RateLimitStore } from './rate-limit-store.js';

/** Keys kept at most per kind; past it the oldest go first (a flood of addresses cannot exhaust memory). */
const MAX_KEYS = 100_000;

/** The rate limits of one process, in its memory: the store when no other process shares the database. */
export function createMemoryRateLimitStore({ now = Date.now }: { now?: () => number } = {}): RateLimitStore {
  const counters = createExpiringCache<{ hits: number; resetsAt: number }>({ maxEntries: MAX_KEYS, now });
  /** Each key's event times, newest first. */
  const events = createExpiringCache<number[]>({ maxEntries: MAX_KEYS, now });

  return {
    async hit(key, windowMs) {
      let counter = counters.get(key);
      if (counter) counter.hits += 1;
      else {
        counter = { hits: 1, resetsAt: now() + windowMs };
        counters.set(key, counter, counter.resetsAt);
      }
      return { hits: counter.hits, resetInMs: counter.resetsAt - now() };
    },
    async recordEvent(keys, { windowMs, keep }) {
      const time = now();
      for (const key of keys) {
        const recent = (events.get(key) ?? []).filter((at) => time - at < windowMs);
        events.set(key, [time, ...recent].slice(0, keep), time + windowMs);
      }
    },
    async findEventAges(keys, windowMs) {
      const time = now();
      return keys.map((key) =>
        (events.get(key) ?? []).map((at) => time - at).filter((age) => age < windowMs),
      );
    },
    async forgetEvents(keys) {
      for (const key of keys) events.delete(key);
    },
    async close() {},
  };
}
