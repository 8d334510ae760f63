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

/** How a checked sign-in ended: a wrong password, the right one, or neither (refused before any check). */
export type SignInResult = 'failed' | 'succeeded' | 'unchecked';

/**
 * A sign-in let through: answer it after `delayMs`, then `settle` it with how it ended (exactly once). Until
 * then it holds one of the address's places, so simultaneous guesses cannot all be checked.
 */
export type SignInAttempt = { delayMs: number; settle: (result: SignInResult) => Promise<void> };

export type SignInVerdict = { retryAfterSeconds: number } | SignInAttempt;

/**
 * Failed sign-ins: `maxPerMinute` per address and per (address, account) pair, answered 429 until the window
 * moves on; per account alone only a growing delay (see {@link ACCOUNT_SLOWDOWN}). Counted in `store`: per
 * process, or shared by every server process. Each attempt takes its place before the password is checked
 * (atomically, in every store), and gives it back when the password was right.
 */
export function createSignInThrottle({
  maxPerMinute,
  store,
}: {
  maxPerMinute: number;
  store: RateLimitStore;
}) {
  const accountWindow = {
    windowMs: ACCOUNT_SLOWDOWN.windowMs,
    // Enough remembered failures to reach the longest delay.
    keep:
      ACCOUNT_SLOWDOWN.after +
      Math.ceil(Math.log2(ACCOUNT_SLOWDOWN.maxDelayMs / ACCOUNT_SLOWDOWN.firstDelayMs)),
  };
  const countAccountFailures = async (key: string) =>
    (await store.findEventAges([key], accountWindow.windowMs))[0]!.length;
  const keysOf = (address: string, email: string | null) => {
    const account = email === null ? null : email.trim().toLowerCase();
    const pair = account === null ? null : `sign-in:pair:${address}\n${account}`;
    return {
      limited: [`sign-in:ip:${address}`, ...(pair === null ? [] : [pair])],
      pair,
      account: account === null ? null : `sign-in:account:${account}`,
    };
  };

  return {
    /** Before trying: refuse (429 for this many seconds), or let it through, to be settled once answered. */
    async attempt(address: string, email: string | null): Promise<SignInVerdict> {
      const keys = keysOf(address, email);
      const [reservation, accountFailureCount] = await Promise.all([
        store.reserveEvent(keys.limited, { windowMs: MINUTE_MS, max: maxPerMinute }),
        keys.account ? countAccountFailures(keys.account) : 0,
      ]);
      if (!reservation.reserved) return { retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000) };
      let settled = false;
      return {
        delayMs: accountSlowdownMs(accountFailureCount),
        async settle(result) {
          if (settled) return;
          settled = true;
          if (result === 'failed') {
            if (keys.account) await store.recordEvent([keys.account], accountWindow);
            return;
          }
          await store.releaseEvent(keys.limited, reservation.event);
          // The right password: this address and the account start afresh (the address's own count stays).
          if (result === 'succeeded')
            await store.forgetEvents([keys.pair, keys.account].filter((key) => key !== null));
        },
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
