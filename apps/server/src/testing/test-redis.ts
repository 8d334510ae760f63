import { randomUUID } from 'node:crypto';
import type { RateLimitStoreSetting } from '../config.js';

/**
 * The Redis of the `server:redis` Vitest project (TEST_REDIS_URL), under a key prefix of its own for each call,
 * so that test files and test runs sharing one Redis never count each other's hits.
 */
export function testRedisSetting(): Extract<RateLimitStoreSetting, { kind: 'redis' }> {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('The Redis tests need TEST_REDIS_URL, e.g. redis://127.0.0.1:6379');
  return { kind: 'redis', url, keyPrefix: `stride-test:${randomUUID()}:` };
}
