import { describe } from 'vitest';
import { testSharedRateLimits } from '../testing/shared-rate-limit-scenarios.js';
import { testRedisSetting } from '../testing/test-redis.js';

describe('rate limits shared in Redis by two server processes', () => {
  testSharedRateLimits(testRedisSetting);
});
