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

describe('createExpiringCache with tags', () => {
  it('drops every entry carrying a tag, and only those; an entry gone or replaced no longer carries it', () => {
    const cache = createExpiringCache<string>({ maxEntries: 2, now: () => 0 });
    cache.set('ann', 'list of ann', 10, new Set(['race-1', 'race-2']));
    cache.set('bob', 'list of bob', 10, new Set(['race-2']));

    cache.deleteTagged('race-1');
    expect([cache.get('ann'), cache.get('bob')]).toEqual([undefined, 'list of bob']);

    cache.set('bob', 'new list of bob', 10); // no longer in race-2's line
    cache.set('cy', 'list of cy', 10, new Set(['race-2']));
    cache.set('dee', 'list of dee', 10); // full: bob goes
    cache.deleteTagged('race-2');
    expect([cache.get('cy'), cache.get('dee')]).toEqual([undefined, 'list of dee']);
  });
});

describe('createExpiringCache with a byte bound', () => {
  const bounded = () =>
    createExpiringCache<string>({
      maxEntries: 10,
      maxBytes: 10,
      sizeOf: (value) => value.length,
      now: () => 0,
    });

  it('drops the oldest entries until a new value fits, and counts the bytes kept', () => {
    const cache = bounded();
    cache.set('a', 'aaaa', 10);
    cache.set('b', 'bbbb', 10);
    cache.set('c', 'cccccc', 10);

    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bbbb', 'cccccc']);
    expect(cache.bytes).toBe(10);
    cache.set('d', 'ddddddddd', 10);
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, 'ddddddddd']);
  });

  it('does not keep a value larger than the whole bound, and keeps what it held', () => {
    const cache = bounded();
    cache.set('a', 'aaaa', 10);
    cache.set('huge', 'h'.repeat(11), 10);

    expect([cache.get('a'), cache.get('huge')]).toEqual(['aaaa', undefined]);
    expect(cache.bytes).toBe(4);
  });

  it('counts a replaced, deleted or expired value out', () => {
    let clock = 0;
    const cache = createExpiringCache<string>({
      maxEntries: 10,
      maxBytes: 10,
      sizeOf: (value) => value.length,
      now: () => clock,
    });
    cache.set('a', 'aaaa', 10);
    cache.set('a', 'aa', 10);
    expect(cache.bytes).toBe(2);
    cache.set('b', 'bbb', 5);
    cache.delete('a');
    expect(cache.bytes).toBe(3);
    clock = 5;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe('createReadThroughCache', () => {
  it('lookup: a kept value, or a settle for a value loaded in parts that a forget meanwhile voids', () => {
    const cache = createReadThroughCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    const first = cache.lookup('runner');
    if (first.kind === 'load') first.settle('v1');
    expect(cache.lookup('runner')).toEqual({ kind: 'kept', value: 'v1' });

    cache.forget('runner');
    const second = cache.lookup('runner');
    cache.forget('someone else');
    if (second.kind === 'load') second.settle('v2');
    expect(cache.lookup('runner').kind).not.toBe('kept');
  });

  it('offers nothing to keep when values may not be kept (maximum age 0)', () => {
    expect(createReadThroughCache<string>({ maxEntries: 10, maxAgeMs: 0 }).lookup('runner')).toEqual({
      kind: 'not kept',
    });
  });

  it('has reads of a key being loaded wait for that load, and load themselves if it kept nothing', async () => {
    const cache = createReadThroughCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    let loads = 0;
    let release!: () => void;
    const slowLoad = async () => {
      loads++;
      await new Promise<void>((resolve) => (release = resolve));
      return `v${loads}`;
    };

    const first = cache.read('runner', slowLoad);
    const second = cache.read('runner', slowLoad);
    release();

    expect([await first, await second]).toEqual(['v1', 'v1']);
    expect(loads).toBe(1);
  });

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
