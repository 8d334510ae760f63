import { createExpiringCache } from '../lib/expiring-cache.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { msUntilRoom } from './rate-limit-window.js';

/** Keys kept at most per kind; past it the oldest go first (a flood of addresses cannot exhaust memory). */
const MAX_KEYS = 100_000;

/**
 * The rate limits of one process, in its memory: the store when no other process shares the database. Every
 * call runs to its end before another starts (no await inside), which makes each atomic.
 */
export function createMemoryRateLimitStore({ now = Date.now }: { now?: () => number } = {}): RateLimitStore {
  const counters = createExpiringCache<{ hits: number; resetsAt: number }>({ maxEntries: MAX_KEYS, now });
  /** Each key's event times, newest first. */
  const events = createExpiringCache<number[]>({ maxEntries: MAX_KEYS, now });

  const record = (keys: readonly string[], time: number, windowMs: number, keep: number) => {
    for (const key of keys) {
      const recent = (events.get(key) ?? []).filter((at) => time - at < windowMs);
      events.set(key, [time, ...recent].slice(0, keep), time + windowMs);
    }
  };
  const agesOf = (keys: readonly string[], time: number, windowMs: number) =>
    keys.map((key) => (events.get(key) ?? []).map((at) => time - at).filter((age) => age < windowMs));

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
      record(keys, now(), windowMs, keep);
    },
    async findEventAges(keys, windowMs) {
      return agesOf(keys, now(), windowMs);
    },
    async forgetEvents(keys) {
      for (const key of keys) events.delete(key);
    },
    async reserveEvent(keys, window) {
      const time = now();
      const retryAfterMs = Math.max(
        0,
        ...agesOf(keys, time, window.windowMs).map((ages) => msUntilRoom(ages, window)),
      );
      if (retryAfterMs > 0) return { reserved: false, retryAfterMs };
      record(keys, time, window.windowMs, window.max);
      return { reserved: true, event: String(time) };
    },
    async releaseEvent(keys, event) {
      const at = Number(event);
      for (const key of keys) {
        const times = events.get(key);
        const index = times?.indexOf(at) ?? -1;
        if (index !== -1) times!.splice(index, 1);
      }
    },
    async close() {},
  };
}
