/**
 * Counts failures per key in a sliding window (e.g. failed sign-ins per account and per address).
 * In memory: limits are per server process, which is what a single-node Stride runs.
 */
export function createFailureLimiter({
  max,
  windowMs,
  now = Date.now,
}: {
  max: number;
  windowMs: number;
  now?: () => number;
}) {
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const since = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };

  return {
    /** Seconds to wait before `keys` may try again, or 0 when none of them is over the limit. */
    retryAfterSeconds(keys: string[]): number {
      let wait = 0;
      for (const key of keys) {
        const times = recent(key);
        if (times.length >= max)
          wait = Math.max(wait, Math.ceil((times[times.length - max]! + windowMs - now()) / 1000));
      }
      return wait;
    },
    /** Failures of `key` within the window (at most `max` are remembered). */
    countFailures(key: string): number {
      return recent(key).length;
    },
    recordFailure(keys: string[]): void {
      for (const key of keys) failures.set(key, [...recent(key), now()].slice(-max));
    },
    reset(key: string): void {
      failures.delete(key);
    },
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
