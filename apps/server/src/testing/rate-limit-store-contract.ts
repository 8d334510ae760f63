import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RateLimitStore } from '../rate-limits/rate-limit-store.js';

const MINUTE_MS = 60_000;

/**
 * What every rate-limit store must do, as tests: the file that calls this runs them against its store. `open`
 * makes a store that reads the time from the given clock, so the tests move time instead of waiting.
 */
export function testRateLimitStoreContract(open: (now: () => number) => Promise<RateLimitStore>) {
  let time: number;
  let store: RateLimitStore;
  /** Keys of this test only: the stores of a test file share one database or Redis. */
  let key: (name: string) => string;
  beforeEach(async () => {
    time = 1_800_000_000_000;
    store = await open(() => time);
    const prefix = randomUUID();
    key = (name) => `${prefix}:${name}`;
  });
  afterEach(() => store?.close());

  it('counts hits in a window that starts with the first one, then starts a new window', async () => {
    expect(await store.hit(key('a'), MINUTE_MS)).toEqual({ hits: 1, resetInMs: MINUTE_MS });
    time += 20_000;
    expect(await store.hit(key('a'), MINUTE_MS)).toEqual({ hits: 2, resetInMs: 40_000 });
    expect(await store.hit(key('b'), MINUTE_MS)).toEqual({ hits: 1, resetInMs: MINUTE_MS });
    time += 39_999;
    expect(await store.hit(key('a'), MINUTE_MS)).toEqual({ hits: 3, resetInMs: 1 });
    time += 1;
    expect(await store.hit(key('a'), MINUTE_MS)).toEqual({ hits: 1, resetInMs: MINUTE_MS });
  });

  it('counts concurrent hits on one key one after another: none lost, none counted twice', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => store.hit(key('busy'), MINUTE_MS)));

    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('remembers events per key and answers their ages, newest first', async () => {
    await store.recordEvent([key('ip'), key('pair')], { windowMs: MINUTE_MS, keep: 10 });
    time += 1_500;
    await store.recordEvent([key('ip')], { windowMs: MINUTE_MS, keep: 10 });
    time += 500;

    expect(await store.findEventAges([key('ip'), key('pair'), key('none')], MINUTE_MS)).toEqual([
      [500, 2_000],
      [2_000],
      [],
    ]);
  });

  it('keeps only the latest `keep` events, and only those within the window', async () => {
    for (let event = 0; event < 5; event++) {
      await store.recordEvent([key('ip')], { windowMs: MINUTE_MS, keep: 3 });
      time += 10_000;
    }
    expect(await store.findEventAges([key('ip')], MINUTE_MS)).toEqual([[10_000, 20_000, 30_000]]);

    time += 29_999;
    expect(await store.findEventAges([key('ip')], MINUTE_MS)).toEqual([[39_999, 49_999, 59_999]]);
    time += 1;
    expect(await store.findEventAges([key('ip')], MINUTE_MS)).toEqual([[40_000, 50_000]]);
    // A shorter window on reading sees fewer of them.
    expect(await store.findEventAges([key('ip')], 45_000)).toEqual([[40_000]]);
  });

  it('loses none of the events recorded concurrently on one key', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () => store.recordEvent([key('ip')], { windowMs: MINUTE_MS, keep: 100 })),
    );

    expect((await store.findEventAges([key('ip')], MINUTE_MS))[0]).toHaveLength(20);
  });

  it('forgets the events of the keys it is given, and only those', async () => {
    await store.recordEvent([key('pair'), key('ip')], { windowMs: MINUTE_MS, keep: 10 });

    await store.forgetEvents([key('pair')]);

    expect(await store.findEventAges([key('pair'), key('ip')], MINUTE_MS)).toEqual([[], [0]]);
  });

  it('reserves an event under every key while each has room, and says when the fullest has room again', async () => {
    const window = { windowMs: MINUTE_MS, max: 2 };
    expect(await store.reserveEvent([key('ip'), key('pair')], window)).toMatchObject({ reserved: true });
    time += 10_000;
    expect(await store.reserveEvent([key('ip')], window)).toMatchObject({ reserved: true });
    time += 5_000;

    expect(await store.reserveEvent([key('pair'), key('ip')], window)).toEqual({
      reserved: false,
      retryAfterMs: 45_000,
    });
    // Refused: nothing was reserved under the key that had room.
    expect(await store.findEventAges([key('ip'), key('pair')], MINUTE_MS)).toEqual([
      [5_000, 15_000],
      [15_000],
    ]);
    time += 45_000;
    expect(await store.reserveEvent([key('pair'), key('ip')], window)).toMatchObject({ reserved: true });
  });

  it('reserves at most `max` events among concurrent reservations on the same keys', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        store.reserveEvent([key('ip'), key('pair')], { windowMs: MINUTE_MS, max: 5 }),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.reserved)).toHaveLength(5);
    expect(await store.findEventAges([key('ip'), key('pair')], MINUTE_MS)).toEqual([
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
    ]);
  });

  it('releases a reserved event from every key, leaving the others', async () => {
    const window = { windowMs: MINUTE_MS, max: 5 };
    await store.reserveEvent([key('ip')], window);
    time += 1_000;
    const second = await store.reserveEvent([key('ip'), key('pair')], window);
    if (!second.reserved) throw new Error('expected a reservation');

    await store.releaseEvent([key('ip'), key('pair')], second.event);

    expect(await store.findEventAges([key('ip'), key('pair')], MINUTE_MS)).toEqual([[1_000], []]);
  });
}
