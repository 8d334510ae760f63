import type { RateLimitStore } from './rate-limit-store.js';

/**
 * Counts failures per key in a sliding window (e.g. failed sign-ins per account and per address), in `store`:
 * this process's memory, or shared by every server process (lib/rate-limit-store.ts).
 */
export function createFailureLimiter({
  store,
  max,
  windowMs,
}: {
  store: RateLimitStore;
  max: number;
  windowMs: number;
}) {
  return {
    /** Seconds to wait before `keys` may try again, or 0 when none of them is over the limit. */
    async retryAfterSeconds(keys: string[]): Promise<number> {
      const agesPerKey = await store.findEventAges(keys, windowMs);
      // Over the limit until the max-th latest failure leaves the window.
      return Math.max(
        0,
        ...agesPerKey.map((ages) => (ages.length >= max ? Math.ceil((windowMs - ages[max - 1]!) / 1000) : 0)),
      );
    },
    /** Failures of `key` within the window (at most `max` are remembered). */
    async countFailures(key: string): Promise<number> {
      const [ages] = await store.findEventAges([key], windowMs);
      return ages!.length;
    },
    recordFailure(keys: string[]): Promise<void> {
      return store.recordEvent(keys, { windowMs, keep: max });
    },
    reset(key: string): Promise<void> {
      return store.forgetEvents([key]);
    },
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
