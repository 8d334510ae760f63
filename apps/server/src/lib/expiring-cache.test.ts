import { describe, expect, it } from 'vitest';
import { createExpiringCache, createReadThroughCache } from './expiring-cache.js';

describe('createExpiringCache', () => {
  it('returns a value until its deadline, then forgets it', () => {
    let clock = 1_000;
    const cache = createExpiringCache<string>({ maxEntries: 10, now: () => clock });
    cache.set('a', 'alpha', 1_500);
    expect(cache.get('a')).toBe('alpha');
    clock = 1_499;
    expect(cache.get('a')).toBe('alpha');
    clock = 1_500;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full, and forgets on delete and clear', () => {
    const cache = createExpiringCache<number>({ maxEntries: 2, now: () => 0 });
    cache.set('one', 1, 10);
    cache.set('two', 2, 10);
    cache.set('three', 3, 10);
    expect([cache.get('one'), cache.get('two'), cache.get('three')]).toEqual([undefined, 2, 3]);
    cache.delete('two');
    expect(cache.get('two')).toBeUndefined();
    cache.clear();
    expect(cache.get('three')).toBeUndefined();
  });
});

describe('createReadThroughCache', () => {
  it('loads once while fresh, again after forget, and never keeps a value loaded across a forget', async () => {
    const cache = createReadThroughCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    let version = 1;
    const load = async () => `v${version}`;
    expect(await cache.read('runner', load)).toBe('v1');
    version = 2;
    expect(await cache.read('runner', load)).toBe('v1');
    cache.forget('runner');
    expect(await cache.read('runner', load)).toBe('v2');

    // A write lands while a read is loading: that read answers what it loaded, but the next one loads anew.
    version = 3;
    cache.forget('runner');
    const slowRead = cache.read('runner', async () => {
      const loaded = `v${version}`;
      cache.forgetAll();
      version = 4;
      return loaded;
    });
    expect(await slowRead).toBe('v3');
    expect(await cache.read('runner', load)).toBe('v4');
  });
});
