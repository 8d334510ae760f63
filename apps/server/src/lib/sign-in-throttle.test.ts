import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';
import { ACCOUNT_SLOWDOWN, accountSlowdownMs, createSignInThrottle } from './sign-in-throttle.js';

const throttleAt = (maxPerMinute: number, now: () => number) =>
  createSignInThrottle({ maxPerMinute, store: createMemoryRateLimitStore({ now }) });

describe('createSignInThrottle', () => {
  it('refuses an address after its failures, whatever the accounts, until the minute has passed', async () => {
    let time = 0;
    const throttle = throttleAt(3, () => time);
    for (const email of ['a@x.org', 'b@x.org', 'c@x.org']) {
      expect(await throttle.verdict('10.0.0.1', email)).toEqual({ delayMs: 0 });
      await throttle.recordFailure('10.0.0.1', email);
    }
    time = 1_000;
    expect(await throttle.verdict('10.0.0.1', 'd@x.org')).toEqual({ retryAfterSeconds: 59 });
    expect(await throttle.verdict('10.0.0.2', 'a@x.org')).toEqual({ delayMs: 0 });
    time = 60_001;
    expect(await throttle.verdict('10.0.0.1', 'd@x.org')).toEqual({ delayMs: 0 });
  });

  it('never locks an account that failures from many addresses point at: it only slows it down', async () => {
    const throttle = throttleAt(5, () => 0);
    const failures = ACCOUNT_SLOWDOWN.after + 10;
    for (let n = 0; n < failures; n++) await throttle.recordFailure(`10.0.${n}.1`, 'Owner@Example.org');

    expect(await throttle.verdict('192.0.2.1', 'owner@example.org')).toEqual({
      delayMs: ACCOUNT_SLOWDOWN.maxDelayMs,
    });
    expect(await throttle.verdict('192.0.2.1', 'someone-else@example.org')).toEqual({ delayMs: 0 });
  });

  it('forgets the account slowdown once the right password is given', async () => {
    const throttle = throttleAt(5, () => 0);
    for (let n = 0; n <= ACCOUNT_SLOWDOWN.after; n++) await throttle.recordFailure(`10.0.${n}.1`, 'a@x.org');
    expect(await throttle.verdict('192.0.2.1', 'a@x.org')).not.toEqual({ delayMs: 0 });

    await throttle.recordSuccess('192.0.2.1', 'a@x.org');

    expect(await throttle.verdict('192.0.2.1', 'a@x.org')).toEqual({ delayMs: 0 });
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
