import { createFailureLimiter } from './failure-limiter.js';

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
 * moves on; per account alone only a growing delay (see {@link ACCOUNT_SLOWDOWN}). In memory, per process.
 */
export function createSignInThrottle({
  maxPerMinute,
  now = Date.now,
}: {
  maxPerMinute: number;
  now?: () => number;
}) {
  const hardLimits = createFailureLimiter({ max: maxPerMinute, windowMs: MINUTE_MS, now });
  const accountFailures = createFailureLimiter({
    // Enough remembered failures to reach the longest delay.
    max:
      ACCOUNT_SLOWDOWN.after +
      Math.ceil(Math.log2(ACCOUNT_SLOWDOWN.maxDelayMs / ACCOUNT_SLOWDOWN.firstDelayMs)),
    windowMs: ACCOUNT_SLOWDOWN.windowMs,
    now,
  });
  const keysOf = (address: string, email: string | null) => {
    const account = email === null ? null : email.trim().toLowerCase();
    return {
      limited: [`ip:${address}`, ...(account === null ? [] : [`pair:${address}\n${account}`])],
      pair: account === null ? null : `pair:${address}\n${account}`,
      account: account === null ? null : `account:${account}`,
    };
  };

  return {
    /** Before trying: refuse (429 for this many seconds), or answer after a delay (0: at once). */
    verdict(address: string, email: string | null): SignInVerdict {
      const keys = keysOf(address, email);
      const retryAfterSeconds = hardLimits.retryAfterSeconds(keys.limited);
      if (retryAfterSeconds > 0) return { retryAfterSeconds };
      return { delayMs: keys.account ? accountSlowdownMs(accountFailures.countFailures(keys.account)) : 0 };
    },
    recordFailure(address: string, email: string | null): void {
      const keys = keysOf(address, email);
      hardLimits.recordFailure(keys.limited);
      if (keys.account) accountFailures.recordFailure([keys.account]);
    },
    /** The right password: this address and the account start afresh (the address's own count stays). */
    recordSuccess(address: string, email: string): void {
      const keys = keysOf(address, email);
      if (keys.pair) hardLimits.reset(keys.pair);
      if (keys.account) accountFailures.reset(keys.account);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
