import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';
import {
  ACCOUNT_SLOWDOWN,
  type SignInResult,
  type SignInVerdict,
  accountSlowdownMs,
  createSignInThrottle,
} from './sign-in-throttle.js';

const throttleAt = (maxPerMinute: number, now: () => number) =>
  createSignInThrottle({ maxPerMinute, store: createMemoryRateLimitStore({ now }) });

/** The verdict without its settle function, to compare. */
const shown = (verdict: SignInVerdict) =>
  'retryAfterSeconds' in verdict ? verdict : { delayMs: verdict.delayMs };

async function tryAndSettle(
  throttle: ReturnType<typeof throttleAt>,
  address: string,
  email: string,
  result: SignInResult,
) {
  const verdict = await throttle.attempt(address, email);
  if ('settle' in verdict) await verdict.settle(result);
  return shown(verdict);
}

describe('createSignInThrottle', () => {
  it('refuses an address after its failures, whatever the accounts, until the minute has passed', async () => {
    let time = 0;
    const throttle = throttleAt(3, () => time);
    for (const email of ['a@x.org', 'b@x.org', 'c@x.org'])
      expect(await tryAndSettle(throttle, '10.0.0.1', email, 'failed')).toEqual({ delayMs: 0 });
    time = 1_000;
    expect(shown(await throttle.attempt('10.0.0.1', 'd@x.org'))).toEqual({ retryAfterSeconds: 59 });
    expect(await tryAndSettle(throttle, '10.0.0.2', 'a@x.org', 'failed')).toEqual({ delayMs: 0 });
    time = 60_001;
    expect(shown(await throttle.attempt('10.0.0.1', 'd@x.org'))).toEqual({ delayMs: 0 });
  });

  it('holds a place for each attempt not yet settled: the limit counts attempts in flight', async () => {
    const throttle = throttleAt(3, () => 0);
    const inFlight = await Promise.all(
      Array.from({ length: 5 }, () => throttle.attempt('10.0.0.3', 'a@x.org')),
    );

    expect(inFlight.filter((verdict) => 'settle' in verdict)).toHaveLength(3);
    expect(inFlight.filter((verdict) => 'retryAfterSeconds' in verdict)).toHaveLength(2);
  });

  it('gives the place back when the password was right, or the attempt was not checked', async () => {
    const throttle = throttleAt(2, () => 0);
    for (let n = 0; n < 5; n++) {
      expect(await tryAndSettle(throttle, '10.0.0.4', 'a@x.org', 'succeeded')).toEqual({ delayMs: 0 });
      expect(await tryAndSettle(throttle, '10.0.0.4', 'a@x.org', 'unchecked')).toEqual({ delayMs: 0 });
    }
  });

  it('never locks an account that failures from many addresses point at: it only slows it down', async () => {
    const throttle = throttleAt(5, () => 0);
    const failures = ACCOUNT_SLOWDOWN.after + 10;
    for (let n = 0; n < failures; n++)
      await tryAndSettle(throttle, `10.0.${n}.1`, 'Owner@Example.org', 'failed');

    expect(shown(await throttle.attempt('192.0.2.1', 'owner@example.org'))).toEqual({
      delayMs: ACCOUNT_SLOWDOWN.maxDelayMs,
    });
    expect(shown(await throttle.attempt('192.0.2.1', 'someone-else@example.org'))).toEqual({ delayMs: 0 });
  });

  it('forgets the account slowdown once the right password is given', async () => {
    const throttle = throttleAt(5, () => 0);
    for (let n = 0; n <= ACCOUNT_SLOWDOWN.after; n++)
      await tryAndSettle(throttle, `10.0.${n}.1`, 'a@x.org', 'failed');
    expect(await tryAndSettle(throttle, '192.0.2.1', 'a@x.org', 'succeeded')).not.toEqual({ delayMs: 0 });

    expect(shown(await throttle.attempt('192.0.2.1', 'a@x.org'))).toEqual({ delayMs: 0 });
  });
});

describe('accountSlowdownMs', () => {
  it('is 0 up to the threshold, then doubles up to the cap', () => {
    const { after, firstDelayMs, maxDelayMs } = ACCOUNT_SLOWDOWN;
    expect(accountSlowdownMs(after - 1)).toBe(0);
    expect(accountSlowdownMs(after)).toBe(firstDelayMs);
    expect(accountSlowdownMs(after + 1)).toBe(firstDelayMs * 2);
    expect(accountSlowdownMs(after + 100)).toBe(maxDelayMs);
  });
});
