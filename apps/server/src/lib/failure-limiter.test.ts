import { describe, expect, it } from 'vitest';
import { createFailureLimiter } from './failure-limiter.js';

describe('createFailureLimiter', () => {
  it('refuses a key after max failures until the oldest one leaves the window', () => {
    let time = 0;
    const limiter = createFailureLimiter({ max: 3, windowMs: 60_000, now: () => time });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(limiter.retryAfterSeconds(['ip:1'])).toBe(0);
      limiter.recordFailure(['ip:1']);
      time += 1_000;
    }
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(57);
    expect(limiter.retryAfterSeconds(['ip:2'])).toBe(0);
    time = 60_001;
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(0);
  });

  it('answers for the most limited of several keys and forgets a reset one', () => {
    let time = 0;
    const limiter = createFailureLimiter({ max: 1, windowMs: 10_000, now: () => time });
    limiter.recordFailure(['account:a']);
    time = 4_000;
    expect(limiter.retryAfterSeconds(['ip:9', 'account:a'])).toBe(6);
    limiter.reset('account:a');
    expect(limiter.retryAfterSeconds(['ip:9', 'account:a'])).toBe(0);
  });
});
