import { describe } from 'vitest';
import { testRedisSetting } from '../testing/test-redis.js';
import { testRateLimitStoreContract } from '../testing/rate-limit-store-contract.js';
import { openRedisRateLimitStore } from './redis-rate-limit-store.js';

describe('the Redis store', () => {
  const setting = testRedisSetting();
  testRateLimitStoreContract((now) => openRedisRateLimitStore(setting, { now }));
});
