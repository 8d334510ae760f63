import { createFailureLimiter } from './failure-limiter.js';
import type { RateLimitStore } from './rate-limit-store.js';

const MINUTE_MS = 60_000;

/**
 * The account alone is never locked: anyone can type its e-mail address. Past this many failures in the
 * window, from any addresses, each sign-in to it waits a little longer before it is answered, doubling from
 * `firstDelayMs` up to `maxDelayMs`; the owner still gets in with the right password.
 */
export const ACCOUNT_SLOWDOWN = {
  after: 20,
  windowMs: 15 * MINUTE_MS,
  firstDelayMs: 500,
  maxDelayMs: 10_000,
};

/** The wait before answering a sign-in to an account with `failures` recent failures. */
export function accountSlowdownMs(failures: number): number {
  const beyond = failures - ACCOUNT_SLOWDOWN.after;
  if (beyond < 0) return 0;
  return Math.min(ACCOUNT_SLOWDOWN.firstDelayMs * 2 ** beyond, ACCOUNT_SLOWDOWN.maxDelayMs);
}

export type SignInVerdict = { retryAfterSeconds: number } | { delayMs: number };

/**
 * Failed sign-ins: `maxPerMinute` per address and per (address, account) pair, answered 429 until the window
 * moves on; per account alone only a growing delay (see {@link ACCOUNT_SLOWDOWN}). Counted in `store`: per
 * process, or shared by every server process.
 */
export function createSignInThrottle({
  maxPerMinute,
  store,
}: {
  maxPerMinute: number;
  store: RateLimitStore;
}) {
  const hardLimits = createFailureLimiter({ store, max: maxPerMinute, windowMs: MINUTE_MS });
  const accountFailures = createFailureLimiter({
    store,
    // Enough remembered failures to reach the longest delay.
    max:
      ACCOUNT_SLOWDOWN.after +
      Math.ceil(Math.log2(ACCOUNT_SLOWDOWN.maxDelayMs / ACCOUNT_SLOWDOWN.firstDelayMs)),
    windowMs: ACCOUNT_SLOWDOWN.windowMs,
  });
  const keysOf = (address: string, email: string | null) => {
    const account = email === null ? null : email.trim().toLowerCase();
    return {
      limited: [
        `sign-in:ip:${address}`,
        ...(account === null ? [] : [`sign-in:pair:${address}\n${account}`]),
      ],
      pair: account === null ? null : `sign-in:pair:${address}\n${account}`,
      account: account === null ? null : `sign-in:account:${account}`,
    };
  };

  return {
    /** Before trying: refuse (429 for this many seconds), or answer after a delay (0: at once). */
    async verdict(address: string, email: string | null): Promise<SignInVerdict> {
      const keys = keysOf(address, email);
      const [retryAfterSeconds, accountFailureCount] = await Promise.all([
        hardLimits.retryAfterSeconds(keys.limited),
        keys.account ? accountFailures.countFailures(keys.account) : 0,
      ]);
      if (retryAfterSeconds > 0) return { retryAfterSeconds };
      return { delayMs: accountSlowdownMs(accountFailureCount) };
    },
    async recordFailure(address: string, email: string | null): Promise<void> {
      const keys = keysOf(address, email);
      await Promise.all([
        hardLimits.recordFailure(keys.limited),
        keys.account && accountFailures.recordFailure([keys.account]),
      ]);
    },
    /** The right password: this address and the account start afresh (the address's own count stays). */
    async recordSuccess(address: string, email: string): Promise<void> {
      const keys = keysOf(address, email);
      await Promise.all([
        keys.pair && hardLimits.reset(keys.pair),
        keys.account && accountFailures.reset(keys.account),
      ]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
