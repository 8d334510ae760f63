import { describe } from 'vitest';
import { testSharedRateLimits } from '../testing/shared-rate-limit-scenarios.js';

describe('rate limits shared in PostgreSQL by two server processes', () => {
  testSharedRateLimits(() => ({ kind: 'postgres' }));
});
