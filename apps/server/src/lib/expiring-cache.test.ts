import { describe, expect, it } from 'vitest';
import { createExpiringCache } from './expiring-cache.js';

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
