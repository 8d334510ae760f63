import { describe, expect, it } from 'vitest';
import { createFailureLimiter } from './failure-limiter.js';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';

describe('createFailureLimiter', () => {
  it('refuses a key after max failures until the oldest one leaves the window', async () => {
    let time = 0;
    const store = createMemoryRateLimitStore({ now: () => time });
    const limiter = createFailureLimiter({ store, max: 3, windowMs: 60_000 });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(0);
      await limiter.recordFailure(['ip:1']);
      time += 1_000;
    }
    expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(57);
    expect(await limiter.retryAfterSeconds(['ip:2'])).toBe(0);
    time = 60_001;
    expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(0);
  });

  it('answers for the most limited of several keys and forgets a reset one', async () => {
    let time = 0;
    const store = createMemoryRateLimitStore({ now: () => time });
    const limiter = createFailureLimiter({ store, max: 1, windowMs: 10_000 });
    await limiter.recordFailure(['account:a']);
    time = 4_000;
    expect(await limiter.retryAfterSeconds(['ip:9', 'account:a'])).toBe(6);
    await limiter.reset('account:a');
    expect(await limiter.retryAfterSeconds(['ip:9', 'account:a'])).toBe(0);
  });
});
