import { describe, expect, it } from 'vitest';
import { ACCOUNT_SLOWDOWN, accountSlowdownMs, createSignInThrottle } from './sign-in-throttle.js';

describe('createSignInThrottle', () => {
  it('refuses an address after its failures, whatever the accounts, until the minute has passed', () => {
    let time = 0;
    const throttle = createSignInThrottle({ maxPerMinute: 3, now: () => time });
    for (const email of ['a@x.org', 'b@x.org', 'c@x.org']) {
      expect(throttle.verdict('10.0.0.1', email)).toEqual({ delayMs: 0 });
      throttle.recordFailure('10.0.0.1', email);
    }
    time = 1_000;
    expect(throttle.verdict('10.0.0.1', 'd@x.org')).toEqual({ retryAfterSeconds: 59 });
    expect(throttle.verdict('10.0.0.2', 'a@x.org')).toEqual({ delayMs: 0 });
    time = 60_001;
    expect(throttle.verdict('10.0.0.1', 'd@x.org')).toEqual({ delayMs: 0 });
  });

  it('never locks an account that failures from many addresses point at: it only slows it down', () => {
    const throttle = createSignInThrottle({ maxPerMinute: 5, now: () => 0 });
    const failures = ACCOUNT_SLOWDOWN.after + 10;
    for (let n = 0; n < failures; n++) throttle.recordFailure(`10.0.${n}.1`, 'Owner@Example.org');

    expect(throttle.verdict('192.0.2.1', 'owner@example.org')).toEqual({
      delayMs: ACCOUNT_SLOWDOWN.maxDelayMs,
    });
    expect(throttle.verdict('192.0.2.1', 'someone-else@example.org')).toEqual({ delayMs: 0 });
  });

  it('forgets the account slowdown once the right password is given', () => {
    const throttle = createSignInThrottle({ maxPerMinute: 5, now: () => 0 });
    for (let n = 0; n <= ACCOUNT_SLOWDOWN.after; n++) throttle.recordFailure(`10.0.${n}.1`, 'a@x.org');
    expect(throttle.verdict('192.0.2.1', 'a@x.org')).not.toEqual({ delayMs: 0 });

    throttle.recordSuccess('192.0.2.1', 'a@x.org');

    expect(throttle.verdict('192.0.2.1', 'a@x.org')).toEqual({ delayMs: 0 });
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
